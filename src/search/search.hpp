// The search: iterative deepening, negascout (PVS) alpha-beta with a transposition table, fastest-first
// move ordering, correct passes, and an exact endgame solver (win/loss/draw, then exact disc
// difference) once the empties are few enough for the time budget.
#pragma once

#include "rules/board.hpp"
#include "platform/cpu_clock.hpp"
#include "eval/evaluate.hpp"
#include "search/tt.hpp"
#include "search/types.hpp"

namespace reversi {

class EndgameSolver8;

// Searches `board` for `colour` (which must have a legal move) within options.moveTime CPU seconds
// counted from `clock`. The report's move is always legal. With `endgame8`, 8x8 endgames (timed mode)
// are solved by the dedicated 8x8 solver instead of the generic one.
SearchReport searchPosition(const Board& board, char colour, const EngineOptions& options, TranspositionTable& tt,
                            const CpuStopwatch& clock, const EvalWeights& weights = defaultEvalWeights(),
                            EndgameSolver8* endgame8 = nullptr);

// The score a leaf of that search gets: the static evaluation of `board` for `colour` (score units), by
// the evaluation `options` choose (the ProbCut trainer's depth-0 value).
int staticScore(const Board& board, char colour, const EngineOptions& options,
                const EvalWeights& weights = defaultEvalWeights());

// Largest number of empty squares at which the engine attempts an exact solve on an n x n board
// with `moveTime` CPU seconds per move.
int solveEmpties(int n, double moveTime);
// Largest number of empty squares at which the 8x8 engine tries a selective search to the end
// (Midgame8::searchToEnd) where it does not solve; 0: none.
int selectiveEndEmpties(int n, double moveTime);

// Before a solve, a short midgame search orders the solver's moves and is the fallback should the
// solve not finish: to this depth when deterministic, else for this share of the move's budget.
constexpr int kPreSolveDepth = 6;
constexpr double kPreSolveShare = 0.12;

}  // namespace reversi
