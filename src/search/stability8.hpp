// Stable discs on 8x8: a lower bound on the discs that can never be flipped, for the exact solver's
// stability cutoffs (endgame8.cpp).
#pragma once

#include <cstdint>

#include "bitboard/bitboard8.hpp"

namespace reversi {

namespace eg8 {

using u64 = std::uint64_t;

// Discs of P that can never be flipped (a safe under-estimate: full lines, borders and stable neighbours).
u64 stableDiscs(u64 P, u64 O);

// Discs of P on corners and on the edge squares next to a corner P holds (stable): a cheap subset of
// stableDiscs for the solver's move ordering.
inline u64 cornerStable(u64 P) {
    const u64 c = P & bb8::kCorners;
    const u64 besideCorner = ((c << 1) & 0x0200000000000002ULL) | ((c >> 1) & 0x4000000000000040ULL) |
                             ((c << 8) & 0x0000000000008100ULL) | ((c >> 8) & 0x0081000000000000ULL);
    return c | (P & besideCorner);
}

}  // namespace eg8

}  // namespace reversi
