// The 8x8 exact solver's ordering evaluation: Logistello's patterns (edges with their X squares, corner
// blocks, rows and diagonals), each configuration with its own weight, plus the mobility pair. The
// weights are fitted by `reversi fit8` to exact scores of endgame positions from generated games
// (weights/order_eval8.bin is its output), so the value estimates the final disc difference. (The
// engine's evaluation is eval8.hpp.)
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "eval/score.hpp"

namespace reversi::order_eval8 {

using u64 = std::uint64_t;

// Pattern instances: every symmetric image of 11 base patterns, 46 in all; then one more feature,
// the pair (P's moves, O's moves), each capped at kMobilityCap.
constexpr int kInstances = 46;
constexpr int kFeatures = kInstances + 1;
constexpr int kMobilityCap = 24;

// Weight scale: a weight of kScale is one disc.
constexpr int kScale = 16;
// The named conversion from pattern units (1/kScale disc) to the score unit of eval/score.hpp.
constexpr int toScore(int patternValue) { return patternValue * kScorePerDisc / kScale; }

struct Instance {
    int type;                  // index of the base pattern; instances of one type share weights
    std::vector<int> squares;  // row * 8 + column, most significant ternary digit first
    u64 mask = 0;              // the same squares as a bitboard
    std::uint32_t offset = 0;  // where the type's table starts in the weight array
    std::vector<std::uint16_t> ternary;  // the squares' bits, gathered in ascending order -> base-3 value
};

const std::vector<Instance>& instances();

// Offset of each type's table in the weight array, and the array's length.
const std::vector<std::uint32_t>& typeOffsets();
std::uint32_t weightCount();

// The kFeatures weight indices of (P to move, O): each instance's configuration (0 empty, 1 P, 2 O
// per square, base 3, first square most significant) plus its type's offset, then the mobility pair's.
void features(u64 P, u64 O, std::uint32_t* out);

// Estimated final disc difference for P, in 1/kScale discs, given each side's number of legal moves
// (the caller, a search, has them already), by the weights `table` (orderWeights()): fitted to exact
// scores of positions with 12..18 empties; the solver orders its moves with it at every depth.
int evaluate(const std::int16_t* table, u64 P, u64 O, int movesP, int movesO);

// The fitted weights, weightCount() of them (weights/order_eval8.bin, embedded at build time; a weights
// file named "pattern8-order", one table).
const std::int16_t* orderWeights();
// (The tag keeps the name this evaluation had when the format was made, so written files still load.)
constexpr const char* kWeightsName = "pattern8-order";
constexpr std::uint32_t kWeightsLayout = 1;

// The 8 symmetries of the board applied to a bitboard (0 = identity).
u64 symmetry(u64 b, int which);

}  // namespace reversi::order_eval8
