// Multi-ProbCut of the sizes other than 8x8 (search/probcut_nxn.hpp, tools/fit_probcut_nxn.hpp): the text
// form, the search's cuts (none when the margin is huge, fewer nodes when it is small), and a fit from
// self-play games that has the regression's shape (depth 2 from the static evaluation) and does not
// depend on the threads.
#include <filesystem>
#include <random>

#include <catch2/catch.hpp>

#include "scratch_files.hpp"
#include "random_position.hpp"

#include "rules/board.hpp"
#include "search/probcut_nxn.hpp"
#include "search/search.hpp"
#include "tools/games_nxn.hpp"
#include "tools/fit_probcut_nxn.hpp"

using namespace reversi;

namespace {

// Every phase and depth of size n cut by a shallow search with the given deviation (a = 1, b = 0).
ProbCutN uniformFits(int n, float sigma) {
    ProbCutN p;
    for (int phase = 0; phase < eval_nxn::kPhases; ++phase)
        for (int d = 3; d <= ProbCutN::kMaxDepth; ++d)
            p.phase(n, phase)[static_cast<std::size_t>(d)] = {static_cast<std::int8_t>(probCutShallowDepth(d)), 1.0F, 0.0F, sigma};
    return p;
}

SearchReport searchAt(const Board& board, char colour, int depth, bool probCut, const ProbCutN* fits,
                      Evaluation evaluation = Evaluation::kDefault) {
    EngineOptions o;
    o.evaluation = evaluation;
    o.moveTime = 60;
    o.maxDepth = depth;
    o.probCut = probCut;
    o.probCutFits = fits;
    TranspositionTable tt(16);
    const CpuStopwatch clock;
    return searchPosition(board, colour, o, tt, clock);
}

// Calls f(board, colour) for six seeded random 10x10 positions of 20 to 50 discs (fewer when a random
// game ends early); returns how many.
template <class F>
int forMidgamePositions10(unsigned seed, F&& f) {
    std::mt19937 rng(seed);
    int tested = 0;
    for (int k = 0; k < 6; ++k) {
        Board board(10);
        char colour;
        if (!randomPosition(10, 20 + 6 * k, rng, board, colour)) continue;
        f(board, colour);
        ++tested;
    }
    return tested;
}

}  // namespace

TEST_CASE("probcutN: the table round-trips as text, and malformed lines are refused", "[probcut]") {
    ProbCutN p;
    p.t = 1.25;
    p.phase(10, 3)[7] = {3, 0.95F, -3.5F, 140.25F};
    p.phase(26, 11)[24] = {12, 1.0F, 0.0F, 800.0F};
    const ProbCutN q = parseProbCutN(formatProbCutN(p));
    CHECK(q.t == Approx(1.25));
    CHECK(q.at(10, 100 - 30, 7).shallow == 3);  // 30 of 100 squares filled: phase 3
    CHECK(q.at(10, 100 - 30, 7).a == Approx(0.95));
    CHECK(q.at(10, 100 - 30, 7).b == Approx(-3.5));
    CHECK(q.at(10, 100 - 30, 7).sigma == Approx(140.25));
    CHECK(q.at(26, 1, 24).shallow == 12);
    CHECK(q.at(10, 100 - 30, 6).shallow == -1);
    CHECK(q.has(10));
    CHECK(q.has(26));
    CHECK_FALSE(q.has(12));
    CHECK_FALSE(ProbCutN{}.has(10));
    CHECK_THROWS(parseProbCutN("10 3 7 7 1 0 3\n"));   // shallow not below deep
    CHECK_THROWS(parseProbCutN("8 3 7 3 1 0 3\n"));    // 8x8 has its own
    CHECK_THROWS(parseProbCutN("11 3 7 3 1 0 3\n"));   // no such size
    CHECK_THROWS(parseProbCutN("10 12 7 3 1 0 3\n"));  // no such phase
    CHECK_THROWS(parseProbCutN("10 3 7 3 1 0\n"));     // a field missing
    CHECK_THROWS(parseProbCutN("t -1\n"));
}

