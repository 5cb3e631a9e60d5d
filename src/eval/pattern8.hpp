// An 8x8 evaluation by patterns: the state of fixed groups of squares (edges with their X squares,
// corner blocks, rows and diagonals), each group's every configuration with its own weight, as the
// strong Othello programs evaluate. The weights are fitted by `reversi fit8` to exact endgame scores
// of positions from generated games (weights/pattern8_endgame_weights.cpp is its output), so the value estimates
// the final disc difference; the endgame solver orders its moves with it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "eval/score.hpp"

namespace reversi::pattern8 {

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
// (the caller, a search, has them already). The endgame set: fitted to exact scores of positions with
// 12..18 empties; the solver orders its moves with it at every depth.
int evaluate(u64 P, u64 O, int movesP, int movesO);

// Game phases for the engine's midgame search: phase 0 is the endgame set above (up to
// kEndgameMaxEmpties empties); phases 1..kPhases-1 each cover kPhaseWidth more empties and have their
// own weights, fitted to the outcomes of generated games (`reversi fit8 games`, `fit8 train-phases`).
constexpr int kPhases = 6;
constexpr int kEndgameMaxEmpties = 18;
constexpr int kPhaseWidth = 8;  // phase 1: 19..26 empties, ... phase 5: 51..60
constexpr int phaseOf(int empties) {
    return empties <= kEndgameMaxEmpties ? 0
                                         : std::min(kPhases - 1, (empties - kEndgameMaxEmpties - 1) / kPhaseWidth + 1);
}
constexpr int phaseMinEmpties(int phase) { return phase == 0 ? 0 : kEndgameMaxEmpties + 1 + (phase - 1) * kPhaseWidth; }
constexpr int phaseMaxEmpties(int phase) {
    return phase == 0 ? kEndgameMaxEmpties : phase == kPhases - 1 ? 60 : phaseMinEmpties(phase) + kPhaseWidth - 1;
}

// As evaluate(), with the weight set of the position's phase: the engine's 8x8 evaluation.
int evaluateByPhase(u64 P, u64 O, int movesP, int movesO);

// The fitted weights: the endgame set (weights/pattern8_endgame_weights.cpp), weightCount() of them, and the
// midgame sets of phases 1..kPhases-1 one after another (weights/pattern8_phase_weights.cpp).
extern const std::int16_t kWeights[];
extern const std::uint32_t kWeightsLength;
extern const std::int16_t kPhaseWeights[];
extern const std::uint32_t kPhaseWeightsLength;

// The 8 symmetries of the board applied to a bitboard (0 = identity).
u64 symmetry(u64 b, int which);

}  // namespace reversi::pattern8
