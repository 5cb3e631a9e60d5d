#include "eval/pattern_tables.hpp"

#include <stdexcept>
#include <string>

namespace reversi::patterns {

Square transform(Square s, int which) {
    auto [r, c] = s;
    if (which & 4) std::swap(r, c);
    if (which & 1) c = 7 - c;
    if (which & 2) r = 7 - r;
    return {r, c};
}

std::vector<std::vector<Square>> logistelloPatterns() {
    std::vector<std::vector<Square>> b;
    std::vector<Square> edge;  // a1..h1 and the X squares b2, g2
    for (int c = 0; c < 8; ++c) edge.push_back({0, c});
    edge.push_back({1, 1});
    edge.push_back({1, 6});
    b.push_back(edge);
    for (const auto& [rows, columns] : {std::pair{3, 3}, std::pair{2, 5}}) {
        std::vector<Square> corner;
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < columns; ++c) corner.push_back({r, c});
        b.push_back(corner);
    }
    for (int row = 1; row <= 3; ++row) {
        std::vector<Square> line;
        for (int c = 0; c < 8; ++c) line.push_back({row, c});
        b.push_back(line);
    }
    for (int shift = 0; shift <= 4; ++shift) {
        std::vector<Square> diagonal;
        for (int i = 0; i + shift < 8; ++i) diagonal.push_back({i, i + shift});
        b.push_back(diagonal);
    }
    return b;
}

void checkPackedWeights(const WeightSet& packed, WeightsFormat format, std::uint32_t tables, std::uint32_t perTable) {
    if (packed.name != format.name || packed.layout != format.layout)
        throw std::runtime_error("weights for \"" + packed.name + "\" layout " + std::to_string(packed.layout) +
                                 ", expected \"" + format.name + "\" layout " + std::to_string(format.layout));
    if (packed.tables != tables || packed.perTable != perTable)
        throw std::runtime_error("weights file: " + std::to_string(packed.tables) + " tables of " +
                                 std::to_string(packed.perTable) + ", expected " + std::to_string(tables) + " of " +
                                 std::to_string(perTable));
}

WeightSet packedWeightSet(WeightsFormat format, std::uint32_t tables, std::uint32_t perTable,
                          const std::vector<std::int16_t>& packed) {
    return {format.name, format.layout, tables, perTable, packed};
}

}  // namespace reversi::patterns
