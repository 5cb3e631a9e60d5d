// Time management: a hard CPU-time stop no move may pass, and when to start another iteration.
//
// The course's rule is 1 s of CPU time (getrusage user time) per move, each move on its own: time
// saved on one move cannot be spent on another. So a move spends what its position needs up to the
// hard stop: after each iteration the manager predicts the next one's cost from the last ones (the
// ratio of two is the tree's growth per ply; odd and even depths alternate) and starts it while the
// move is under its target and the new iteration's first move (the previous best, searched first) can
// finish before the hard stop: a cut-off iteration still returns that move's deeper score, and any
// move it proved better. The target is most of the hard stop, less in the opening (small trees; the
// evaluation's opening terms are the weakest), and stretches to the hard stop when the last iteration
// changed its mind: the best move changed, or the score dropped. The endgame solver gets the whole
// budget once it starts.
//
// Games with a clock (NBoard's, GTP's time_settings / time_left) give each move a share of the time
// left (gameClockBudget), never more than the move cap.
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
    // The game phase, as the fraction of the board filled (0..1): sets the target.
    void setPhase(double filledFraction);

    double elapsed() const { return clock_.elapsed(); }
    double budget() const { return budget_; }
    double hardLimit() const { return hardLimit_; }
    // The time after which no new iteration starts (grows when the search is unstable).
    double target() const;
    // True once the hard limit is reached: the search must unwind now.
    bool hardStop() const { return clock_.elapsed() >= hardLimit_; }

    // A completed iteration: its CPU seconds, its best square and score (score units, eval/score.hpp).
    void iterationDone(double seconds, int bestSq, int score);
    // Whether another iteration is worth starting now.
    bool canStartIteration() const { return canStartIterationAt(elapsed()); }
    // The same decision at `used` CPU seconds into the move (for the tests).
    bool canStartIterationAt(double used) const;
    // The predicted CPU seconds of the next iteration (0 before the first one completes).
    double predictedIteration() const;
    // Fraction of the budget used so far.
    double usedFraction() const { return budget_ > 0 ? elapsed() / budget_ : 1.0; }

private:
    CpuStopwatch clock_;
    double budget_ = 0;
    double hardLimit_ = 0;
    double share_ = 0.8;       // target as a share of the hard limit, by phase
    bool deterministic_ = false;
    // This move's completed iterations (start() begins a new history).
    struct History {
        int count = 0;
        double last = 0, previous = 0, older = 0;  // seconds of the last three
        int bestSq = -1, score = 0;                // the last one's result
        bool unstable = false;  // the last one changed the best move or dropped the score
    } history_;
};

// Target share of the hard limit by phase (fraction of the board filled).
double targetShare(double filledFraction);

// One move's budget under a game clock: `secondsLeft` spread over the mover's `movesLeft` moves with a
// reserve for the protocol's overhead, at most `moveCap` and at least 10 ms.
double gameClockBudget(double secondsLeft, int movesLeft, double moveCap);

}  // namespace reversi
