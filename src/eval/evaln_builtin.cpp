// The weights built into the program: weights/patternN.bin, embedded by cmake/EmbedWeights.cmake.
#include <cstddef>

#include "eval/evaln.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_patternn_begin[];
extern "C" const unsigned char reversi_weights_patternn_end[];

namespace reversi::evaln {

const Weights& Weights::builtin() {
    static const Weights weights = decodeBuiltinWeights("weights/patternN.bin", [] {
        const auto size = static_cast<std::size_t>(reversi_weights_patternn_end - reversi_weights_patternn_begin);
        return Weights(decodeWeights(reversi_weights_patternn_begin, size));
    });
    return weights;
}

}  // namespace reversi::evaln
