#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "rules/board.hpp"
#include "bitboard/perft.hpp"

using reversi::Board;
using reversi::kBlack;
using reversi::perftCounts;

namespace {
std::vector<std::uint64_t> prefix(const std::vector<std::uint64_t>& v, std::size_t n) {
    return {v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n)};
}
}  // namespace

TEST_CASE("perft 4x4 to 16 plies (game end counted as a leaf at deeper depths)", "[perft]") {
    const std::vector<std::uint64_t> expected{4,    12,    44,    128,   424,   1256,  3624,  9116,
                                              20044, 36540, 50704, 57436, 59564, 59980, 60060, 60060};
    CHECK(perftCounts(Board(4), kBlack, 16) == expected);
}

TEST_CASE("perft 6x6 to 8 plies", "[perft]") {
    const std::vector<std::uint64_t> expected{4, 12, 56, 244, 1364, 7604, 47740, 308716};
    CHECK(perftCounts(Board(6), kBlack, 8) == expected);
}

TEST_CASE("perft 8x8 to 8 plies", "[perft]") {
    const std::vector<std::uint64_t> expected{4, 12, 56, 244, 1396, 8200, 55092, 390216};
    CHECK(perftCounts(Board(8), kBlack, 8) == expected);
}

TEST_CASE("perft counts do not depend on the requested depth", "[perft]") {
    const auto deep = perftCounts(Board(8), kBlack, 6);
    CHECK(perftCounts(Board(8), kBlack, 3) == prefix(deep, 3));
    CHECK(perftCounts(Board(8), kBlack, 0).empty());
}

TEST_CASE("perft on larger boards starts like every board", "[perft]") {
    for (int n : {10, 16, 26}) {
        const auto counts = perftCounts(Board(n), kBlack, 3);
        CHECK(counts == std::vector<std::uint64_t>{4, 12, 56});
    }
}
