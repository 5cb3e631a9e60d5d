// The solver's ordering weights built into the program: weights/order_eval8.bin, embedded by
// cmake/EmbedWeights.cmake.
#include <stdexcept>
#include <string>
#include <vector>

#include "eval/order_eval8.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_order_eval8_begin[], reversi_weights_order_eval8_end[];

namespace reversi::order_eval8 {

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
    return builtinData<Table, reversi_weights_order_eval8_begin, reversi_weights_order_eval8_end>(
               "weights/order_eval8.bin", decodeOrderWeights)
        .data();
}

}  // namespace reversi::order_eval8
