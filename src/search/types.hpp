// What a search is asked for and what it reports: the options of one move's search and its result.
// The engine (engine/engine.hpp) passes these through; the search (search.hpp) fills them in.
#pragma once

#include <cstdint>

#include "eval/score.hpp"
#include "rules/board.hpp"

namespace reversi {

struct EvalWeights;
struct ProbCutN;
namespace eval_nxn {
class Weights;
}

// Which static evaluation the search uses at its leaves.
enum class Evaluation {
    kDefault,  // the learned evaluations: eval8.hpp at 8x8, eval_nxn.hpp at the sizes it has weights for
    kHand,     // the hand-set evaluation (evaluate.hpp) at every size
};

struct EngineOptions {
    // Hard limit on CPU seconds (getrusage user time) spent choosing one move. The course allows 1 s;
    // the default leaves a 25% margin for slower and noisier machines (see timeman.hpp).
    double moveTime = 0.75;
    // 0: deepen until the time runs out. N > 0: stop after depth N (deterministic, for reproducible
    // transcripts), still never over moveTime.
    int maxDepth = 0;
    // N > 0 (with maxDepth 0): a timed search that deepens to at most N plies and solves exactly only
    // at or below 2N empties: a playing level, as NBoard's `set depth`, not a deterministic depth.
    int depthLimit = 0;
    // Evaluation weights (nullptr: defaultEvalWeights()); for the tuning tool. Must outlive the engine.
    const EvalWeights* weights = nullptr;
    Evaluation evaluation = Evaluation::kDefault;
    // The learned evaluation of the sizes other than 8 (nullptr: the built-in weights); for the training
    // tool, which labels positions with weights it is still fitting. Must outlive the engine.
    const eval_nxn::Weights* learnedWeights = nullptr;
    // Aspiration window of the iterative deepening, in score units (eval/score.hpp: 1/100 disc) either side of the
    // last iteration's score; 0: every iteration with the full window.
    int aspiration = 0;
    // Multi-ProbCut (search/probcut8.hpp at 8x8, search/probcut_nxn.hpp at the other sizes) where fits
    // exist; false: a full-width search.
    bool probCut = true;
    // The fits of the sizes other than 8x8 (nullptr: the built-in ones); for the tests and the tools.
    // Must outlive the engine.
    const ProbCutN* probCutFits = nullptr;
};

// What the last search found, for benchmarks, hints and match statistics.
struct SearchReport {
    Move move = kNoMove;
    int score = 0;        // from the mover's point of view, in score units (eval/score.hpp)
    int depth = 0;        // deepest fully completed iteration
    bool exact = false;   // solved to the end of the game: score is the final disc difference
    std::uint64_t nodes = 0;
    double seconds = 0;   // CPU seconds used

    // Not solved, but every line that decides the result ends the game within the search (a forced
    // wipe-out, say): the mover wins, or loses, by at least margin() discs.
    bool proven() const { return !exact && (score >= kHeuristicLimit || score <= -kHeuristicLimit); }
    // The final margin: exact, or the bound of a proven result; 0 otherwise.
    int margin() const { return exact ? score : proven() ? exactMargin(score) : 0; }
};

// What an exact solve found. Scores follow the standard (WOF / FFO) convention: final discs of the
// side to move minus the opponent's, with the empty squares of a game that ends early going to the winner.
struct SolveResult {
    int move = -1;           // best square (row * n + col); -1 when the side to move must pass or the game is over
    int score = 0;           // exact final disc difference for the side to move (empties to the winner)
    std::uint64_t nodes = 0;
    double seconds = 0;      // wall-clock seconds
    bool complete = true;    // false when stopped early (score and move then mean nothing)
    // When stopped: the best move of the last selective pass that finished (an 8x8 solve from
    // enough empties runs them first, endgame8.hpp), likely but not proven; -1 when none finished.
    int likelyMove = -1;
    int likelyScore = 0;     // that pass's score, rounded to even (an estimate of the margin)
};

}  // namespace reversi
