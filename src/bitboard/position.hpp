// A position Edax-style: (player, opponent) relative to the side to move, so the search never
// branches on colour. Making a move is copy-make: compute the flips, xor, swap sides.
#pragma once

#include "bitboard/bitboard.hpp"
#include "rules/board.hpp"
#include "bitboard/movegen.hpp"

namespace reversi {

template <int N>
struct Position {
    using B = bb::Bits<N>;
    static constexpr int kSquares = N * N;

    B P;  // side to move
    B O;  // the other side

    B moves() const { return bb::legalMoves<N>(P, O); }
    B opponentMoves() const { return bb::legalMoves<N>(O, P); }
    B flipsFor(int sq) const { return bb::flips<N>(P, O, sq); }
    B empties() const { return andNot(bb::Masks<N>::full, P | O); }
    int emptyCount() const { return kSquares - (P | O).count(); }
    // Disc difference from the side to move's point of view.
    int discDifference() const { return P.count() - O.count(); }
    // Final margin of a finished game from the side to move's point of view, the empty squares going to
    // the winner (the WOF / FFO convention; bb8::finalMargin on 8x8 words).
    int finalMargin() const {
        const int d = discDifference(), e = emptyCount();
        return d > 0 ? d + e : d < 0 ? d - e : 0;
    }

    // The position after the side to move plays sq, flipping f (= flipsFor(sq), non-empty).
    Position play(int sq, const B& f) const {
        Position r;
        r.P = O ^ f;
        r.O = P ^ f;
        r.O.set(sq);
        return r;
    }
    Position play(int sq) const { return play(sq, flipsFor(sq)); }
    Position passed() const { return Position{O, P}; }

    static Position fromBoard(const Board& board, char colour) {
        Position r;
        const char other = opponentOf(colour);
        for (int row = 0; row < N; ++row)
            for (int col = 0; col < N; ++col) {
                const char cell = board.at(row, col);
                if (cell == colour) r.P.set(row * N + col);
                else if (cell == other) r.O.set(row * N + col);
            }
        return r;
    }
    // Writes the position back onto a board of size N; `colour` is the side to move.
    void toBoard(Board& board, char colour) const {
        const char other = opponentOf(colour);
        for (int row = 0; row < N; ++row)
            for (int col = 0; col < N; ++col) {
                const int sq = row * N + col;
                board.set(row, col, P.test(sq) ? colour : O.test(sq) ? other : kEmpty);
            }
    }

    friend bool operator==(const Position&, const Position&) = default;
};

constexpr Move squareToMove(int n, int sq) { return Move{sq / n, sq % n}; }
constexpr int moveToSquare(int n, Move m) { return m.row * n + m.col; }

}  // namespace reversi
