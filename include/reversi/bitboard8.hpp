// The 8x8 board on two raw 64-bit words (player to move, opponent), as the hot loops of perft and the
// endgame solver use it: legal moves by shift-and-mask fills, flips of one move, final scores.
// Square index = row * 8 + col (a1 = 0, h1 = 7, a8 = 56).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace reversi::bb8 {

using u64 = std::uint64_t;

// Rays from every square: directions 0..3 go toward higher square indices (+1, +8, +9, +7),
// 4..7 toward lower ones (-1, -8, -9, -7); the square itself is excluded.
struct RayTable {
    std::array<std::array<u64, 8>, 64> ray{};
};
inline constexpr RayTable kRays = [] {
    RayTable t;
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, 0, 1, -1, -1, 0, -1, 1};
    for (int sq = 0; sq < 64; ++sq)
        for (int d = 0; d < 8; ++d) {
            u64 m = 0;
            for (int r = sq / 8 + dr[d], c = sq % 8 + dc[d]; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr[d], c += dc[d])
                m |= u64{1} << (r * 8 + c);
            t.ray[static_cast<std::size_t>(sq)][static_cast<std::size_t>(d)] = m;
        }
    return t;
}();

// Discs flipped when the player P moves on the empty square sq against O (0: not a legal move).
inline u64 flips(int sq, u64 P, u64 O) {
    const auto& r = kRays.ray[static_cast<std::size_t>(sq)];
    u64 f = 0;
    // Toward higher indices: the carry of (O | off-ray) + first ray bit runs through the opponent's
    // discs and stops at the first ray square that is not the opponent's.
    for (int d = 0; d < 4; ++d) {
        const u64 mask = r[static_cast<std::size_t>(d)];
        const u64 first = mask & (0 - mask);
        const u64 out = ((O | ~mask) + first) & mask & P;
        if (out) f |= (out - first) & mask;
    }
    // Toward lower indices: the highest ray square that is not the opponent's must be the player's.
    for (int d = 4; d < 8; ++d) {
        const u64 mask = r[static_cast<std::size_t>(d)];
        const u64 notO = mask & ~O;
        if (notO) {
            const u64 out = u64{1} << (63 - std::countl_zero(notO));
            if (out & P) f |= mask & (0 - (out << 1));
        }
    }
    return f;
}

template <int K>
inline u64 movesDir(u64 P, u64 mask) {
    u64 fl = mask & (P << K);
    u64 fr = mask & (P >> K);
    fl |= mask & (fl << K);
    fr |= mask & (fr >> K);
    const u64 pl = mask & (mask << K);
    const u64 pr = pl >> K;
    fl |= pl & (fl << (2 * K));
    fr |= pr & (fr >> (2 * K));
    fl |= pl & (fl << (2 * K));
    fr |= pr & (fr >> (2 * K));
    return (fl << K) | (fr >> K);
}

// Legal moves of P against O.
inline u64 moves(u64 P, u64 O) {
    const u64 inner = O & 0x7E7E7E7E7E7E7E7EULL;
    return (movesDir<1>(P, inner) | movesDir<8>(P, O) | movesDir<7>(P, inner) | movesDir<9>(P, inner)) & ~(P | O);
}

// Final score of a finished game (P to move), empties to the winner.
inline int finalScore(u64 P, u64 O) {
    const int p = std::popcount(P), o = std::popcount(O), e = 64 - p - o;
    const int d = p - o;
    return d > 0 ? d + e : d < 0 ? d - e : 0;
}

}  // namespace reversi::bb8
