// The 8x8 flip and move routines (include/reversi/flip8.hpp, bitboard8.hpp): every implementation
// compiled in (kFlipImpls, kMovesImpls) against the lab's char-array Board rules and against each
// other, on seeded random positions (random games and random fillings, every empty square tried, so
// every edge and corner), on every run length in every direction from every square, and in perft.
// The hidden test "[.flip8-bench]" times perft 8x8 with every combination (CPU time, median of 3):
//     build/unit_tests "[.flip8-bench]"                         (depth 11)
//     FLIP8_BENCH_DEPTH=9 valgrind --tool=callgrind build/unit_tests "[.flip8-bench]"
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "bitboard/bitboard8.hpp"
#include "rules/board.hpp"
#include "bitboard/flip8.hpp"
#include "bitboard/movegen.hpp"
#include "bitboard/perft.hpp"
#include "bitboard/position.hpp"

using namespace reversi;
using u64 = std::uint64_t;

namespace {

constexpr u64 bit(int sq) { return u64{1} << sq; }

// Board <-> raw words: P = `colour`'s discs.
Board boardOf(u64 P, u64 O, char colour) {
    Board b(8);
    for (int sq = 0; sq < 64; ++sq)
        b.set(sq / 8, sq % 8, (P >> sq & 1) ? colour : (O >> sq & 1) ? opponentOf(colour) : kEmpty);
    return b;
}

// The discs Board::applyMove turns over when `colour` plays on the empty square sq (0: illegal).
u64 boardFlips(const Board& before, int sq, char colour) {
    Board after = before;
    if (after.applyMove(sq / 8, sq % 8, colour) == 0) return 0;
    u64 f = 0;
    for (int s = 0; s < 64; ++s)
        if (s != sq && before.at(s / 8, s % 8) != after.at(s / 8, s % 8)) f |= bit(s);
    return f;
}

u64 boardMoves(const Board& b, char colour) {
    u64 m = 0;
    for (int sq = 0; sq < 64; ++sq)
        if (b.isLegalMove(sq / 8, sq % 8, colour)) m |= bit(sq);
    return m;
}

// Checks every flip and move routine on (P, O) against the Board rules; returns the moves checked.
int checkPosition(u64 P, u64 O) {
    const Board b = boardOf(P, O, kBlack);
    const u64 expectedMoves = boardMoves(b, kBlack);
    for (const auto& impl : bb8::kMovesImpls) {
        INFO("moves implementation " << impl.name << ", P " << P << ", O " << O);
        REQUIRE(impl.moves(P, O) == expectedMoves);
    }
    REQUIRE(bb8::moves(P, O) == expectedMoves);
    int legal = 0;
    for (int sq = 0; sq < 64; ++sq) {
        if ((P | O) >> sq & 1) continue;
        const u64 expected = boardFlips(b, sq, kBlack);
        legal += expected != 0;
        for (const auto& impl : bb8::kFlipImpls) {
            INFO("flip implementation " << impl.name << ", square " << sq << ", P " << P << ", O " << O);
            REQUIRE(impl.flips(sq, P, O) == expected);
        }
        REQUIRE(bb8::flips(sq, P, O) == expected);
        bb::Bits<8> bp, bo;
        bp.w[0] = P;
        bo.w[0] = O;
        REQUIRE(bb::flips<8>(bp, bo, sq).w[0] == expected);
        REQUIRE(bb::flipsByShifts<8>(bp, bo, sq).w[0] == expected);
    }
    return legal;
}

// Every pair of (flip, moves) implementations compiled in, as types.
template <class Fn>
void forEachFlip(Fn&& fn) {
    fn(bb8::FlipCarry{});
#if defined(__BMI2__)
    fn(bb8::FlipPext{});
#endif
#if defined(__AVX2__)
    fn(bb8::FlipAvx2{});
#endif
}
template <class Fn>
void forEachMoves(Fn&& fn) {
    fn(bb8::MovesKoggeStone{});
#if defined(__AVX2__)
    fn(bb8::MovesAvx2{});
#endif
}
template <class Fn>
void forEachCombination(Fn&& fn) {
    forEachFlip([&](auto flip) { forEachMoves([&](auto moves) { fn(flip, moves); }); });
}

}  // namespace

TEST_CASE("flip8: the implementations compiled in", "[flip8]") {
    std::string flips, moves;
    for (const auto& impl : bb8::kFlipImpls) flips += std::string(" ") + impl.name;
    for (const auto& impl : bb8::kMovesImpls) moves += std::string(" ") + impl.name;
    WARN("flips:" << flips << " (bb8::flips = " << bb8::Flip::kName << "); moves:" << moves
                  << " (bb8::moves = " << bb8::Moves::kName << ")");
    CHECK(bb8::kFlipImpls[0].name == std::string("carry"));
#if defined(__AVX2__)
    CHECK(std::size(bb8::kFlipImpls) >= 2);
    CHECK(std::size(bb8::kMovesImpls) == 2);
#endif
}

