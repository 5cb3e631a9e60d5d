// The solver's ordering weights built into the program: weights/pattern8_order.bin, embedded by
// cmake/EmbedWeights.cmake.
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "eval/pattern8.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_pattern8_order_begin[];
extern "C" const unsigned char reversi_weights_pattern8_order_end[];

namespace reversi::pattern8 {

const std::int16_t* orderWeights() {
    static const std::vector<std::int16_t> weights = decodeBuiltinWeights("weights/pattern8_order.bin", [] {
        const auto size = static_cast<std::size_t>(reversi_weights_pattern8_order_end - reversi_weights_pattern8_order_begin);
        WeightSet set = decodeWeights(reversi_weights_pattern8_order_begin, size);
        if (set.name != kWeightsName || set.layout != kWeightsLayout || set.tables != 1 || set.perTable != weightCount())
            throw std::runtime_error("a weights file for another evaluation");
        return set.weights;
    });
    return weights.data();
}

}  // namespace reversi::pattern8
