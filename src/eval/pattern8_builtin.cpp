// The solver's ordering weights built into the program: weights/pattern8_order.bin, embedded by
// cmake/EmbedWeights.cmake.
#include <stdexcept>
#include <string>
#include <vector>

#include "eval/pattern8.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_pattern8_order_begin[], reversi_weights_pattern8_order_end[];

namespace reversi::pattern8 {

namespace {

std::vector<std::int16_t> decodeOrderWeights(const std::string& bytes) {
    WeightSet set = decodeWeightBytes(bytes);
    if (set.name != kWeightsName || set.layout != kWeightsLayout || set.tables != 1 || set.perTable != weightCount())
        throw std::runtime_error("a weights file for another evaluation");
    return set.weights;
}

}  // namespace

const std::int16_t* orderWeights() {
    using Table = std::vector<std::int16_t>;
    return builtinData<Table, reversi_weights_pattern8_order_begin, reversi_weights_pattern8_order_end>(
               "weights/pattern8_order.bin", decodeOrderWeights)
        .data();
}

}  // namespace reversi::pattern8
