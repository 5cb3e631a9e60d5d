// The learned evaluation of the other sizes (eval/eval_nxn.hpp) and its training tools (tools/games_nxn,
// tools/fit_eval_nxn): the same value for every symmetric image of a position, games that depend on the
// seed alone and replay legally to the end, and a fit that touches only its own size.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include "scratch_files.hpp"

#include "bitboard/position.hpp"
#include "eval/eval_nxn.hpp"
#include "tools/fit_eval_nxn.hpp"
#include "search/tt.hpp"
#include "tools/games_nxn.hpp"

using namespace reversi;

namespace {

template <int N>
Position<N> image(const Position<N>& p, int which) {
    Position<N> q;
    for (int sq = 0; sq < N * N; ++sq) {
        int r = sq / N, c = sq % N;
        if (which & 4) std::swap(r, c);
        if (which & 1) c = N - 1 - c;
        if (which & 2) r = N - 1 - r;
        if (p.P.test(sq)) q.P.set(r * N + c);
        if (p.O.test(sq)) q.O.set(r * N + c);
    }
    return q;
}

template <int N>
int evalOf(const eval_nxn::Weights& w, const Position<N>& p) {
    return w.evaluate(N, p.emptyCount(), eval_nxn::featuresOf(p, p.moves(), p.opponentMoves()));
}

// Random legal moves (passing when the side has none) until `plies` are played or the game ends.
void playRandomly(Board& b, char& side, int plies, std::mt19937_64& rng) {
    for (int ply = 0; ply < plies; ++ply) {
        auto moves = b.legalMoves(side);
        if (moves.empty()) {
            side = opponentOf(side);
            moves = b.legalMoves(side);
            if (moves.empty()) break;
        }
        const Move m = moves[rng() % moves.size()];
        b.applyMove(m.row, m.col, side);
        side = opponentOf(side);
    }
}

template <int N>
void checkSymmetry(const eval_nxn::Weights& w, std::mt19937_64& rng) {
    std::set<int> values;
    for (int i = 0; i < 30; ++i) {
        Board b(N);
        char side = kBlack;
        playRandomly(b, side, N * N / 2, rng);
        const auto p = Position<N>::fromBoard(b, side);
        const int v = evalOf(w, p);
        values.insert(v);
        for (int which = 1; which < 8; ++which) REQUIRE(evalOf(w, image(p, which)) == v);
    }
    CHECK(values.size() > 10);
}

}  // namespace

TEST_CASE("eval_nxn: every symmetric image of a position evaluates the same, with any weights", "[eval_nxn]") {
    std::mt19937_64 rng(4);
    std::vector<std::int16_t> packed(static_cast<std::size_t>(eval_nxn::kSizes * eval_nxn::kPhases) * eval_nxn::layout().packedPerPhase);
    for (auto& w : packed) w = static_cast<std::int16_t>(static_cast<int>(rng() % 65) - 32);
    const eval_nxn::Weights w(eval_nxn::packWeights(packed));
    CHECK(w.has(10));
    checkSymmetry<6>(w, rng);
    checkSymmetry<10>(w, rng);
    checkSymmetry<26>(w, rng);
}

namespace {

// Each instance's configuration read square by square from the runtime table (the reference for the
// compile-time unrolled reader of featuresOf).
template <int N>
void checkConfigs(std::mt19937_64& rng) {
    for (int i = 0; i < 20; ++i) {
        Board b(N);
        char side = kBlack;
        playRandomly(b, side, static_cast<int>(rng() % static_cast<std::uint64_t>(N * N - 4)), rng);
        const auto p = Position<N>::fromBoard(b, side);
        const eval_nxn::Features f = eval_nxn::featuresOf(p, p.moves(), p.opponentMoves());
        const auto& in = eval_nxn::instances(N);
        for (int k = 0; k < eval_nxn::kInstances; ++k) {
            int v = 0;
            for (int j = 0; j < in[static_cast<std::size_t>(k)].size; ++j) {
                const int sq = in[static_cast<std::size_t>(k)].squares[static_cast<std::size_t>(j)];
                const char cell = b.at(sq / N, sq % N);
                v = v * 3 + (cell == side ? 1 : cell == opponentOf(side) ? 2 : 0);
            }
            REQUIRE(f.config[static_cast<std::size_t>(k)] == v);
        }
    }
}

}  // namespace

