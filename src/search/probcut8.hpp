// Multi-ProbCut for the 8x8 midgame search (Buro): at a node to be searched `depth` plies, a shallow
// search of `shallow` plies predicts the deep value as a * shallow + b with an error of standard
// deviation sigma; when even a pessimistic prediction clears beta (or an optimistic one stays under
// alpha), the node is cut without the deep search. The regression is fitted per game phase and depth
// from our own searches (`reversi train8 probcut`) and stored with the evaluation's weights.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace reversi {

struct ProbCut8 {
    static constexpr int kMaxDepth = 24;   // deepest search depth with its own regression
    static constexpr int kPhases = 15;     // four empties each
    struct Fit {
        std::int8_t shallow = -1;  // -1: no cut at this depth and phase
        float a = 1, b = 0, sigma = 0;  // deep = a * shallow + b (eval8 units), error sigma
    };
    std::array<std::array<Fit, kMaxDepth + 1>, kPhases> fits{};
    // Cut when the prediction clears the bound by t standard deviations; a file without a `t` line and
    // the fit tool get the measured best (1.0 beat 1.5 by 40 Elo at 0.1 s, docs/results/eval8-training.md).
    static constexpr double kDefaultT = 1.0;
    double t = kDefaultT;

    static constexpr int phaseOf(int empties) { return empties / 4 < kPhases ? empties / 4 : kPhases - 1; }
    const Fit& at(int empties, int depth) const { return fits[static_cast<std::size_t>(phaseOf(empties))][static_cast<std::size_t>(depth)]; }
    bool empty() const;
};

// The shallow depth paired with a deep one: about half of it, of the same parity, so that the odd/even
// swing of search values does not enter the regression.
constexpr int probCutShallowDepth(int depth) {
    int s = depth / 2;
    if ((s & 1) != (depth & 1)) --s;
    return s > 0 ? s : 0;
}

// The cut's bounds, rounded up and down without libm: libreversi.a (the C library) is linked by plain
// gcc without -lm, and the compiler calls ceil()/floor() instead of inlining them where it judges the
// code cold. `x` lies within an int's range (the callers check it against the score limits).
constexpr int ceilToInt(double x) {
    const int i = static_cast<int>(x);
    return i + (x > i ? 1 : 0);
}
constexpr int floorToInt(double x) {
    const int i = static_cast<int>(x);
    return i - (x < i ? 1 : 0);
}

// Where no cut is tried, at any size: a side holding at most a quarter of the discs. A wipe-out may be
// a few plies away there, and the evaluations (fitted on positions where that is rare) can score the
// side with 1 or 2 discs tens of discs ahead, so the regressions do not hold and a cut would prune the
// wipe-out. Those nodes get the full search, which sees it (the games that showed it:
// docs/results/).
constexpr bool probCutNearWipeOut(int ownDiscs, int opponentDiscs) {
    const int fewer = ownDiscs < opponentDiscs ? ownDiscs : opponentDiscs;
    return 4 * fewer <= ownDiscs + opponentDiscs;
}

// The fits built into the program (weights/probcut8.txt).
const ProbCut8& builtinProbCut();

// Text form, one line per fit ("phase depth shallow a b sigma"), for the weights/ directory.
std::string formatProbCut(const ProbCut8& p);
// Throws std::runtime_error on a malformed line.
ProbCut8 parseProbCut(const std::string& text);

}  // namespace reversi
