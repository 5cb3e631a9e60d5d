// The 8x8 board on two raw 64-bit words (player to move, opponent), as the hot loops of perft and the
// endgame solver use it: legal moves by shift-and-mask fills, flips of one move, final scores.
// Square index = row * 8 + col (a1 = 0, h1 = 7, a8 = 56).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "bitboard/flip8.hpp"

namespace reversi::bb8 {

// The flip routine: one interface (bb8::flips), several implementations (flip8.hpp), one picked at
// compile time: -DREVERSI_FLIP8=FlipCarry|FlipPext|FlipAvx2, by default the AVX2 one when the compiler
// targets AVX2, otherwise the portable carry one.
#if !defined(REVERSI_FLIP8)
#if defined(__AVX2__)
#define REVERSI_FLIP8 FlipAvx2
#else
#define REVERSI_FLIP8 FlipCarry
#endif
#endif
using Flip = REVERSI_FLIP8;

// Discs flipped when the player P moves on the empty square sq against O (0: not a legal move).
inline u64 flips(int sq, u64 P, u64 O) { return Flip::flips(sq, P, O); }

// Legal moves, the same way: MovesKoggeStone (portable: per direction a Kogge-Stone fill of opponent
// runs from the player's discs, both ways at once) or MovesAvx2 (the same fills, 4 directions per
// 256-bit vector). -DREVERSI_MOVES8=... picks one; by default MovesAvx2 when the compiler targets AVX2.
struct MovesKoggeStone {
    static constexpr const char* kName = "kogge-stone";

    template <int K>
    static u64 dir(u64 P, u64 mask) {
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
    static u64 moves(u64 P, u64 O) {
        // Runs along rows and diagonals use the inner columns only: they cannot wrap around a row.
        const u64 inner = O & 0x7E7E7E7E7E7E7E7EULL;
        return (dir<1>(P, inner) | dir<8>(P, O) | dir<7>(P, inner) | dir<9>(P, inner)) & ~(P | O);
    }
};

#if defined(__AVX2__)
struct MovesAvx2 {
    static constexpr const char* kName = "avx2";
    static u64 moves(u64 P, u64 O) {
        const __m256i s1 = _mm256_setr_epi64x(1, 8, 9, 7);
        const __m256i s2 = _mm256_setr_epi64x(2, 16, 18, 14);
        const __m256i PP = _mm256_set1_epi64x(static_cast<long long>(P));
        const __m256i mask = _mm256_and_si256(
            _mm256_set1_epi64x(static_cast<long long>(O)),
            _mm256_setr_epi64x(0x7E7E7E7E7E7E7E7ELL, -1, 0x7E7E7E7E7E7E7E7ELL, 0x7E7E7E7E7E7E7E7ELL));
        __m256i fl = _mm256_and_si256(mask, _mm256_sllv_epi64(PP, s1));
        __m256i fr = _mm256_and_si256(mask, _mm256_srlv_epi64(PP, s1));
        fl = _mm256_or_si256(fl, _mm256_and_si256(mask, _mm256_sllv_epi64(fl, s1)));
        fr = _mm256_or_si256(fr, _mm256_and_si256(mask, _mm256_srlv_epi64(fr, s1)));
        const __m256i pl = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, s1));
        const __m256i pr = _mm256_srlv_epi64(pl, s1);
        fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, s2)));
        fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, s2)));
        fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, s2)));
        fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, s2)));
        const __m256i m = _mm256_or_si256(_mm256_sllv_epi64(fl, s1), _mm256_srlv_epi64(fr, s1));
        __m128i h = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
        h = _mm_or_si128(h, _mm_unpackhi_epi64(h, h));
        return static_cast<u64>(_mm_cvtsi128_si64(h)) & ~(P | O);
    }
};
#endif

struct MovesImpl {
    const char* name;
    u64 (*moves)(u64 P, u64 O);
};
inline constexpr MovesImpl kMovesImpls[] = {
    {MovesKoggeStone::kName, &MovesKoggeStone::moves},
#if defined(__AVX2__)
    {MovesAvx2::kName, &MovesAvx2::moves},
#endif
};

#if !defined(REVERSI_MOVES8)
#if defined(__AVX2__)
#define REVERSI_MOVES8 MovesAvx2
#else
#define REVERSI_MOVES8 MovesKoggeStone
#endif
#endif
using Moves = REVERSI_MOVES8;

// The four corner squares.
inline constexpr u64 kCorners = 0x8100000000000081ULL;
// The X squares (b2, g2, b7, g7): diagonal to a corner.
inline constexpr u64 kXSquares = 0x0042000000004200ULL;

// Legal moves of P against O.
inline u64 moves(u64 P, u64 O) { return Moves::moves(P, O); }

// Final margin of a finished game (discs of P minus O's, P to move), the empties to the winner.
inline int finalMargin(u64 P, u64 O) {
    const int p = std::popcount(P), o = std::popcount(O), e = 64 - p - o;
    const int d = p - o;
    return d > 0 ? d + e : d < 0 ? d - e : 0;
}

// The squares next to x's discs (in the eight directions): the row neighbours, then the rows above and
// below of the set and its row neighbours (four shifts, not eight).
inline u64 neighbours(u64 x) {
    const u64 row = ((x >> 1) & 0x7F7F7F7F7F7F7F7FULL) | ((x << 1) & 0xFEFEFEFEFEFEFEFEULL);
    const u64 band = row | x;
    return row | band >> 8 | band << 8;
}

}  // namespace reversi::bb8
