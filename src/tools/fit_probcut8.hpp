// Fitting Multi-ProbCut for the 8x8 search (search/probcut8.hpp) from our own searches: for sample
// positions of each phase, full-width search values at every depth up to --max-depth; then per phase
// and depth D the regression of the depth-D value on the value of the shallow depth s(D)
// (probCutShallowDepth, about D/2), with the standard deviation of its error. Depths beyond --max-depth
// get the deepest fit, its deviation scaled by the square root of the depth gap.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "search/probcut8.hpp"

namespace reversi::train8 {

struct ProbCutFitOptions {
    std::string corpus;
    std::string weights;      // evaluation weights file (empty: the built-in ones)
    int positions = 300;      // per phase
    int maxDepth = 10;        // deepest full-width search
    int minEmpties = 20;      // phases below this are left to the exact solver: no cuts there
    double t = ProbCut8::kDefaultT;  // cut threshold in deviations
    std::uint64_t seed = 1;
    int jobs = 1;
};

ProbCut8 fitProbCut(const ProbCutFitOptions& options, const std::function<void(int, int)>& progress = {});

}  // namespace reversi::train8