TEST_CASE("probcutN in the search: no cut with a huge margin, fewer nodes and legal moves with a small one, none with eval=hand", "[probcut][search]") {
    const ProbCutN never = uniformFits(10, 1e7F), eager = uniformFits(10, 1.0F);
    std::uint64_t fullNodes = 0, cutNodes = 0;
    const int tested = forMidgamePositions10(5, [&](const Board& board, char colour) {
        const SearchReport full = searchAt(board, colour, 6, false, nullptr);
        const SearchReport none = searchAt(board, colour, 6, true, &never);
        const SearchReport cut = searchAt(board, colour, 6, true, &eager);
        CHECK(none.score == full.score);  // the margin is so large that no cut can fire
        CHECK(none.move == full.move);
        CHECK(board.isLegalMove(cut.move.row, cut.move.col, colour));
        // The fits are the default evaluation's: the hand-set one searches full width.
        const SearchReport handFull = searchAt(board, colour, 6, false, nullptr, Evaluation::kHand);
        const SearchReport handCut = searchAt(board, colour, 6, true, &eager, Evaluation::kHand);
        CHECK(handCut.nodes == handFull.nodes);
        fullNodes += full.nodes;
        cutNodes += cut.nodes;
    });
    CHECK(tested >= 4);
    CHECK(cutNodes < fullNodes * 3 / 4);
}

TEST_CASE("probcutN at depth 2: the static evaluation predicts, and cuts there alone save nodes", "[probcut][search]") {
    ProbCutN depth2;
    for (int phase = 0; phase < eval_nxn::kPhases; ++phase) depth2.phase(10, phase)[2] = {0, 1.0F, 0.0F, 1.0F};
    std::uint64_t fullNodes = 0, cutNodes = 0;
    const int tested = forMidgamePositions10(8, [&](const Board& board, char colour) {
        fullNodes += searchAt(board, colour, 5, false, nullptr).nodes;
        const SearchReport cut = searchAt(board, colour, 5, true, &depth2);
        CHECK(board.isLegalMove(cut.move.row, cut.move.col, colour));
        cutNodes += cut.nodes;
    });
    CHECK(tested >= 4);
    CHECK(cutNodes < fullNodes);
}

TEST_CASE("staticScore is the leaf value of the search: a depth-1 search is the best move's negated child score", "[probcut][search]") {
    std::mt19937 rng(9);
    int tested = 0;
    for (int n : {6, 10, 16}) {
        for (int k = 0; k < 4; ++k) {
            Board board(n);
            char colour;
            if (!randomPosition(n, n * n / 3 + 5 * k, rng, board, colour)) continue;
            const char other = colour == kBlack ? kWhite : kBlack;
            EngineOptions o;
            int best = -1 << 30;
            for (int r = 0; r < n; ++r)
                for (int c = 0; c < n; ++c) {
                    if (!board.isLegalMove(r, c, colour)) continue;
                    Board child = board;
                    child.applyMove(r, c, colour);
                    best = std::max(best, -staticScore(child, other, o));
                }
            const SearchReport one = searchAt(board, colour, 1, false, nullptr);
            if (one.exact) continue;
            CHECK(one.score == best);
            ++tested;
        }
    }
    CHECK(tested >= 8);
}

TEST_CASE("train_nxn probcut: fits of the regression's shape, the same with one thread or two, other sizes kept", "[probcut][train8]") {
    train_nxn::GamesOptions g;
    g.dir = freshDir("games_nxn-probcut");
    g.size = 6;
    g.games = 60;
    train_nxn::generateGames(g);
    train_nxn::ProbCutFitOptions o;
    o.games = g.dir;
    o.size = 6;
    o.positions = 40;
    o.maxDepth = 4;
    o.t = 1.75;
    ProbCutN one;
    one.phase(10, 2)[5] = {1, 1.0F, 0.0F, 50.0F};
    ProbCutN two = one;
    std::size_t reported = 0, total = 0;
    train_nxn::fitProbCutN(one, o, [&](std::size_t done, std::size_t all) { reported = done, total = all; });
    o.jobs = 2;
    train_nxn::fitProbCutN(two, o);
    CHECK(total > 0);
    CHECK(reported == total);
    CHECK(formatProbCutN(one) == formatProbCutN(two));
    CHECK(one.t == Approx(1.75));
    CHECK(one.phase(10, 2)[5].sigma == Approx(50.0));  // another size is kept
    int fitted = 0;
    for (int phase = 0; phase < eval_nxn::kPhases; ++phase)
        for (int d = 2; d <= ProbCutN::kMaxDepth; ++d) {
            const ProbCutN::Fit& f = one.phase(6, phase)[static_cast<std::size_t>(d)];
            if (f.shallow < 0) continue;
            CHECK(f.shallow == probCutShallowDepth(d));
            CHECK(f.sigma > 0);
            CHECK(f.a > 0);
            ++fitted;
        }
    CHECK(fitted > 10);
    int depth2 = 0;  // depth 2 is fitted from the static evaluation (depth 0)
    for (int phase = 0; phase < eval_nxn::kPhases; ++phase) depth2 += one.phase(6, phase)[2].shallow == 0;
    CHECK(depth2 > 0);
    CHECK(one.has(6));
    std::filesystem::remove_all(g.dir);
}
