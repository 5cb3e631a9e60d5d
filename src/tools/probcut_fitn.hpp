// Fitting Multi-ProbCut for the search of the sizes other than 8x8 (search/probcutn.hpp) from our own
// searches, as probcut_fit8.hpp does for 8x8: a seeded choice of positions per phase from the size's
// self-play games (gamesn.hpp), each searched full-width at every depth from 1 to --max-depth by the
// engine's own search with its built-in evaluation of that size; then per phase the regressions of
// probcut_regression.hpp. A position whose game ends inside a depth gives no value at that depth.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "search/probcutn.hpp"

namespace reversi::trainn {

struct ProbCutFitOptions {
    std::string games;   // games directory (gamesn.hpp)
    int size = 10;
    int positions = 150;  // per phase
    int maxDepth = 7;     // deepest full-width search
    double t = 1.0;       // measured best at 10x10 (docs/results/probcutn.md)
    std::uint64_t seed = 1;
    int jobs = 1;
};

// Replaces the size's fits in `fits` (and sets its t); the other sizes are kept.
void fitProbCutN(ProbCutN& fits, const ProbCutFitOptions& options, const std::function<void(std::size_t, std::size_t)>& progress = {});

}  // namespace reversi::trainn
