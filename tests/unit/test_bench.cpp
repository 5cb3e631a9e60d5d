// `reversi bench`'s fixed positions: more per fill level keep the ones every earlier figure used.
#include <catch2/catch.hpp>

#include <cstddef>

#include "tools/bench.hpp"

using namespace reversi;

TEST_CASE("bench: more positions per fill level keep the first ones and add distinct ones", "[bench]") {
    for (const int n : {8, 14}) {
        const auto one = benchPositions(n);
        const auto four = benchPositions(n, 4);
        REQUIRE(one.size() == 3);
        REQUIRE(four.size() == 12);
        for (std::size_t level = 0; level < 3; ++level) {
            const BenchPosition& first = four[level * 4];
            CHECK(first.filledPercent == one[level].filledPercent);
            CHECK(first.board == one[level].board);
            CHECK(first.colour == one[level].colour);
            for (std::size_t k = 0; k < 4; ++k) {
                const BenchPosition& p = four[level * 4 + k];
                CHECK(p.filledPercent == one[level].filledPercent);
                CHECK(p.board.legalMoves(p.colour).size() >= 2);
                for (std::size_t j = 0; j < k; ++j) CHECK_FALSE(p.board == four[level * 4 + j].board);
            }
        }
    }
}
