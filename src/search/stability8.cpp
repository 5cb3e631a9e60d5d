#include "search/stability8.hpp"

#include "bitboard/bitboard8.hpp"

namespace reversi {

namespace eg8 {

u64 stableDiscs(u64 P, u64 O) {
    constexpr u64 colA = 0x0101010101010101ULL, colH = 0x8080808080808080ULL;
    constexpr u64 row1 = 0xFFULL, row8 = 0xFF00000000000000ULL;
    constexpr u64 border = colA | colH | row1 | row8;
    const u64 filled = P | O;
    // Squares whose whole line (in each of the four orientations) is filled.
    u64 fullH = 0, fullV = 0, fullD9 = 0, fullD7 = 0;
    for (int r = 0; r < 8; ++r) {
        const u64 row = row1 << (8 * r);
        if ((filled & row) == row) fullH |= row;
        const u64 col = colA << r;
        if ((filled & col) == col) fullV |= col;
    }
    // Diagonals: rays of a1..h1 and a1..a8 edge squares cover each diagonal once.
    for (int s = 0; s < 8; ++s) {
        for (const int start : {s, s * 8}) {
            const u64 d9 = bb8::kRays.ray[static_cast<std::size_t>(start)][2] | (u64{1} << start);  // +9 from top/left edge
            if ((filled & d9) == d9) fullD9 |= d9;
        }
        for (const int start : {s, s * 8 + 7}) {
            const u64 d7 = bb8::kRays.ray[static_cast<std::size_t>(start)][3] | (u64{1} << start);  // +7 from top/right edge
            if ((filled & d7) == d7) fullD7 |= d7;
        }
    }
    u64 stable = 0;
    while (true) {
        const u64 h = fullH | colA | colH | ((stable >> 1) & ~colH) | ((stable << 1) & ~colA);
        const u64 v = fullV | row1 | row8 | (stable >> 8) | (stable << 8);
        const u64 d9 = fullD9 | border | ((stable >> 9) & ~colH) | ((stable << 9) & ~colA);
        const u64 d7 = fullD7 | border | ((stable >> 7) & ~colA) | ((stable << 7) & ~colH);
        const u64 next = P & h & v & d9 & d7;
        if (next == stable) return stable;
        stable = next;
    }
}

}  // namespace eg8

}  // namespace reversi
