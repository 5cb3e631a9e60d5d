// What the pattern evaluations (eval8.hpp, eval_nxn.hpp) share: the base-3 numbering of a
// pattern's configurations, the 8x8 board's symmetries and the pattern shapes built from them, and the
// expansion of packed weight tables (the weights files keep one weight for configurations that are
// mirror images of each other; evaluation reads one entry per configuration).
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "eval/weights_file.hpp"

namespace reversi::patterns {

// The number of configurations of n squares (each empty, own or the other side's).
constexpr int pow3(int n) {
    int p = 1;
    while (n-- > 0) p *= 3;
    return p;
}

using Square = std::pair<int, int>;  // row, column of the 8x8 board

// One of the 8x8 board's eight symmetries: bit 2 transposes, bit 0 mirrors the columns, bit 1 the rows.
Square transform(Square s, int which);

// Logistello's base patterns, seen from the a1 corner, each square in the pattern's digit order: the
// edge with its X squares, the corner 3x3 and 2x5 blocks, the inner rows 2, 3, 4 and the diagonals of
// 8, 7, 6, 5 and 4 squares. Each is taken with the board's symmetries.
std::vector<std::vector<Square>> logistelloPatterns();

// Throws std::runtime_error unless `packed` is of `format`, in `tables` tables of `perTable` weights.
void checkPackedWeights(const WeightSet& packed, WeightsFormat format, std::uint32_t tables, std::uint32_t perTable);

// Packed tables as a WeightSet of `format`, for writing.
WeightSet packedWeightSet(WeightsFormat format, std::uint32_t tables, std::uint32_t perTable,
                          const std::vector<std::int16_t>& packed);

// The packed tables of a checked set, expanded table by table: each pattern type's configurations
// through its packedIndex, then the weights after the patterns (packedRest on) copied as they are.
// `Layout` has offset, packedOffset, packedIndex (one per type), perPhase and packedPerPhase.
template <class Layout>
std::vector<std::int16_t> expandTables(const WeightSet& packed, const Layout& L, std::uint32_t packedRest,
                                       std::uint32_t rest) {
    std::vector<std::int16_t> out(static_cast<std::size_t>(packed.tables) * L.perPhase, 0);
    for (std::uint32_t t = 0; t < packed.tables; ++t) {
        const std::int16_t* from = packed.weights.data() + static_cast<std::size_t>(t) * L.packedPerPhase;
        std::int16_t* to = out.data() + static_cast<std::size_t>(t) * L.perPhase;
        for (std::size_t type = 0; type < L.packedIndex.size(); ++type) {
            const auto& index = L.packedIndex[type];
            for (std::size_t c = 0; c < index.size(); ++c) to[L.offset[type] + c] = from[L.packedOffset[type] + index[c]];
        }
        std::copy(from + packedRest, from + L.packedPerPhase, to + rest);
    }
    return out;
}

}  // namespace reversi::patterns
