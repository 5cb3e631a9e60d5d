// Legal moves and flips on bitboards, by whole-board direction shifts (dumb7fill): a direction's
// candidate runs grow one step per shift for all squares at once, never square by square.
// (player, opponent) are relative to the side to move. N = 8 uses bb8::moves and bb8::flips
// (bitboard8.hpp, flip8.hpp) on one uint64.
#pragma once

#include <cstdint>

#include "bitboard/bitboard.hpp"
#include "bitboard/bitboard8.hpp"

namespace reversi::bb {

// Squares where the player (P) can move against the opponent (O).
template <int N>
inline Bits<N> legalMoves(const Bits<N>& P, const Bits<N>& O) {
    if constexpr (N == 8) {
        Bits<8> r;
        r.w[0] = bb8::moves(P.w[0], O.w[0]);
        return r;
    } else {
        // Runs of opponent discs in the inner columns cannot wrap around a row, so the fill needs no
        // column masks at all (a disc of P on an edge column steps off the inner columns).
        const Bits<N> empty = andNot(Masks<N>::full, P | O);
        const Bits<N> inner = O & Masks<N>::innerCols;
        Bits<N> moves;
        forEachDir([&](auto d) {
            constexpr int D = decltype(d)::value;
            const Bits<N>& run = (D == kS || D == kN) ? O : inner;
            Bits<N> t = shiftRaw<D>(P) & run;
            if constexpr (Bits<N>::W == 1) {
                // One word: a fixed number of steps, no data-dependent branch.
                for (int i = 0; i < N - 2; ++i) {
                    t = shiftRaw<D>(t);
                    moves |= t;
                    t &= run;
                }
            } else {
                while (t.any()) {
                    t = shiftRaw<D>(t);
                    moves |= t;
                    t &= run;
                }
            }
        });
        moves &= empty;
        return moves;
    }
}

// Discs flipped when the player moves on the empty square sq (empty set when the move is illegal), by
// whole-board shifts, any size (the tests' second opinion on bb8::flips and flipsByWalk).
template <int N>
inline Bits<N> flipsByShifts(const Bits<N>& P, const Bits<N>& O, int sq) {
    const Bits<N> m = Bits<N>::single(sq);
    Bits<N> f;
    forEachDir([&](auto d) {
        constexpr int D = decltype(d)::value;
        Bits<N> line;
        Bits<N> t = shift<D>(m) & O;
        while (t.any()) {
            line |= t;
            t = shift<D>(t);
            if ((t & P).any()) {
                f |= line;
                break;
            }
            t &= O;
        }
    });
    return f;
}

// Discs flipped when the player moves on the empty square sq (empty set when the move is illegal), by
// walking from sq square by square in each direction: a run is a few squares long, and each step tests
// one bit, where a whole-board shift costs a pass over every word (W of them: 4 at 16x16, 11 at 26x26).
template <int N>
inline Bits<N> flipsByWalk(const Bits<N>& P, const Bits<N>& O, int sq) {
    Bits<N> f;
    const int row = sq / N, col = sq % N;
    forEachDir([&](auto d) {
        constexpr int D = decltype(d)::value;
        constexpr int dr = kDirRow[D], dc = kDirCol[D], step = dr * N + dc;
        // Squares from sq to the board's edge in this direction.
        const int toRowEdge = dr > 0 ? N - 1 - row : dr < 0 ? row : N;
        const int toColEdge = dc > 0 ? N - 1 - col : dc < 0 ? col : N;
        const int room = toRowEdge < toColEdge ? toRowEdge : toColEdge;
        int run = 0, at = sq + step;
        while (run < room && O.test(at)) {
            ++run;
            at += step;
        }
        if (run > 0 && run < room && P.test(at))
            for (int k = 1; k <= run; ++k) f.set(sq + k * step);
    });
    return f;
}

// Discs flipped when the player moves on the empty square sq (empty set when the move is illegal).
template <int N>
inline Bits<N> flips(const Bits<N>& P, const Bits<N>& O, int sq) {
    if constexpr (N == 8) {
        Bits<8> r;
        r.w[0] = bb8::flips(sq, P.w[0], O.w[0]);
        return r;
    } else {
        return flipsByWalk<N>(P, O, sq);
    }
}

}  // namespace reversi::bb
