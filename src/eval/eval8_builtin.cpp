// The weights built into the program: weights/pattern8.bin, embedded by cmake/EmbedWeights.cmake.
#include <cstddef>

#include "eval/eval8.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_pattern8_begin[];
extern "C" const unsigned char reversi_weights_pattern8_end[];

namespace reversi::eval8 {

const Weights& Weights::builtin() {
    static const Weights weights = decodeBuiltinWeights("weights/pattern8.bin", [] {
        const auto size = static_cast<std::size_t>(reversi_weights_pattern8_end - reversi_weights_pattern8_begin);
        return Weights(decodeWeights(reversi_weights_pattern8_begin, size));
    });
    return weights;
}

}  // namespace reversi::eval8
