#include "reversi/timeman.hpp"

#include <algorithm>

namespace reversi {

void TimeManager::start(double budget, bool deterministic) { start(budget, deterministic, CpuStopwatch{}); }

void TimeManager::start(double budget, bool deterministic, const CpuStopwatch& clock) {
    clock_ = clock;
    budget_ = std::max(0.0, budget);
    // Leave room for the check interval, unwinding and the caller's bookkeeping.
    const double margin = std::max(0.008, 0.05 * budget_);
    hardLimit_ = std::max(0.0, budget_ - margin);
    deterministic_ = deterministic;
}

bool TimeManager::canStartIteration(double lastIterationSeconds) const {
    if (deterministic_) return !hardStop();
    const double used = elapsed();
    // Each iteration costs a few times the last one: don't start one that likely cannot finish.
    if (used > 0.4 * budget_) return false;
    return used + 2.0 * lastIterationSeconds < hardLimit_;
}

}  // namespace reversi
