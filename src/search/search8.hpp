// The engine's 8x8 search with the pattern evaluation: iterative deepening of the midgame search
// (midgame8.hpp) under the time manager, then the exact solver (endgame8.hpp) once few enough squares
// are empty for the budget. Both keep their tables across moves.
#pragma once

#include "platform/cpu_clock.hpp"
#include "rules/board.hpp"
#include "search/types.hpp"

namespace reversi {

class EndgameSolver8;
class Midgame8;

// Searches `board` (8x8) for `colour`, which must have a legal move, within options.moveTime CPU
// seconds counted from `clock`; options.maxDepth > 0 searches exactly that deep (and solves exactly
// when no more squares than that are empty). The tables are the caller's, kept between moves (cleared
// by the caller when each move must depend on its position alone). The report's move is always legal;
// its score is in score units.
SearchReport searchPosition8(const Board& board, char colour, const EngineOptions& options, const CpuStopwatch& clock,
                             Midgame8& midgame, EndgameSolver8& endgame);

}  // namespace reversi
