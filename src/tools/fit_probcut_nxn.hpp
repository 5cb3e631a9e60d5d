// Fitting Multi-ProbCut for the search of the sizes other than 8x8 (search/probcut_nxn.hpp) from our own
// searches, as fit_probcut8.hpp does for 8x8: a seeded choice of positions per phase from the size's
// self-play games (games_nxn.hpp), each searched full-width at every depth from 1 to --max-depth by the
// engine's own search with its built-in evaluation of that size; then per phase the regressions of
// probcut_regression.hpp. A position whose game ends inside a depth gives no value at that depth.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "search/probcut_nxn.hpp"

namespace reversi::train_nxn {

struct ProbCutFitOptions {
    std::string games;   // games directory (games_nxn.hpp)
    int size = 10;
    int positions = 150;  // per phase
    int maxDepth = 7;     // deepest full-width search
    double t = ProbCutN::kDefaultT;  // cut threshold in deviations
    std::uint64_t seed = 1;
    int jobs = 1;
};

// Replaces the size's fits in `fits` (and sets its t); the other sizes are kept.
void fitProbCutN(ProbCutN& fits, const ProbCutFitOptions& options, const std::function<void(std::size_t, std::size_t)>& progress = {});

}  // namespace reversi::train_nxn