TEST_CASE("eval_nxn: each pattern instance reads its own squares at every size", "[eval_nxn]") {
    // Two instances written out at 10x10: the a1 corner's 3x3 block, and the last one, the 2x4 block of
    // the opposite corner running up the last column.
    const auto& in = eval_nxn::instances(10);
    CHECK(std::vector<int>(in[0].squares.begin(), in[0].squares.begin() + in[0].size) ==
          std::vector<int>{0, 1, 2, 10, 11, 12, 20, 21, 22});
    CHECK(std::vector<int>(in[19].squares.begin(), in[19].squares.begin() + in[19].size) ==
          std::vector<int>{99, 89, 79, 69, 98, 88, 78, 68});
    std::mt19937_64 rng(17);
    for (int n = 6; n <= 26; n += 2) {
        if (n == 8) continue;
        INFO("n = " << n);
        bb::dispatchSize(n, [&](auto size) { checkConfigs<decltype(size)::value>(rng); });
    }
}

TEST_CASE("train_nxn games depend on the seed alone and replay legally to the end, and a fit touches its size only", "[eval_nxn][train8]") {
    train_nxn::GamesOptions o;
    o.dir = freshDir("games_nxn-a");
    o.size = 10;
    o.games = 30;
    o.blockGames = 10;
    train_nxn::generateGames(o);
    train_nxn::GamesOptions p = o;
    p.dir = freshDir("games_nxn-b");
    p.jobs = 2;
    train_nxn::generateGames(p);
    std::filesystem::remove(p.dir + "/10/block-00001.games");
    train_nxn::generateGames(p);  // resumes the missing block
    for (const char* b : {"/10/block-00000.games", "/10/block-00001.games", "/10/block-00002.games"})
        CHECK(slurp(o.dir + b) == slurp(p.dir + b));
    const auto games = train_nxn::readGames(o.dir, 10);
    REQUIRE(games.size() == 30);
    for (const auto& g : games) {
        Board b(10);
        char side = kBlack;
        for (const Move m : g.moves) {
            if (!b.hasLegalMove(side)) side = opponentOf(side);
            REQUIRE(b.isLegalMove(m.row, m.col, side));
            b.applyMove(m.row, m.col, side);
            side = opponentOf(side);
        }
        CHECK(b.isGameOver());
    }
    const std::size_t per = eval_nxn::layout().packedPerPhase;
    std::vector<std::int16_t> packed(static_cast<std::size_t>(eval_nxn::kSizes * eval_nxn::kPhases) * per, 7);
    train_nxn::FitSizeOptions f;
    f.games = o.dir;
    f.size = 10;
    f.iterations = 10;
    train_nxn::fitSize(packed, f);
    const auto tables = [&](int n) {
        const auto first = packed.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(eval_nxn::sizeIndex(n) * eval_nxn::kPhases) * per);
        return std::vector<std::int16_t>(first, first + static_cast<std::ptrdiff_t>(eval_nxn::kPhases * per));
    };
    CHECK(tables(10) != std::vector<std::int16_t>(eval_nxn::kPhases * per, 7));
    CHECK(tables(12) == std::vector<std::int16_t>(eval_nxn::kPhases * per, 7));
    std::filesystem::remove_all(o.dir);
    std::filesystem::remove_all(p.dir);
}

namespace {

// The exact final margin for `side` (empties to the winner) by plain negamax over the rules module.
int bruteForceMargin(const Board& b, char side) {
    const auto moves = b.legalMoves(side);
    if (moves.empty()) {
        if (!b.hasLegalMove(opponentOf(side))) {
            const int own = b.count(side), other = b.count(opponentOf(side)), empty = b.count(kEmpty);
            return own > other ? own - other + empty : own < other ? own - other - empty : 0;
        }
        return -bruteForceMargin(b, opponentOf(side));
    }
    int best = -1000;
    for (const Move m : moves) {
        Board child = b;
        child.applyMove(m.row, m.col, side);
        best = std::max(best, -bruteForceMargin(child, opponentOf(side)));
    }
    return best;
}

}  // namespace

