// The regressions of Multi-ProbCut (search/probcut8.hpp, search/probcutn.hpp) for one game phase, from
// full-width search values of its sample positions: per deep depth D, the depth-D value as a * v + b of
// the shallow value v (probCutShallowDepth(D)), and the standard deviation of its error.
#pragma once

#include <array>
#include <climits>
#include <vector>

#include "search/probcut8.hpp"

namespace reversi::train {

using ProbCutFits = std::array<ProbCut8::Fit, ProbCut8::kMaxDepth + 1>;
inline constexpr int kNoSearchValue = INT_MIN;  // no value at this depth (the game ended inside it)

// values[i][d]: sample i's depth-d value (a row may stop early; kNoSearchValue where it has none).
// Depths 2..fitDepth with at least 30 samples are fitted; deeper ones take the deepest fit, its deviation
// scaled by the square root of the ratio of the depth gaps. Unfitted depths keep shallow = -1 (no cut).
ProbCutFits fitProbCutPhase(const std::vector<std::vector<int>>& values, int fitDepth);

}  // namespace reversi::train
