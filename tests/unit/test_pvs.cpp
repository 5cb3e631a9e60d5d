// The negascout move loop (search/pvs.hpp) on synthetic trees: inside its window it returns the minimax
// value, outside it a bound on the right side (fail-soft); it stops at the first cutoff, reports it,
// hands the table store the window it was given, and gives up at once when the search is stopped,
// keeping a move its null window proved better.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "search/pvs.hpp"

using namespace reversi;

namespace {

// A uniform tree: node k's children are k * kWidth + 1 .. k * kWidth + kWidth; leaves carry values.
constexpr int kWidth = 3, kDepth = 5;

struct Tree {
    std::vector<int> leaf;  // by node index, for the nodes at depth kDepth
    int nodes = 0;
    explicit Tree(unsigned seed) {
        std::mt19937 rng(seed);
        int count = 1, total = 1;
        for (int d = 0; d < kDepth; ++d) total += count *= kWidth;
        leaf.resize(static_cast<std::size_t>(total));
        for (int& v : leaf) v = static_cast<int>(rng() % 41) - 20;
    }
    int negamax(int node, int depth) const {
        if (depth == 0) return leaf[static_cast<std::size_t>(node)];
        int best = -1000;
        for (int i = 1; i <= kWidth; ++i) best = std::max(best, -negamax(node * kWidth + i, depth - 1));
        return best;
    }
    int pvs(int node, int depth, int alpha, int beta) {
        ++nodes;
        if (depth == 0) return leaf[static_cast<std::size_t>(node)];
        struct Move {
            int sq;
        };
        std::vector<Move> moves;
        for (int i = 1; i <= kWidth; ++i) moves.push_back({node * kWidth + i});
        const PvsOutcome r = searchMoves(
            PvsHooks{.next = [&](int i) -> const Move& { return moves[static_cast<std::size_t>(i)]; },
                     .search = [&](const Move& m, int a, int b) { return -pvs(m.sq, depth - 1, -b, -a); },
                     .stopped = [] { return false; }},
            kWidth, alpha, beta, -1000);
        return r.score;
    }
};

}  // namespace

TEST_CASE("the negascout loop is fail-soft minimax within its window", "[search]") {
    for (unsigned seed = 1; seed <= 40; ++seed) {
        Tree tree(seed);
        const int exact = tree.negamax(0, kDepth);
        CHECK(tree.pvs(0, kDepth, -1000, 1000) == exact);
        for (const int alpha : {-25, -10, -3, 0, 4, 12}) {
            INFO("seed " << seed << ", window (" << alpha << ", " << alpha + 5 << "), exact " << exact);
            const int v = tree.pvs(0, kDepth, alpha, alpha + 5);
            if (exact <= alpha) CHECK(v <= alpha);
            else if (exact >= alpha + 5) CHECK(v >= alpha + 5);
            else CHECK(v == exact);
            CHECK((tree.pvs(0, kDepth, alpha, alpha + 1) > alpha) == (exact > alpha));  // a null window
        }
    }
}

TEST_CASE("the negascout loop reports cutoffs, scores and its store, and gives up when stopped", "[search]") {
    struct Move {
        int sq;
        int value;
    };
    const Move moves[] = {{7, 1}, {3, 9}, {5, 4}};
    std::vector<int> searched, cut;
    int stored = -1, storedSq = -1, storedAlpha = 0, storedBeta = 0;
    bool stop = false;
    const auto run = [&](int alpha, int beta) {
        searched.clear();
        cut.clear();
        stored = storedSq = -1;
        return searchMoves(PvsHooks{.next = [&](int i) -> const Move& { return moves[i]; },
                                    .search = [&](const Move& m, int, int) { return m.value; },
                                    .stopped = [&] { return stop; },
                                    .searched = [&](const Move& m, int s) { searched.push_back(m.sq * 100 + s); },
                                    .cutoff = [&](const Move& m) { cut.push_back(m.sq); },
                                    .store =
                                        [&](int best, int sq, int a, int b) {
                                            stored = best, storedSq = sq, storedAlpha = a, storedBeta = b;
                                        }},
                           3, alpha, beta, -99);
    };
    PvsOutcome r = run(0, 20);  // no cutoff: every move, the best is the second
    CHECK((r.score == 9 && r.sq == 3 && !r.stopped));
    CHECK(searched == std::vector<int>{701, 309, 504});
    CHECK(cut.empty());
    CHECK((stored == 9 && storedSq == 3 && storedAlpha == 0 && storedBeta == 20));
    r = run(0, 5);  // the second move cuts off: the third is never searched
    CHECK((r.score == 9 && r.sq == 3));
    CHECK(searched == std::vector<int>{701, 309});
    CHECK(cut == std::vector<int>{3});
    CHECK((stored == 9 && storedBeta == 5));
    stop = true;  // stopped: no score kept, no store
    r = run(0, 20);
    CHECK((r.stopped && r.sq == -1 && r.score == -99));
    CHECK(searched.empty());
    CHECK(stored == -1);
}

TEST_CASE("the negascout loop stopped in a re-search reports the move its null window proved better", "[search]") {
    // The second move's null-window search beats the first move's 1; the search is stopped while it is
    // searched again with the whole window (or, the second time, during the null-window search itself).
    struct Move {
        int sq;
        int value;
    };
    const Move moves[] = {{7, 1}, {3, 9}, {5, 4}};
    for (const bool inReSearch : {true, false}) {
        INFO((inReSearch ? "stopped in the re-search" : "stopped in the null-window search"));
        bool stop = false;
        int calls = 0;
        const PvsOutcome r = searchMoves(
            PvsHooks{.next = [&](int i) -> const Move& { return moves[i]; },
                     .search =
                         [&](const Move& m, int a, int b) {
                             ++calls;
                             if (m.sq == 3 && (inReSearch ? b > a + 1 : b == a + 1)) stop = true;
                             return stop && !inReSearch ? 0 : m.value;  // a stopped search's score is noise
                         },
                     .stopped = [&] { return stop; }},
            3, 0, 20, -99);
        CHECK(r.stopped);
        CHECK(calls == (inReSearch ? 3 : 2));
        if (inReSearch) CHECK((r.sq == 3 && r.score == 9));  // proven above 1: a lower bound
        else CHECK((r.sq == 7 && r.score == 1));               // nothing proven: the first move stays
    }
}
