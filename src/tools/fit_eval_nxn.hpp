// Fitting the learned evaluation of one size (eval/eval_nxn.hpp) to self-play games (games_nxn.hpp), phase by
// phase from the end of the game backward, each phase ridge-regularised toward the later phase fitted
// just before it; a tenth of the games is held out to measure the error. A position's label is either
// the game's final margin from its side to move (the empties to the winner), or, with a search depth,
// the value of a search of the position: exact where few squares are empty, else a fixed-depth search
// whose leaves are evaluated with the phases fitted so far (the phase being fitted starts as a copy of
// the later one), as the 8x8 evaluation is trained (labels8.hpp). At 10x10 the search labels lost to
// the outcomes (docs/results/eval_nxn.md): their error is carried from phase to phase.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rules/board.hpp"

namespace reversi {
class TranspositionTable;
namespace eval_nxn {
class Weights;
}
}  // namespace reversi

namespace reversi::train_nxn {

struct FitSizeOptions {
    std::string games;          // games directory (games_nxn.hpp)
    int size = 10;
    int overlap = 1;            // neighbouring phases within this distance also train a phase (half weight)
    int iterations = 60;
    double regularisation = 5;  // ridge weight, in samples
    double validation = 0.1;    // share of the games held out
    // Search labels (0: the games' outcomes): the depth of the labelling search, the empties at or
    // below which a position is solved exactly instead, the positions labelled per phase at most (a
    // seeded choice) and the threads that label.
    int searchDepth = 0;
    int exactEmpties = 12;
    int perPhase = 60000;
    std::uint64_t seed = 1;
    int jobs = 1;
};

struct FitSizeReport {
    int phase = 0, iteration = 0;
    double labelSeconds = 0;  // wall-clock seconds the phase's search labels took
    std::size_t samples = 0, heldOut = 0;
    double trainRms = 0, validationRms = 0, priorRms = 0;  // in discs
};

// The search label of a position (eval_nxn units, from `colour`'s point of view): the exact final margin
// at or below options.exactEmpties empties, else a depth-options.searchDepth search's value under
// `weights`, a game's end within that depth counting as its margin. `tt` is the caller's scratch table.
float searchLabel(const Board& board, char colour, const FitSizeOptions& options, const eval_nxn::Weights& weights,
                  TranspositionTable& tt);

// Progress of a phase's search labels: positions labelled of the phase's total.
using LabelProgress = std::function<void(int phase, std::size_t done, std::size_t total)>;

// Replaces the size's tables in `packed` (every size's packed weights, eval_nxn::packWeights layout).
// The fitted weights depend on the options alone, not on the number of threads.
void fitSize(std::vector<std::int16_t>& packed, const FitSizeOptions& options,
             const std::function<void(const FitSizeReport&)>& report = {}, const LabelProgress& labelProgress = {});

// Size classes: size `to` plays size `from`'s tables (the patterns and counts exist at every size and
// the phases are shares of the board), for sizes whose own games are too dear to fit on. Throws
// std::invalid_argument when `from` has no fitted weights or either size is not a learned one.
void shareSize(std::vector<std::int16_t>& packed, int from, int to);

}  // namespace reversi::train_nxn
