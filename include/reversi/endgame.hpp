// Exact endgame solving: the best move and the final disc difference with perfect play.
//
// The 8x8 solver (EndgameSolver8) works on two raw uint64 bitboards (player to move, opponent) and is
// specialised the way strong Othello engines are: flips by carry propagation along precomputed rays,
// the last one to four empties solved without move generation in parity order, null-window PVS with
// fastest-first ordering, a transposition table and stability cutoffs above that. Every other size goes
// through a generic template solver on Position<N>.
//
// Scores follow the standard (WOF / FFO) convention: final discs of the side to move minus the
// opponent's, with the empty squares of a game that ends early going to the winner.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "reversi/board.hpp"

namespace reversi {

namespace eg8 {

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

// Discs of P that can never be flipped (a safe under-estimate: full lines, borders and stable neighbours).
u64 stableDiscs(u64 P, u64 O);

}  // namespace eg8

struct SolveResult {
    int move = -1;           // best square (row * n + col); -1 when the side to move must pass or the game is over
    int score = 0;           // exact final disc difference for the side to move (empties to the winner)
    std::uint64_t nodes = 0;
    double seconds = 0;      // wall-clock seconds
    bool complete = true;    // false when stopped early (score and move then mean nothing)
};

// The 8x8 solver. Keeps its transposition table between solves (clear() to forget).
class EndgameSolver8 {
public:
    explicit EndgameSolver8(int log2TableEntries = 21);
    ~EndgameSolver8();
    EndgameSolver8(const EndgameSolver8&) = delete;
    EndgameSolver8& operator=(const EndgameSolver8&) = delete;

    // Exact solve of (P to move, O). stop, when set, is polled every few thousand nodes.
    SolveResult solve(std::uint64_t P, std::uint64_t O, std::function<bool()> stop = {});
    // Score only, within (alpha, beta): fail-soft bound outside it.
    int solveWindow(std::uint64_t P, std::uint64_t O, int alpha, int beta);
    void clear();
    std::uint64_t nodes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Any size (4..26): exact solve of `board` with `colour` to move (the 8x8 board uses EndgameSolver8).
SolveResult solveExact(const Board& board, char colour, std::function<bool()> stop = {});

}  // namespace reversi
