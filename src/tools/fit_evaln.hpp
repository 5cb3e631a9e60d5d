// Fitting the learned evaluation of one size (eval/evaln.hpp) to self-play games (gamesn.hpp): every
// position of every game, labelled with the game's final margin from its side to move (the empties to
// the winner), phase by phase from the end of the game backward, each phase ridge-regularised toward the
// later phase fitted just before it; a tenth of the games is held out to measure the error.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace reversi::trainn {

struct FitSizeOptions {
    std::string games;          // games directory (gamesn.hpp)
    int size = 10;
    int overlap = 1;            // neighbouring phases within this distance also train a phase (half weight)
    int iterations = 60;
    double regularisation = 5;  // ridge weight, in samples
    double validation = 0.1;    // share of the games held out
};

struct FitSizeReport {
    int phase = 0, iteration = 0;
    std::size_t samples = 0, heldOut = 0;
    double trainRms = 0, validationRms = 0, priorRms = 0;  // in discs
};

// Replaces the size's tables in `packed` (every size's packed weights, evaln::packWeights layout).
void fitSize(std::vector<std::int16_t>& packed, const FitSizeOptions& options,
             const std::function<void(const FitSizeReport&)>& report = {});

}  // namespace reversi::trainn
