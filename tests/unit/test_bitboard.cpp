// The bitboard move generator against the lab-facing char-array Board, on seeded random games at
// every size: legal move sets, flips, passes and game end must agree at every step, and the two flip
// routines of the larger sizes (square walks, whole-board shifts) on every empty square.
#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>
#include <vector>

#include "bitboard/bitboard.hpp"
#include "bitboard/bitboard8.hpp"
#include "rules/board.hpp"
#include "bitboard/position.hpp"

using namespace reversi;

namespace {

template <int N>
std::vector<Move> bitMoves(const bb::Bits<N>& moves) {
    std::vector<Move> out;
    moves.forEach([&](int sq) { out.push_back(squareToMove(N, sq)); });
    return out;
}

// Plays `games` random games on an N x N board, checking bitboards against Board throughout.
template <int N>
void crossCheck(unsigned seed, int games) {
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Board board(N);
        char colour = kBlack;
        Position<N> pos = Position<N>::fromBoard(board, colour);
        int passes = 0;
        while (true) {
            const auto expected = board.legalMoves(colour);
            REQUIRE(bitMoves<N>(pos.moves()) == expected);
            REQUIRE(bitMoves<N>(pos.opponentMoves()) == board.legalMoves(opponentOf(colour)));
            if (expected.empty()) {
                const bool over = board.isGameOver();
                REQUIRE(over == pos.opponentMoves().none());
                if (over) break;
                ++passes;
                pos = pos.passed();
                colour = opponentOf(colour);
                continue;
            }
            // The two flip routines agree on every empty square, legal or not.
            bool walkAgrees = true;
            pos.empties().forEach([&](int sq) {
                if constexpr (N != 8) walkAgrees = walkAgrees && bb::flipsByWalk<N>(pos.P, pos.O, sq) == bb::flipsByShifts<N>(pos.P, pos.O, sq);
            });
            REQUIRE(walkAgrees);
            // Flip counts of every legal move agree; then play a random one.
            for (const Move m : expected)
                REQUIRE(pos.flipsFor(moveToSquare(N, m)).count() == board.flipCount(m.row, m.col, colour));
            const Move m = expected[std::uniform_int_distribution<std::size_t>(0, expected.size() - 1)(rng)];
            const int flipped = board.applyMove(m.row, m.col, colour);
            const auto f = pos.flipsFor(moveToSquare(N, m));
            REQUIRE(f.count() == flipped);
            pos = pos.play(moveToSquare(N, m), f);
            colour = opponentOf(colour);
            REQUIRE(pos == Position<N>::fromBoard(board, colour));
            Board back(N);
            pos.toBoard(back, colour);
            REQUIRE(back == board);
        }
        CHECK(pos.P.count() + pos.O.count() + pos.emptyCount() == N * N);
        (void)passes;
    }
}

}  // namespace

TEST_CASE("bitboard move generation and flips agree with Board at every size", "[bitboard][heavy]") {
    for (int n = kMinSize; n <= kMaxSize; n += 2) {
        INFO("n = " << n);
        const int games = n <= 8 ? 200 : n <= 14 ? 20 : 4;
        bb::dispatchSize(n, [&](auto size) { crossCheck<decltype(size)::value>(1000u + static_cast<unsigned>(n), games); });
    }
}

TEST_CASE("bitboard shifts never wrap around the board", "[bitboard]") {
    bb::dispatchSize(10, [](auto size) {
        constexpr int N = decltype(size)::value;
        for (int sq = 0; sq < N * N; ++sq) {
            const auto x = bb::Bits<N>::single(sq);
            const auto nb = bb::neighbours(x);
            int expected = 0;
            for (int d = 0; d < 8; ++d) {
                const int r = sq / N + bb::kDirRow[d], c = sq % N + bb::kDirCol[d];
                if (r >= 0 && r < N && c >= 0 && c < N) {
                    ++expected;
                    CHECK(nb.test(r * N + c));
                }
            }
            CHECK(nb.count() == expected);
        }
    });
}

TEST_CASE("neighbours of any set are the union of its eight shifts, at every size", "[bitboard]") {
    for (int n = 4; n <= 26; n += 2) {
        bb::dispatchSize(n, [n](auto size) {
            constexpr int N = decltype(size)::value;
            std::mt19937 rng(static_cast<unsigned>(n));
            for (int trial = 0; trial < 200; ++trial) {
                bb::Bits<N> x;
                const unsigned density = 1 + trial % 7;  // sparse to dense sets
                for (int sq = 0; sq < N * N; ++sq)
                    if (rng() % 8 < density) x.set(sq);
                bb::Bits<N> expected;
                bb::forEachDir([&](auto d) { expected |= bb::shift<decltype(d)::value>(x); });
                CHECK(bb::neighbours(x) == expected);
            }
        });
    }
}

TEST_CASE("the 8x8 neighbours of any set are the squares next to one of its discs", "[bitboard]") {
    // Square by square, independently of the shifts (bb8::neighbours takes four, not eight).
    const auto naive = [](std::uint64_t x) {
        std::uint64_t out = 0;
        for (int sq = 0; sq < 64; ++sq) {
            if (!(x >> sq & 1)) continue;
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r = sq / 8 + dr, c = sq % 8 + dc;
                    if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8) out |= std::uint64_t{1} << (r * 8 + c);
                }
        }
        return out;
    };
    std::mt19937_64 rng(8);
    for (int trial = 0; trial < 2000; ++trial) {
        std::uint64_t x = rng();
        for (int k = 0; k < trial % 4; ++k) x &= rng();  // dense to sparse
        if (trial < 64) x = std::uint64_t{1} << trial;   // every single square, the edges' wraps among them
        INFO("x = " << x);
        CHECK(bb8::neighbours(x) == naive(x));
    }
}

TEST_CASE("dispatchSize runs the template of the size asked for and refuses every other size", "[bitboard]") {
    for (int n = 4; n <= 26; n += 2) CHECK(bb::dispatchSize(n, [](auto size) { return decltype(size)::value; }) == n);
    for (const int n : {-2, 0, 2, 3, 7, 25, 27, 28, 64}) {
        INFO("n = " << n);
        // Before: any size not in the list ran as 26x26.
        CHECK_THROWS_AS(bb::dispatchSize(n, [](auto size) { return decltype(size)::value; }), std::invalid_argument);
    }
    CHECK_THROWS_WITH(bb::dispatchSize(28, [](auto) { return 0; }), "unsupported board size 28 (an even number from 4 to 26)");
}

TEST_CASE("bitboard masks", "[bitboard]") {
    CHECK(bb::Masks<8>::full.w[0] == ~0ULL);
    CHECK(bb::Masks<26>::full.count() == 676);
    CHECK(bb::Masks<26>::corners.count() == 4);
    CHECK(bb::Masks<26>::xSquares.count() == 4);
    CHECK(bb::Masks<26>::cSquares.count() == 8);
    CHECK(bb::Masks<4>::edges.count() == 12);
}
