// Fitting one phase of the 8x8 evaluation (eval/eval8.hpp) to labelled positions (labels8.hpp): least
// squares over the packed weights, ridge-regularised toward a prior (the neighbouring phase's weights,
// so that configurations seen rarely in this phase keep a sensible value), solved by conjugate gradients
// with a diagonal preconditioner. The phase's positions count fully, the neighbouring phases' by half.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace reversi::train8 {

struct FitPhaseOptions {
    std::string labels;          // labels directory
    int phase = 0;
    int overlap = 1;             // neighbouring phases within this distance also train it (weight 1/2)
    int iterations = 80;         // conjugate-gradient steps
    double regularisation = 3;   // ridge weight, in samples
    double validation = 0.1;     // share of the games held out to measure the error
};

struct Labelled;

// Whether a labelled position is held out of every fit at this share: chosen by its game, so that no
// fit trains on other positions of a held-out game (a phase's neighbours are 2-3 plies away in the same
// games); by the position itself where the labels do not record the game (chunks of RV8LAB01).
bool heldOut(const Labelled& position, double validation);

struct FitPhaseReport {
    int iteration = 0;
    std::size_t samples = 0, heldOut = 0;
    double trainRms = 0, validationRms = 0;  // in discs
    double priorRms = 0;                     // the prior's error on the held-out positions, in discs
};

// `packed`: every phase's packed weights (eval8::layout().packedPerPhase each); the phase's are
// replaced by the fit, with `prior` (a phase's packed weights) as the regularisation target. report()
// after the start and every 10 iterations and at the end.
void fitPhase(std::vector<std::int16_t>& packed, const std::vector<std::int16_t>& prior, const FitPhaseOptions& options,
              const std::function<void(const FitPhaseReport&)>& report = {});

}  // namespace reversi::train8
