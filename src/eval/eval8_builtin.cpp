// The weights built into the program: weights/pattern8.bin, embedded by cmake/EmbedWeights.cmake.
#include "eval/eval8.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_pattern8_begin[], reversi_weights_pattern8_end[];

namespace reversi::eval8 {

const Weights& Weights::builtin() {
    return builtinData("weights/pattern8.bin", reversi_weights_pattern8_begin, reversi_weights_pattern8_end,
                       [](std::string_view bytes) { return Weights(decodeWeights(bytes.data(), bytes.size())); });
}

}  // namespace reversi::eval8
