// Multi-ProbCut for the search of the sizes other than 8x8 (search.cpp), as probcut8.hpp is for the 8x8
// one: at a null-window node to be searched `depth` plies, a shallow search predicts the deep value as
// a * shallow + b (score units) with an error of deviation sigma, and the node is cut when even a
// pessimistic prediction clears beta (or an optimistic one stays under alpha). The regressions are
// fitted per size, per twelfth of the game (the learned evaluation's phases) and per depth from our own
// searches (`reversi train-nxn probcut`); a size without fits is searched full-width.
#pragma once

#include <array>
#include <string>

#include "eval/eval_nxn.hpp"
#include "search/probcut8.hpp"

namespace reversi {

struct ProbCutN {
    static constexpr int kMaxDepth = ProbCut8::kMaxDepth;
    using Fit = ProbCut8::Fit;
    using PhaseFits = std::array<Fit, kMaxDepth + 1>;
    std::array<std::array<PhaseFits, eval_nxn::kPhases>, eval_nxn::kSizes> fits{};
    // Cut when the prediction clears the bound by t standard deviations; a file without a `t` line and
    // the fit tool get the measured best (at 10x10, docs/results/probcut_nxn.md).
    static constexpr double kDefaultT = 1.0;
    double t = kDefaultT;

    PhaseFits& phase(int n, int phase) {
        return fits[static_cast<std::size_t>(eval_nxn::sizeIndex(n))][static_cast<std::size_t>(phase)];
    }
    const Fit& at(int n, int empties, int depth) const {
        return fits[static_cast<std::size_t>(eval_nxn::sizeIndex(n))][static_cast<std::size_t>(eval_nxn::phaseOf(n, empties))]
                   [static_cast<std::size_t>(depth)];
    }
    // Whether size n has any fit.
    bool has(int n) const;
};

// The fits built into the program (weights/probcut_nxn.txt).
const ProbCutN& builtinProbCutN();

// Text form, one line per fit ("size phase depth shallow a b sigma") after the line "t T".
std::string formatProbCutN(const ProbCutN& p);
// Throws std::runtime_error on a malformed line.
ProbCutN parseProbCutN(const std::string& text);

}  // namespace reversi
