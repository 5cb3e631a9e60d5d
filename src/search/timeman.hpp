// Time management: a hard CPU-time stop no move may pass, and a soft rule for starting iterations.
//
// The course's rule is 1 s of CPU time (getrusage user time) per move, each move on its own: time
// saved on one move cannot be spent on another. So "spreading the budget over the game" means the
// share of the per-move cap a move may use for starting new iterations depends on the phase: little
// in the opening (shallow, well-ordered trees; the evaluation's opening terms are crude anyway), the
// most in the midgame, and the endgame solver gets the whole cap once it starts.
//
// The hard stop is budget - max(8 ms, 4% of budget); the search looks at the clock every few hundred
// microseconds of work at any size (search.cpp checkMask), so it unwinds within a few ms of it.
#pragma once

#include "platform/cpu_clock.hpp"

namespace reversi {

class TimeManager {
public:
    // budget: CPU seconds for this move (EngineOptions::moveTime, the hard cap); the clock starts now.
    // deterministic: never stop for soft reasons (maxDepth > 0); only the hard stop applies.
    void start(double budget, bool deterministic);
    void start(double budget, bool deterministic, const CpuStopwatch& clock);
    // The game phase, as the fraction of the board filled (0..1): sets the soft share of the budget.
    void setPhase(double filledFraction);

    double elapsed() const { return clock_.elapsed(); }
    double budget() const { return budget_; }
    double hardLimit() const { return hardLimit_; }
    double softLimit() const { return softLimit_; }
    // True once the hard limit is reached: the search must unwind now.
    bool hardStop() const { return clock_.elapsed() >= hardLimit_; }
    // Whether another iteration is worth starting, given the time the last one took.
    bool canStartIteration(double lastIterationSeconds) const;
    // Fraction of the budget used so far.
    double usedFraction() const { return budget_ > 0 ? elapsed() / budget_ : 1.0; }

private:
    CpuStopwatch clock_;
    double budget_ = 0;
    double hardLimit_ = 0;
    double softLimit_ = 0;
    bool deterministic_ = false;
};

// Soft share of the per-move budget by phase (fraction of the board filled).
double softShare(double filledFraction);

}  // namespace reversi
