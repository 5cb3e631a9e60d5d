// Time management: a hard CPU-time stop no move may pass, and a soft rule for starting iterations.
#pragma once

#include "reversi/cpu_clock.hpp"

namespace reversi {

class TimeManager {
public:
    // budget: CPU seconds for this move (EngineOptions::moveTime); the clock starts now.
    // deterministic: never stop for soft reasons (maxDepth > 0); only the hard stop applies.
    void start(double budget, bool deterministic);
    void start(double budget, bool deterministic, const CpuStopwatch& clock);

    double elapsed() const { return clock_.elapsed(); }
    double budget() const { return budget_; }
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
    bool deterministic_ = false;
};

}  // namespace reversi
