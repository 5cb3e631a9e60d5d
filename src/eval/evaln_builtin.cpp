// The weights built into the program: weights/patternN.bin, embedded by cmake/EmbedWeights.cmake.
#include "eval/evaln.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_patternn_begin[], reversi_weights_patternn_end[];

namespace reversi::evaln {

const Weights& Weights::builtin() {
    return builtinData("weights/patternN.bin", reversi_weights_patternn_begin, reversi_weights_patternn_end,
                       [](std::string_view bytes) { return Weights(decodeWeights(bytes.data(), bytes.size())); });
}

}  // namespace reversi::evaln
