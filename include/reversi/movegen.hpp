// Legal moves and flips on bitboards, by whole-board direction shifts (dumb7fill): a direction's
// candidate runs grow one step per shift for all squares at once, never square by square.
// (player, opponent) are relative to the side to move. N = 8 uses the Kogge-Stone-style doubling
// fill on one uint64 (as in Edax's get_moves).
#pragma once

#include <cstdint>

#include "reversi/bitboard.hpp"

namespace reversi::bb {

namespace detail {

// 8x8: moves in one direction pair (shift left / right by K) with the doubling trick.
template <int K>
inline std::uint64_t movesDir8(std::uint64_t P, std::uint64_t mask) {
    std::uint64_t fl = mask & (P << K);
    std::uint64_t fr = mask & (P >> K);
    fl |= mask & (fl << K);
    fr |= mask & (fr >> K);
    const std::uint64_t pl = mask & (mask << K);
    const std::uint64_t pr = pl >> K;
    fl |= pl & (fl << (2 * K));
    fr |= pr & (fr >> (2 * K));
    fl |= pl & (fl << (2 * K));
    fr |= pr & (fr >> (2 * K));
    return (fl << K) | (fr >> K);
}

inline std::uint64_t moves8(std::uint64_t P, std::uint64_t O) {
    const std::uint64_t inner = O & 0x7E7E7E7E7E7E7E7EULL;
    const std::uint64_t m = movesDir8<1>(P, inner) | movesDir8<8>(P, O) | movesDir8<7>(P, inner) |
                            movesDir8<9>(P, inner);
    return m & ~(P | O);
}

}  // namespace detail

// Squares where the player (P) can move against the opponent (O).
template <int N>
inline Bits<N> legalMoves(const Bits<N>& P, const Bits<N>& O) {
    if constexpr (N == 8) {
        Bits<8> r;
        r.w[0] = detail::moves8(P.w[0], O.w[0]);
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

// Discs flipped when the player moves on the empty square sq (empty set when the move is illegal).
template <int N>
inline Bits<N> flips(const Bits<N>& P, const Bits<N>& O, int sq) {
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

}  // namespace reversi::bb
