// The 8x8 flip routine, Edax's way: one interface, several implementations. Each is a struct with
//     static u64 flips(int sq, u64 P, u64 O)
// returning the discs flipped when the player P moves on the empty square sq against O (0: the move is
// not legal). Square index = row * 8 + col (a1 = 0, h1 = 7, a8 = 56).
//
//   FlipCarry  portable: 8 scalar rays, branch-free (carry propagation up, highest set bit down)
//   FlipPext   BMI2: each of the 4 lines through sq gathered with PEXT into an 8-bit index, two small
//              tables (outflanks, then flipped squares), PDEP back onto the board
//   FlipAvx2   AVX2: the 4 upward rays in one 256-bit vector (lowest non-opponent square by x & -x),
//              the 4 downward rays in another (highest one by a parallel-prefix fill along the ray)
//
// bitboard8.hpp picks one for bb8::flips at compile time (REVERSI_FLIP8); kFlipImpls lists every
// implementation compiled in, for the unit tests (tests/unit/test_flip8.cpp) and benchmarks.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#if defined(__BMI2__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace reversi::bb8 {

using u64 = std::uint64_t;

// Rays from every square: directions 0..3 go toward higher square indices (+1, +8, +9, +7),
// 4..7 toward lower ones (-1, -8, -9, -7); the square itself is excluded. 64-byte rows, so that each
// half (up, down) is one aligned 256-bit load.
struct alignas(64) RayTable {
    alignas(64) std::array<std::array<u64, 8>, 64> ray{};
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

// ---- carry: portable C++ --------------------------------------------------------------------------
struct FlipCarry {
    static constexpr const char* kName = "carry";
    static u64 flips(int sq, u64 P, u64 O) {
        const auto& r = kRays.ray[static_cast<std::size_t>(sq)];
        u64 f = 0;
        // Toward higher indices: the carry of (O | off-ray) + first ray bit runs through the opponent's
        // discs and stops at the first ray square that is not the opponent's (out: it, when it is P's).
        // The ray has no bit below `first`, so the run is (out - 1) & ray; nothing when out = 0.
        for (std::size_t d = 0; d < 4; ++d) {
            const u64 mask = r[d];
            const u64 first = mask & (0 - mask);
            const u64 out = ((O | ~mask) + first) & mask & P;
            f |= (out - static_cast<u64>(out != 0)) & mask;
        }
        // Toward lower indices: the highest ray square that is not the opponent's (bit 0 as a sentinel
        // for a ray of opponent discs only) must be the player's; the run is the ray above it.
        for (std::size_t d = 4; d < 8; ++d) {
            const u64 mask = r[d];
            const u64 notO = (mask & ~O) | 1;
            const u64 out = (u64{1} << (std::bit_width(notO) - 1)) & mask & P;
            f |= mask & (0 - (out << 1));
        }
        return f;
    }
};

// ---- line tables, shared by the table-driven implementations ----------------------------------------
namespace flip8_detail {

// An 8-bit line (a row, column or diagonal gathered into bits 0..7, shorter diagonals padded with
// empty squares) with the mover on bit k. kOutflank[k][o]: the squares beyond a run of at least one
// opponent disc next to k, both ways (o: the line's opponent discs). kFlipLine[k][out]: the squares
// strictly between k and the outflanking squares `out` (at most one each side).
struct LineTables {
    std::array<std::array<std::uint8_t, 256>, 8> outflank{};
    std::array<std::array<std::uint8_t, 256>, 8> flip{};
};
inline constexpr LineTables kLine = [] {
    LineTables t;
    for (int k = 0; k < 8; ++k)
        for (int x = 0; x < 256; ++x) {
            const int o = x & ~(1 << k);
            int out = 0;
            int i = k + 1;
            while (i < 8 && (o >> i & 1)) ++i;
            if (i > k + 1 && i < 8) out |= 1 << i;
            i = k - 1;
            while (i >= 0 && (o >> i & 1)) --i;
            if (i < k - 1 && i >= 0) out |= 1 << i;
            t.outflank[static_cast<std::size_t>(k)][static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(out);
            int f = 0;
            for (int j = k + 1; j < 8 && (x >> j & 1) == 0; ++j) f |= 1 << j;   // up to the first bit of x above k
            int g = 0;
            for (int j = k - 1; j >= 0 && (x >> j & 1) == 0; --j) g |= 1 << j;  // down to the first bit below k
            int fl = 0;
            if (x >> k & 0xFE) fl |= f;                                          // some bit above k
            if (x & ((1 << k) - 1)) fl |= g;                                     // some bit below k
            t.flip[static_cast<std::size_t>(k)][static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(fl);
        }
    return t;
}();

// The 4 lines through each square (row, column, a1-h8 diagonal, h1-a8 diagonal) and sq's bit in each.
struct SquareLines {
    std::array<u64, 4> mask{};
    std::array<std::uint8_t, 4> k{};
};
inline constexpr std::array<SquareLines, 64> kSquareLines = [] {
    std::array<SquareLines, 64> t{};
    for (int sq = 0; sq < 64; ++sq) {
        const auto& r = kRays.ray[static_cast<std::size_t>(sq)];
        auto& s = t[static_cast<std::size_t>(sq)];
        const u64 self = u64{1} << sq;
        for (std::size_t l = 0; l < 4; ++l) {
            s.mask[l] = r[l] | r[l + 4] | self;  // direction l and its opposite, l + 4
            s.k[l] = static_cast<std::uint8_t>(std::popcount(r[l + 4]));
        }
    }
    return t;
}();

}  // namespace flip8_detail

#if defined(__BMI2__)
// ---- pext: BMI2 line indices ------------------------------------------------------------------------
struct FlipPext {
    static constexpr const char* kName = "pext";
    static u64 flips(int sq, u64 P, u64 O) {
        const auto& s = flip8_detail::kSquareLines[static_cast<std::size_t>(sq)];
        const auto& t = flip8_detail::kLine;
        u64 f = 0;
        for (std::size_t l = 0; l < 4; ++l) {
            const u64 m = s.mask[l];
            const std::size_t k = s.k[l];
            const unsigned out = t.outflank[k][_pext_u64(O, m)] & static_cast<unsigned>(_pext_u64(P, m));
            f |= _pdep_u64(t.flip[k][out], m);
        }
        return f;
    }
};
#endif

#if defined(__AVX2__)
// ---- avx2: 4 rays per 256-bit vector, parallel-prefix fill for the downward rays --------------------
struct FlipAvx2 {
    static constexpr const char* kName = "avx2";
    static u64 flips(int sq, u64 P, u64 O) {
        const u64* r = kRays.ray[static_cast<std::size_t>(sq)].data();
        const __m256i up = _mm256_load_si256(reinterpret_cast<const __m256i*>(r));
        const __m256i down = _mm256_load_si256(reinterpret_cast<const __m256i*>(r + 4));
        const __m256i PP = _mm256_set1_epi64x(static_cast<long long>(P));
        const __m256i OO = _mm256_set1_epi64x(static_cast<long long>(O));
        const __m256i zero = _mm256_setzero_si256();
        // Up (+1, +8, +9, +7): x = the lowest ray square that is not O; out = x when it is P's; the run
        // below it is (out - 1) & ray, none when out = 0.
        __m256i x = _mm256_andnot_si256(OO, up);
        x = _mm256_and_si256(x, _mm256_sub_epi64(zero, x));
        const __m256i out = _mm256_and_si256(x, PP);
        __m256i fu = _mm256_and_si256(_mm256_add_epi64(out, _mm256_set1_epi64x(-1)), up);
        fu = _mm256_andnot_si256(_mm256_cmpeq_epi64(out, zero), fu);
        // Down (-1, -8, -9, -7): smear the non-O ray squares downward along the ray (steps d, 2d, 4d
        // cover a ray of 7); the ray squares above the fill are the run of O next to sq. It flips when
        // the ray square just below it (the highest non-O one) is P's.
        const __m256i s1 = _mm256_setr_epi64x(1, 8, 9, 7);
        const __m256i s2 = _mm256_setr_epi64x(2, 16, 18, 14);
        const __m256i s4 = _mm256_setr_epi64x(4, 32, 36, 28);
        __m256i y = _mm256_andnot_si256(OO, down);
        y = _mm256_or_si256(y, _mm256_srlv_epi64(y, s1));
        y = _mm256_or_si256(y, _mm256_srlv_epi64(y, s2));
        y = _mm256_or_si256(y, _mm256_srlv_epi64(y, s4));
        const __m256i run = _mm256_andnot_si256(y, down);
        const __m256i outd = _mm256_and_si256(_mm256_srlv_epi64(run, s1), _mm256_and_si256(PP, down));
        const __m256i fd = _mm256_andnot_si256(_mm256_cmpeq_epi64(outd, zero), run);
        const __m256i f = _mm256_or_si256(fu, fd);
        __m128i h = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
        h = _mm_or_si128(h, _mm_unpackhi_epi64(h, h));
        return static_cast<u64>(_mm_cvtsi128_si64(h));
    }
};
#endif

// Every implementation compiled in (the portable one first).
struct FlipImpl {
    const char* name;
    u64 (*flips)(int sq, u64 P, u64 O);
};
inline constexpr FlipImpl kFlipImpls[] = {
    {FlipCarry::kName, &FlipCarry::flips},
#if defined(__BMI2__)
    {FlipPext::kName, &FlipPext::flips},
#endif
#if defined(__AVX2__)
    {FlipAvx2::kName, &FlipAvx2::flips},
#endif
};

}  // namespace reversi::bb8
