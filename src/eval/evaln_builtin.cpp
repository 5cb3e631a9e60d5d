// The weights built into the program: weights/patternN.bin, embedded by cmake/EmbedWeights.cmake.
#include "eval/evaln.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_patternn_begin[], reversi_weights_patternn_end[];

namespace reversi::evaln {

const Weights& Weights::builtin() {
    return builtinData<Weights, reversi_weights_patternn_begin, reversi_weights_patternn_end>("weights/patternN.bin", decodeWeightBytes);
}

}  // namespace reversi::evaln