TEST_CASE("train_nxn search labels: exact margins where solved, a game ending within the depth as its margin", "[eval_nxn][train8]") {
    const eval_nxn::Weights& weights = eval_nxn::Weights::builtin();
    TranspositionTable tt(12);
    train_nxn::FitSizeOptions o;
    o.searchDepth = 2;
    o.exactEmpties = 7;
    std::mt19937 rng(5);
    int checked = 0;
    for (int game = 0; game < 12; ++game) {  // random 6x6 games stopped at 7 empties
        Board b(6);
        char side = kBlack;
        while (b.count(kEmpty) > 7 && !b.isGameOver()) {
            if (!b.hasLegalMove(side)) side = opponentOf(side);
            const auto moves = b.legalMoves(side);
            const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
            b.applyMove(m.row, m.col, side);
            side = opponentOf(side);
        }
        if (b.isGameOver()) continue;
        if (!b.hasLegalMove(side)) side = opponentOf(side);
        CHECK(train_nxn::searchLabel(b, side, o, weights, tt) == static_cast<float>(bruteForceMargin(b, side) * eval_nxn::kScale));
        ++checked;
    }
    CHECK(checked >= 8);

    // Black's only move, c1, ends the game within the depth: 3 discs to White's 1 in the corner, which
    // nobody can take, and the 32 empties to Black. The label is that margin, not the search's
    // sentinel for a won game (nor the board's size, which a wipe-out would give).
    Board ended(6);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 6; ++c) ended.set(r, c, kEmpty);
    ended.set(0, 0, kBlack);
    ended.set(0, 1, kWhite);
    ended.set(5, 5, kWhite);
    o.exactEmpties = 0;
    CHECK(train_nxn::searchLabel(ended, kBlack, o, weights, tt) == static_cast<float>(34 * eval_nxn::kScale));
}

TEST_CASE("train_nxn search-labelled fit: the same weights with one thread or two", "[eval_nxn][train8]") {
    train_nxn::GamesOptions g;
    g.dir = freshDir("games_nxn-labels");
    g.size = 6;
    g.games = 20;
    train_nxn::generateGames(g);
    const std::size_t per = eval_nxn::layout().packedPerPhase;
    train_nxn::FitSizeOptions f;
    f.games = g.dir;
    f.size = 6;
    f.iterations = 5;
    f.searchDepth = 2;
    f.exactEmpties = 6;
    f.perPhase = 40;
    std::vector<std::int16_t> one(static_cast<std::size_t>(eval_nxn::kSizes * eval_nxn::kPhases) * per, 0), two = one, outcomes = one;
    std::size_t labelled = 0;
    train_nxn::fitSize(one, f, {}, [&](int, std::size_t done, std::size_t) { labelled = std::max(labelled, done); });
    f.jobs = 2;
    train_nxn::fitSize(two, f);
    f.searchDepth = 0;
    train_nxn::fitSize(outcomes, f);
    CHECK(labelled == 40);
    CHECK(one == two);
    CHECK(one != outcomes);
    std::filesystem::remove_all(g.dir);
}

TEST_CASE("train_nxn share: a size class plays the fitted size's weights, and only a fitted size is shared", "[eval_nxn]") {
    std::mt19937_64 rng(9);
    const std::size_t perSize = static_cast<std::size_t>(eval_nxn::kPhases) * eval_nxn::layout().packedPerPhase;
    std::vector<std::int16_t> packed(perSize * eval_nxn::kSizes, 0);
    const auto sizeTables = [&](int n) { return packed.begin() + static_cast<std::ptrdiff_t>(perSize * static_cast<std::size_t>(eval_nxn::sizeIndex(n))); };
    for (auto it = sizeTables(16); it != sizeTables(16) + static_cast<std::ptrdiff_t>(perSize); ++it)
        *it = static_cast<std::int16_t>(static_cast<int>(rng() % 65) - 32);
    CHECK_FALSE(eval_nxn::Weights(eval_nxn::packWeights(packed)).has(20));

    train_nxn::shareSize(packed, 16, 20);
    const eval_nxn::Weights w(eval_nxn::packWeights(packed));
    REQUIRE(w.has(20));
    CHECK_FALSE(w.has(18));
    // The same features at the same share of the board filled score the same at both sizes.
    Board b(20);
    char side = kBlack;
    for (int ply = 0; ply < 120; ++ply) {
        auto moves = b.legalMoves(side);
        if (moves.empty()) break;
        const Move m = moves[rng() % moves.size()];
        b.applyMove(m.row, m.col, side);
        side = opponentOf(side);
        const auto p = Position<20>::fromBoard(b, side);
        const auto f = eval_nxn::featuresOf(p, p.moves(), p.opponentMoves());
        const int phase = eval_nxn::phaseOf(20, p.emptyCount());
        const int emptiesAt16 = 256 - (phase * 256 + eval_nxn::kPhases - 1) / eval_nxn::kPhases;
        REQUIRE(eval_nxn::phaseOf(16, emptiesAt16) == phase);
        REQUIRE(w.evaluate(20, p.emptyCount(), f) == w.evaluate(16, emptiesAt16, f));
    }
    CHECK_THROWS_AS(train_nxn::shareSize(packed, 18, 22), std::invalid_argument);  // nothing fitted at 18
    CHECK_THROWS_AS(train_nxn::shareSize(packed, 16, 8), std::invalid_argument);   // 8x8 has its own evaluation
    CHECK_FALSE(eval_nxn::Weights(eval_nxn::packWeights(packed)).has(22));
}
