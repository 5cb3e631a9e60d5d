// What every C function of both libraries does around its choice: the caller's board copied and
// checked, *row and *col set to -1 on any failure, and no exception ever reaching C.
#pragma once

#include "rules/board.hpp"
#include "players/opponents.hpp"

namespace reversi::c_api {

// The course's return codes (both headers define the same values).
constexpr int kBadArgument = -100000;
constexpr int kNoMove = -100001;

inline void setMove(int* row, int* col, int r, int c) {
    if (row) *row = r;
    if (col) *col = c;
}

// Copies and checks the caller's board; false for any bad argument.
inline bool loadBoard(const char board[][26], int n, char colour, int* row, int* col, Board& out) {
    if (!board || !row || !col || !isValidSize(n) || !isColour(colour)) return false;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const char cell = board[r][c];
            if (cell != kEmpty && cell != kBlack && cell != kWhite) return false;
            out.set(r, c, cell);
        }
    return true;
}

template <typename Choose>
int findWith(const char board[][26], int n, char colour, int* row, int* col, Choose choose) noexcept {
    try {
        setMove(row, col, -1, -1);
        if (!isValidSize(n)) return kBadArgument;
        Board copy(n);
        if (!loadBoard(board, n, colour, row, col, copy)) return kBadArgument;
        const ScoredMove choice = choose(copy, colour);
        if (choice.move.isNone()) return kNoMove;
        setMove(row, col, choice.move.row, choice.move.col);
        return choice.score;
    } catch (...) {
        setMove(row, col, -1, -1);
        return kBadArgument;
    }
}

}  // namespace reversi::c_api
