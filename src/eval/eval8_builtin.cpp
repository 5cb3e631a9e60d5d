// The weights built into the program: weights/eval8.bin, embedded by cmake/EmbedWeights.cmake.
#include "eval/eval8.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_eval8_begin[], reversi_weights_eval8_end[];

namespace reversi::eval8 {

const Weights& Weights::builtin() {
    return builtinData<Weights, reversi_weights_eval8_begin, reversi_weights_eval8_end>("weights/eval8.bin", decodeWeightBytes);
}

}  // namespace reversi::eval8
