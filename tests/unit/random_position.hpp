// Test helper: the position after `plies` random legal moves from the standard start of an n x n
// board (passes as the rules make them), with `colour` the side to move; false when the game ended
// before or the side to move has no move.
#pragma once

#include <random>

#include "rules/board.hpp"

inline bool randomPosition(int n, int plies, std::mt19937& rng, reversi::Board& board, char& colour) {
    using namespace reversi;
    board = Board(n);
    colour = kBlack;
    for (int i = 0; i < plies; ++i) {
        auto moves = board.legalMoves(colour);
        if (moves.empty()) {
            colour = opponentOf(colour);
            moves = board.legalMoves(colour);
            if (moves.empty()) return false;
        }
        const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        board.applyMove(m.row, m.col, colour);
        colour = opponentOf(colour);
    }
    if (!board.hasLegalMove(colour)) colour = opponentOf(colour);
    return board.hasLegalMove(colour);
}
