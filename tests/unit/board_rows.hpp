// Test helper: a board written as rows of 'U'/'B'/'W' text, row a first.
#pragma once

#include <string>
#include <vector>

#include "rules/board.hpp"

inline reversi::Board boardFrom(const std::vector<std::string>& rows) {
    reversi::Board board(static_cast<int>(rows.size()));
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) board.set(r, c, rows[r][c]);
    return board;
}