TEST_CASE("flip8: every run length in every direction from every square", "[flip8]") {
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, 0, 1, -1, -1, 0, -1, 1};
    int cases = 0;
    for (int sq = 0; sq < 64; ++sq)
        for (int d = 0; d < 8; ++d)
            for (int len = 0; len <= 7; ++len)
                for (int end = 0; end < 3; ++end) {  // beyond the run: the player's disc, empty, off the board
                    u64 P = 0, O = 0;
                    int r = sq / 8 + dr[d], c = sq % 8 + dc[d], k = 0;
                    for (; k < len && r >= 0 && r < 8 && c >= 0 && c < 8; ++k, r += dr[d], c += dc[d]) O |= bit(r * 8 + c);
                    if (k < len) break;  // the ray is shorter
                    if (r >= 0 && r < 8 && c >= 0 && c < 8) {
                        if (end == 2) continue;
                        if (end == 0) P |= bit(r * 8 + c);
                    } else if (end != 2) {
                        continue;
                    }
                    // A disc of P on the far side of sq (a ray the other way must not change anything).
                    const int r2 = sq / 8 - dr[d], c2 = sq % 8 - dc[d];
                    if (r2 >= 0 && r2 < 8 && c2 >= 0 && c2 < 8) P |= bit(r2 * 8 + c2);
                    const u64 expected = (end == 0 && len > 0) ? O : 0;
                    for (const auto& impl : bb8::kFlipImpls) {
                        INFO("flip implementation " << impl.name << ", square " << sq << ", direction " << d
                                                    << ", run " << len << ", end " << end);
                        REQUIRE(impl.flips(sq, P, O) == expected);
                    }
                    checkPosition(P, O);
                    ++cases;
                }
    CHECK(cases > 1500);
}

TEST_CASE("flip8: random fillings of every density, every empty square", "[flip8]") {
    std::mt19937_64 rng(20240805);
    int legal = 0;
    for (int i = 0; i < 3000; ++i) {
        // Probability of an empty square 1/16 .. 12/16, the rest split evenly (or lopsided) P / O.
        const unsigned emptyIn16 = 1 + static_cast<unsigned>(i % 12);
        const unsigned oShare = 1 + static_cast<unsigned>(i / 12 % 7);  // O's share of the discs, in 8ths
        u64 P = 0, O = 0;
        for (int sq = 0; sq < 64; ++sq) {
            const u64 x = rng();
            if ((x & 15) < emptyIn16) continue;
            if ((x >> 4 & 7) < oShare) O |= bit(sq);
            else P |= bit(sq);
        }
        legal += checkPosition(P, O);
    }
    CHECK(legal > 10000);
}

TEST_CASE("flip8: random games, both sides, every position", "[flip8][heavy]") {
    std::mt19937 rng(5);
    int positions = 0;
    for (int g = 0; g < 150; ++g) {
        Board board(8);
        const auto start = Position<8>::fromBoard(board, kBlack);
        u64 P = start.P.w[0], O = start.O.w[0];
        int passes = 0;
        while (passes < 2) {
            checkPosition(P, O);
            checkPosition(O, P);
            ++positions;
            const u64 mv = bb8::moves(P, O);
            std::swap(P, O);
            if (!mv) {
                ++passes;
                continue;
            }
            passes = 0;
            std::vector<int> squares;
            for (u64 m = mv; m; m &= m - 1) squares.push_back(std::countr_zero(m));
            const int sq = squares[rng() % squares.size()];
            const u64 f = bb8::FlipCarry::flips(sq, O, P);  // O: the mover, after the swap
            P ^= f;
            O ^= f | bit(sq);
        }
    }
    CHECK(positions > 8000);
}

TEST_CASE("flip8: perft with every flip and move implementation", "[flip8][perft]") {
    const std::vector<u64> expected{4, 12, 56, 244, 1396, 8200, 55092, 390216};
    const auto start = Position<8>::fromBoard(Board(8), kBlack);
    forEachCombination([&](auto flip, auto moves) {
        using F = decltype(flip);
        using M = decltype(moves);
        INFO("flips " << F::kName << ", moves " << M::kName);
        CHECK(perftCounts8<F, M>(start.P.w[0], start.O.w[0], 8) == expected);
    });
    // Midgame positions (random games, seeded) against the char-array rules.
    std::mt19937 rng(11);
    for (int g = 0; g < 6; ++g) {
        Board board(8);
        char colour = kBlack;
        for (int ply = 0; ply < 14 + 6 * g; ++ply) {
            const auto moves = board.legalMoves(colour);
            if (moves.empty()) {
                colour = opponentOf(colour);
                continue;
            }
            const Move m = moves[rng() % moves.size()];
            board.applyMove(m.row, m.col, colour);
            colour = opponentOf(colour);
        }
        const auto ref = perftCountsReference(board, colour, 4);
        const auto pos = Position<8>::fromBoard(board, colour);
        forEachCombination([&](auto flip, auto moves) {
            using F = decltype(flip);
            using M = decltype(moves);
            INFO("flips " << F::kName << ", moves " << M::kName << ", game " << g);
            CHECK(perftCounts8<F, M>(pos.P.w[0], pos.O.w[0], 4) == ref);
        });
    }
}

TEST_CASE("flip8: perft speed of every combination (benchmark)", "[.flip8-bench]") {
    const auto start = Position<8>::fromBoard(Board(8), kBlack);
    const char* env = std::getenv("FLIP8_BENCH_DEPTH");  // default 11; e.g. 9 under callgrind
    const int depth = env ? std::atoi(env) : 11;
    const std::vector<u64> reference = perftCounts(Board(8), kBlack, depth);
    forEachCombination([&](auto flip, auto moves) {
        using F = decltype(flip);
        using M = decltype(moves);
        std::array<double, 3> cpu{};
        u64 leaves = 0;
        for (double& c : cpu) {
            const std::clock_t c0 = std::clock();
            leaves = perftCounts8<F, M>(start.P.w[0], start.O.w[0], depth).back();
            c = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
        }
        std::sort(cpu.begin(), cpu.end());
        std::printf("perft 8x8 depth %d, flips %-6s moves %-12s %llu leaves, CPU s %.3f %.3f %.3f, median %.0f M leaves/CPU s\n",
                    depth, F::kName, M::kName, static_cast<unsigned long long>(leaves), cpu[0], cpu[1], cpu[2],
                    static_cast<double>(leaves) / cpu[1] / 1e6);
        std::fflush(stdout);
        CHECK(leaves == reference.back());
    });
}
