#include "search/timeman.hpp"

#include <algorithm>

namespace reversi {

double softShare(double filled) {
    // Opening: 0.30 of the budget; ramps to 0.55 by a quarter filled; stays there through the midgame.
    if (filled <= 0.10) return 0.30;
    if (filled >= 0.25) return 0.55;
    return 0.30 + (filled - 0.10) / 0.15 * 0.25;
}

void TimeManager::start(double budget, bool deterministic) { start(budget, deterministic, CpuStopwatch{}); }

void TimeManager::start(double budget, bool deterministic, const CpuStopwatch& clock) {
    clock_ = clock;
    budget_ = std::max(0.0, budget);
    // Leave room for the check interval, unwinding and the caller's bookkeeping.
    const double margin = std::max(0.008, 0.04 * budget_);
    hardLimit_ = std::max(0.0, budget_ - margin);
    softLimit_ = 0.5 * budget_;
    deterministic_ = deterministic;
}

void TimeManager::setPhase(double filledFraction) { softLimit_ = softShare(filledFraction) * budget_; }

bool TimeManager::canStartIteration(double lastIterationSeconds) const {
    if (deterministic_) return !hardStop();
    const double used = elapsed();
    // Past the soft limit a new iteration would most likely be cut off by the hard stop.
    if (used > softLimit_) return false;
    // Each iteration costs a few times the last one. One that cannot finish is still useful when its
    // first (best so far) moves complete, so the bar is generous: 1.5x the last iteration must fit.
    return used + 1.5 * lastIterationSeconds < hardLimit_;
}

}  // namespace reversi
