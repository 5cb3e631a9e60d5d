// The regressions of Multi-ProbCut (search/probcut8.hpp, search/probcut_nxn.hpp) for one game phase, from
// full-width search values of its sample positions: per deep depth D, the depth-D value as a * v + b of
// the shallow value v (probCutShallowDepth(D)), and the standard deviation of its error.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <functional>
#include <vector>

#include "platform/parallel_for.hpp"
#include "search/probcut8.hpp"

namespace reversi::train {

using ProbCutFits = std::array<ProbCut8::Fit, ProbCut8::kMaxDepth + 1>;
inline constexpr int kNoSearchValue = INT_MIN;  // no value at this depth (the game ended inside it)

// values[i][d]: sample i's depth-d value (a row may stop early; kNoSearchValue where it has none).
// Depths 2..fitDepth with at least 30 samples are fitted; deeper ones take the deepest fit, its deviation
// scaled by the square root of the ratio of the depth gaps. Unfitted depths keep shallow = -1 (no cut).
ProbCutFits fitProbCutPhase(const std::vector<std::vector<int>>& values, int fitDepth);

// Each phase's samples fitted by fitProbCutPhase: phaseOf[i] is sample i's phase; fit(phase, fits)
// takes each phase's fits, phases 0..phases-1 in order.
void fitProbCutPhases(const std::vector<int>& phaseOf, const std::vector<std::vector<int>>& values, int phases,
                      int fitDepth, const std::function<void(int, const ProbCutFits&)>& fit);

// values[i] = sampleValues(i, state) for every sample i < count, on `jobs` threads, each thread with a
// state of its own (a search and its tables) made by newState() when it first needs one; progress(done)
// as samples finish. The values must not depend on the samples a thread searched before.
template <class NewState, class SampleValues>
std::vector<std::vector<int>> searchSamples(std::size_t count, int jobs, NewState newState, SampleValues sampleValues,
                                            const std::function<void(std::size_t)>& progress) {
    std::vector<std::vector<int>> values(count);
    std::vector<decltype(newState())> states(static_cast<std::size_t>(std::max(1, jobs)));
    parallelFor(
        count, jobs,
        [&](std::size_t i, int worker) {
            auto& state = states[static_cast<std::size_t>(worker)];
            if (!state) state = newState();
            values[i] = sampleValues(i, *state);
        },
        [&](std::size_t done) {
            if (progress) progress(done);
        });
    return values;
}

}  // namespace reversi::train
