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
// whole-board shifts, any size (the tests' second opinion on bb8::flips).
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

// Discs flipped when the player moves on the empty square sq (empty set when the move is illegal).
template <int N>
inline Bits<N> flips(const Bits<N>& P, const Bits<N>& O, int sq) {
    if constexpr (N == 8) {
        Bits<8> r;
        r.w[0] = bb8::flips(sq, P.w[0], O.w[0]);
        return r;
    } else {
        return flipsByShifts<N>(P, O, sq);
    }
}

}  // namespace reversi::bb
