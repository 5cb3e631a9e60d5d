// Engine benchmarks (`reversi bench`): printed figures, not tests.
//  - search: nodes per second and the depth reached on fixed positions (seeded random play from the
//    standard start to 20%, 40% and 60% of the board filled) at each size, under the engine's own
//    time management with a given per-move budget;
//  - games: engine-against-engine games from the standard start at each size with the default
//    options, recording every move's CPU time (getrusage user time) and the longest.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "rules/board.hpp"
#include "engine/engine.hpp"

namespace reversi {

struct BenchPosition {
    int size = 8;
    int filledPercent = 0;
    Board board{8};
    char colour = kBlack;
};

// The fixed positions for one size, `perFill` at each fill level (deterministic: seeded splitmix64,
// independent of the library). The first at each level is the same whatever `perFill`.
std::vector<BenchPosition> benchPositions(int n, int perFill = 1);

struct SearchBenchRow {
    int size = 8;
    int filledPercent = 0;
    int empties = 0;
    SearchReport report;
};
SearchBenchRow benchSearch(const BenchPosition& position, const EngineOptions& options);

struct GameBenchRow {
    int size = 8;
    int moves = 0;          // engine moves (both sides)
    double longest = 0;     // CPU seconds
    double mean = 0;
    int blackDiscs = 0, whiteDiscs = 0;
};
GameBenchRow benchGame(int n, const EngineOptions& options);

// Runs everything and prints a table on `out`.
void runBench(std::ostream& out, const std::vector<int>& searchSizes, const std::vector<int>& gameSizes,
              const EngineOptions& searchOptions, const EngineOptions& gameOptions, int positionsPerFill = 1);

}  // namespace reversi
