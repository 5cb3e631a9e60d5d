// The 8x8 solver's last empty square (endgame8.cpp): how many discs a move there flips, by table.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "bitboard/bitboard8.hpp"

namespace reversi::eg8 {

using u64 = std::uint64_t;

// The last empty square: the number of discs a move there flips, without building the flip mask.
// Every other square is filled, so each line through the square is a string of the mover's bits
// (gathered with PEXT where the CPU has BMI2) and a table gives the flips along it.
struct LastFlipTables {
    std::array<std::array<std::uint8_t, 256>, 8> count{};  // [position in line][mover's bits]
    std::array<std::array<u64, 4>, 64> line{};              // the four lines through each square
    std::array<std::array<std::uint8_t, 4>, 64> pos{};      // the square's place in each line
};
inline constexpr LastFlipTables kLast = [] {
    LastFlipTables t;
    for (int p = 0; p < 8; ++p)
        for (int x = 0; x < 256; ++x) {
            int n = 0;
            for (const int step : {-1, 1}) {
                int run = 0, i = p + step;
                while (i >= 0 && i < 8 && !((x >> i) & 1)) ++run, i += step;
                if (i >= 0 && i < 8) n += run;  // the run ends on the mover's disc (not the line's end)
            }
            t.count[static_cast<std::size_t>(p)][static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(n);
        }
    for (int sq = 0; sq < 64; ++sq) {
        const int r = sq / 8, c = sq % 8;
        for (int k = 0; k < 64; ++k) {
            const int kr = k / 8, kc = k % 8;
            const bool on[4] = {kr == r, kc == c, kc - kr == c - r, kc + kr == c + r};
            for (int l = 0; l < 4; ++l)
                if (on[l]) t.line[static_cast<std::size_t>(sq)][static_cast<std::size_t>(l)] |= u64{1} << k;
        }
        for (int l = 0; l < 4; ++l)
            t.pos[static_cast<std::size_t>(sq)][static_cast<std::size_t>(l)] = static_cast<std::uint8_t>(
                std::popcount(t.line[static_cast<std::size_t>(sq)][static_cast<std::size_t>(l)] & ((u64{1} << sq) - 1)));
    }
    return t;
}();

inline int lastFlipCount(int sq, u64 P, u64 O) {
#if defined(__BMI2__)
    (void)O;
    const auto& line = kLast.line[static_cast<std::size_t>(sq)];
    const auto& pos = kLast.pos[static_cast<std::size_t>(sq)];
    int n = 0;
    for (std::size_t l = 0; l < 4; ++l) n += kLast.count[pos[l]][_pext_u64(P, line[l])];
    return n;
#else
    return std::popcount(bb8::flips(sq, P, O));
#endif
}

}  // namespace reversi::eg8
