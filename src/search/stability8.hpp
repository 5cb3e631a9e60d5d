// Stable discs on 8x8: a lower bound on the discs that can never be flipped, for the exact solver's
// stability cutoffs (endgame8.cpp).
#pragma once

#include <cstdint>

namespace reversi {

namespace eg8 {

using u64 = std::uint64_t;

// Discs of P that can never be flipped (a safe under-estimate: full lines, borders and stable neighbours).
u64 stableDiscs(u64 P, u64 O);

}  // namespace eg8

}  // namespace reversi
