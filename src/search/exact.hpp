// Exact solving at every size: the best move and the final disc difference with perfect play (8x8 by the
// dedicated solver of endgame8.hpp).
#pragma once

#include <functional>

#include "rules/board.hpp"
#include "search/types.hpp"

namespace reversi {

class EndgameSolver8;

// Any size (4..26): exact solve of `board` with `colour` to move (the 8x8 board uses EndgameSolver8:
// `solver8`, cleared first, when given, so that a caller solving many positions keeps one table; else
// a fresh one of 2^20 entries).
SolveResult solveExact(const Board& board, char colour, std::function<bool()> stop = {}, EndgameSolver8* solver8 = nullptr);

}  // namespace reversi
