// Test helper: the exact final disc difference by plain minimax on the char-array rules (empties to
// the winner), evidence independent of the bitboard solvers for small endgames.
#pragma once

#include <algorithm>

#include "rules/board.hpp"

inline int minimax(const reversi::Board& b, char side, bool passed = false) {
    using namespace reversi;
    const auto moves = b.legalMoves(side);
    if (moves.empty()) {
        if (passed) {
            const int d = b.count(side) - b.count(opponentOf(side)), e = b.count(kEmpty);
            return d > 0 ? d + e : d < 0 ? d - e : 0;
        }
        return -minimax(b, opponentOf(side), true);
    }
    int best = -1000;
    for (const Move m : moves) {
        Board c = b;
        c.applyMove(m.row, m.col, side);
        best = std::max(best, -minimax(c, opponentOf(side), false));
    }
    return best;
}
