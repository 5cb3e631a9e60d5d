#include "search/timeman.hpp"

#include <algorithm>

namespace reversi {

namespace {

// A cut-off iteration is worth starting when its first move can finish: with the previous best move
// searched first, that move takes about this share of the iteration (PVS: the full-window search of the
// first move is the most expensive; the others are mostly refuted by null-window searches).
constexpr double kFirstMoveShare = 0.4;
// Growth of an iteration over the last when only one is known, and the range a measured ratio is held
// to (a tiny or noisy iteration says little).
constexpr double kDefaultGrowth = 3.0;
constexpr double kMinGrowth = 1.5, kMaxGrowth = 8.0;
// Iterations this short say nothing about the next one's cost (clock granularity).
constexpr double kNoiseSeconds = 0.002;
// A score drop, in score units (1/100 disc), that counts as the search changing its mind.
constexpr int kScoreDrop = 100;

}  // namespace

double targetShare(double filled) {
    // The opening's trees are small and its evaluation the least reliable: 0.6 of the hard limit;
    // ramps to 0.8 by a quarter filled, through the midgame.
    if (filled <= 0.10) return 0.60;
    if (filled >= 0.25) return 0.80;
    return 0.60 + (filled - 0.10) / 0.15 * 0.20;
}

double gameClockBudget(double secondsLeft, int movesLeft, double moveCap) {
    // 0.8: a reserve for the protocol's own overhead and the moves the estimate misses.
    const double share = 0.8 * std::max(0.0, secondsLeft) / std::max(1, movesLeft);
    return std::clamp(share, 0.01, std::max(0.01, moveCap));
}

void TimeManager::start(double budget, bool deterministic) { start(budget, deterministic, CpuStopwatch{}); }

void TimeManager::start(double budget, bool deterministic, const CpuStopwatch& clock) {
    clock_ = clock;
    budget_ = std::max(0.0, budget);
    // Leave room for the check interval, unwinding and the caller's bookkeeping.
    const double margin = std::max(0.008, 0.04 * budget_);
    hardLimit_ = std::max(0.0, budget_ - margin);
    deterministic_ = deterministic;
    share_ = targetShare(0.5);
    history_ = {};
}

void TimeManager::setPhase(double filledFraction) { share_ = targetShare(filledFraction); }

double TimeManager::target() const { return history_.unstable ? hardLimit_ : share_ * hardLimit_; }

void TimeManager::iterationDone(double seconds, int bestSq, int score) {
    History& h = history_;
    if (h.count > 0) h.unstable = bestSq != h.bestSq || score <= h.score - kScoreDrop;
    h.older = h.previous;
    h.previous = h.last;
    h.last = seconds;
    h.bestSq = bestSq;
    h.score = score;
    ++h.count;
}

double TimeManager::predictedIteration() const {
    const History& h = history_;
    if (h.count == 0) return 0;
    // Odd and even depths alternate in cost, so the next step grows as the one before the last did;
    // with two iterations known, as the last.
    double growth = kDefaultGrowth;
    if (h.count >= 3 && h.older > kNoiseSeconds && h.previous > kNoiseSeconds) growth = h.previous / h.older;
    else if (h.count >= 2 && h.previous > kNoiseSeconds && h.last > kNoiseSeconds) growth = h.last / h.previous;
    return h.last * std::clamp(growth, kMinGrowth, kMaxGrowth);
}

bool TimeManager::canStartIterationAt(double used) const {
    if (used >= hardLimit_) return false;
    if (deterministic_) return true;
    if (used >= target()) return false;
    return used + kFirstMoveShare * predictedIteration() < hardLimit_;
}

}  // namespace reversi
