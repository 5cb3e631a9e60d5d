#include "search/midgame8.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "bitboard/bitboard8.hpp"
#include "search/endgame8.hpp"
#include "search/pvs.hpp"

namespace reversi {

namespace {

using u64 = std::uint64_t;
constexpr int kScale = eval8::kScale;
constexpr int kInf = Midgame8::kMaxScore + 1;
constexpr int kMaxEval = Midgame8::kMaxScore - 1;  // an estimate never claims a maximal win
using bb8::kCorners;
using bb8::kXSquares;
// At or above: children ordered by their evaluation and mobility; below it (depths 2 and 3; depth 1
// lists no moves) by the replies they leave. Depth 3 evaluated every child for about as many nodes as
// the replies alone cost (docs/results/midgame8-search.md).
constexpr int kSortDepth = 4;
// Late move reductions: from the fourth move in order (index kLateMove) of a node of depth kReduceDepth
// or more, the null-window search is one ply shallower first (docs/results/midgame8-search.md).
constexpr int kLateMove = 3;
constexpr int kReduceDepth = 5;
constexpr int kEtcDepth = 4;    // at or above: enhanced transposition cutoffs

inline u64 bit(int sq) { return u64{1} << sq; }

// Window bounds in discs that contain a window in eval8 units.
inline int discsBelow(int v) { return v >= 0 ? v / kScale : -((-v + kScale - 1) / kScale); }
inline int discsAbove(int v) { return -discsBelow(-v); }

struct Entry {
    u64 P = 0, O = 0;
    std::int16_t lower = -kInf, upper = kInf;
    std::uint8_t depth = 0;
    std::int8_t move = -1;
    std::uint8_t generation = 0;
};

struct Node {
    u64 P, O;
    eval8::Features f;
};

struct MoveKey {
    int sq;
    u64 flips;
    u64 replies;  // the child's moves, computed for the ordering and handed to its search
    int key;
};

constexpr u64 kMovesUnknown = ~u64{0};  // never a set of moves (the occupied squares are in it)

}  // namespace

struct Midgame8::Impl {
    const eval8::Weights& weights;
    const eval8::Geometry& geometry = eval8::geometry();  // kept: geometry() checks a static guard per call
    const ProbCut8* probCut;
    std::vector<Entry> table;
    std::size_t mask;
    std::uint8_t generation = 0;
    EndgameSolver8 solver;  // for the nodes whose depth reaches the end
    u64 nodes = 0, nextCheck = 0;
    const std::function<bool()>* stop = nullptr;
    bool stopped = false;
    // 0, or searchToEnd's floor: nodes whose depth reaches the end are solved exactly only from this
    // many empties; above it they are searched as midgame nodes, Multi-ProbCut on.
    int selectiveFloor = 0;

    bool solveHere(int depth, int empties) const { return depth >= empties && (selectiveFloor == 0 || empties <= selectiveFloor); }

    Impl(const eval8::Weights& w, const ProbCut8* p, int log2)
        : weights(w), probCut(p && !p->empty() ? p : nullptr), table(std::size_t{1} << log2),
          mask((std::size_t{1} << log2) - 1), solver(std::max(10, log2 - 2)) {}

    Entry* bucket(u64 P, u64 O) {
        u64 h = (P ^ (O * 0x9E3779B97F4A7C15ULL)) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 31;
        return &table[static_cast<std::size_t>(h) & mask & ~std::size_t{1}];
    }
    Entry* find(u64 P, u64 O) {
        Entry* b = bucket(P, O);
        return (b[0].P == P && b[0].O == O) ? &b[0] : (b[1].P == P && b[1].O == O) ? &b[1] : nullptr;
    }
    void store(u64 P, u64 O, int depth, int score, int alpha, int beta, int move) {
        Entry* b = bucket(P, O);
        Entry* e = (b[0].P == P && b[0].O == O) ? &b[0] : (b[1].P == P && b[1].O == O) ? &b[1] : nullptr;
        if (!e) {
            // Replace the older entry, else the shallower one.
            const auto worth = [&](const Entry& x) { return (x.generation == generation ? 256 : 0) + x.depth; };
            e = worth(b[0]) <= worth(b[1]) ? &b[0] : &b[1];
            *e = Entry{P, O, static_cast<std::int16_t>(-kInf), static_cast<std::int16_t>(kInf), 0, -1, generation};
        }
        if (e->depth > depth) return;  // a shallower result never replaces a deeper one's bounds or move
        if (e->depth != depth) {
            e->lower = static_cast<std::int16_t>(-kInf);
            e->upper = static_cast<std::int16_t>(kInf);
            e->depth = static_cast<std::uint8_t>(depth);
        }
        if (score > alpha) e->lower = static_cast<std::int16_t>(std::max<int>(e->lower, score));
        if (score < beta) e->upper = static_cast<std::int16_t>(std::min<int>(e->upper, score));
        if (move >= 0) e->move = static_cast<std::int8_t>(move);
        e->generation = generation;
    }

    bool timeUp() {
        if (++nodes >= nextCheck) {
            nextCheck = nodes + 4096;
            if (stop && *stop && !stopped && (*stop)()) stopped = true;
        }
        return stopped;
    }

    int leaf(const Node& n, u64 moves) const {
        const int v = weights.evaluate(n.f, n.P, n.O, std::popcount(moves), std::popcount(bb8::moves(n.O, n.P)));
        return std::clamp(v, -kMaxEval, kMaxEval);
    }

    // The depth reaches the end of the game: the exact solver, its disc scores scaled.
    int exact(const Node& n, int alpha, int beta) {
        const int a = std::max(-65, discsBelow(alpha)), b = std::min(65, discsAbove(beta));
        const SolveResult r = solver.solve(n.P, n.O, stop ? *stop : std::function<bool()>{}, a, b);
        nodes += r.nodes;
        if (!r.complete) stopped = true;
        return r.score * kScale;
    }

    Node child(const Node& n, int sq, u64 flips) const {
        return Node{n.O ^ flips, n.P ^ flips ^ bit(sq), eval8::played(geometry, n.f, sq, flips)};
    }
    struct Child {
        int sq;
        Node node;
        u64 moves;  // the child's own moves
        int index;  // in search order
    };
    Child childOf(const Node& n, const MoveKey& m, int i) const { return {m.sq, child(n, m.sq, m.flips), m.replies, i}; }

    // The legal moves with their ordering keys (higher first): the table move, then by the child's
    // evaluation and the replies it leaves the opponent.
    int listMoves(const Node& n, u64 moves, int ttMove, int depth, MoveKey* list) {
        int count = 0;
        for (u64 m = moves; m; m &= m - 1) {
            const int sq = std::countr_zero(m);
            MoveKey& mv = list[count++];
            mv.sq = sq;
            mv.flips = bb8::flips(sq, n.P, n.O);
            const u64 childP = n.O ^ mv.flips, childO = n.P ^ mv.flips ^ bit(sq);
            // The child's table bucket, fetched now: its probe comes after this list is sorted.
            __builtin_prefetch(bucket(childP, childO));
            const u64 replies = bb8::moves(childP, childO);
            mv.replies = replies;
            if (sq == ttMove) {
                mv.key = 1 << 30;
            } else if (depth >= kSortDepth) {
                mv.key = childP == 0 ? (1 << 29) : -leaf(child(n, sq, mv.flips), replies) - kScale * std::popcount(replies);
            } else {
                // Fastest first: the fewest replies, a corner among them counted thrice.
                mv.key = -std::popcount(replies) - 2 * std::popcount(replies & kCorners);
            }
        }
        return count;
    }
    static const MoveKey& pickNext(MoveKey* list, int i, int count) {
        int best = i;
        for (int j = i + 1; j < count; ++j)
            if (list[j].key > list[best].key) best = j;
        std::swap(list[i], list[best]);
        return list[i];
    }

    // Multi-ProbCut: true when a shallow search predicts a cutoff; `score` is the bound to return.
    bool probCutoff(const Node& n, u64 moves, int empties, int depth, int alpha, int beta, int& score) {
        if (!probCut || depth > ProbCut8::kMaxDepth ||
            probCutNearWipeOut(std::popcount(n.P), std::popcount(n.O)))
            return false;
        const ProbCut8::Fit& fit = probCut->at(empties, depth);
        if (fit.shallow < 0 || fit.a <= 0) return false;
        // Above the selective floor of a search to the end, the narrower margin (Midgame8::kSelectiveEndT).
        const double margin = (depth >= empties ? kSelectiveEndT : probCut->t) * fit.sigma;
        const double high = (beta + margin - fit.b) / fit.a;
        if (high < kMaxEval) {
            const int bound = ceilToInt(high);
            if (pvs(n, fit.shallow, bound - 1, bound, false, moves) >= bound) {
                score = beta;
                return true;
            }
        }
        const double low = (alpha - margin - fit.b) / fit.a;
        if (low > -kMaxEval) {
            const int bound = floorToInt(low);
            if (pvs(n, fit.shallow, bound, bound + 1, false, moves) <= bound) {
                score = alpha;
                return true;
            }
        }
        return false;
    }

    // The listed moves of n through the negascout loop (pvs.hpp), the result stored unless stopped.
    // Inlined into pvs: a call of its own cost 2% more instructions (callgrind).
    [[gnu::always_inline]] PvsOutcome searchList(const Node& n, MoveKey* list, int count, int depth, int alpha, int beta) {
        // Late moves of deep nodes: a null window one ply shallower first, the full depth only when that
        // beats alpha; never where the children's depth reaches the end (each child has one empty less).
        const bool reduce = depth >= kReduceDepth && depth < 64 - std::popcount(n.P | n.O);
        return searchMoves(
            PvsHooks{[&](int i) { return childOf(n, pickNext(list, i, count), i); },
                     [&](const Child& c, int a, int b) {
                         if (reduce && b == a + 1 && c.index >= kLateMove) {
                             const int v = -pvs(c.node, depth - 2, -b, -a, false, c.moves);
                             if (v <= a || stopped) return v;
                         }
                         return -pvs(c.node, depth - 1, -b, -a, false, c.moves);
                     },
                     [&] { return stopped; },
                     PvsNoHook{}, PvsNoHook{}, [&](int best, int bestSq, int alphaOrig, int b) { store(n.P, n.O, depth, best, alphaOrig, b, bestSq); }},
            count, alpha, beta, -kInf);
    }

    // Depth 1, after the caller's table probe: the best child by its evaluation, with no move list,
    // re-searches or store (a store cost more than the leaves it saved). Fail-soft, as pvs. The order
    // costs nothing and cuts sooner: the table move, the corners, the other squares, the X squares last.
    int frontier(const Node& n, u64 moves, int beta, int ttMove) {
        int best = -kInf;
        const u64 first = ttMove >= 0 ? moves & bit(ttMove) : 0;
        const u64 rest = moves & ~first;
        const u64 groups[4] = {first, rest & kCorners, rest & ~kCorners & ~kXSquares, rest & kXSquares};
        for (const u64 g : groups)
            for (u64 m = g; m; m &= m - 1) {
                const int sq = std::countr_zero(m);
                const Node c = child(n, sq, bb8::flips(sq, n.P, n.O));
                ++nodes;
                const int v = -leaf(c, bb8::moves(c.P, c.O));
                if (v > best) {
                    best = v;
                    if (v >= beta) return best;
                }
            }
        return best;
    }

    // knownMoves: n's moves when the caller has them, else kMovesUnknown.
    int pvs(const Node& n, int depth, int alpha, int beta, bool passed, u64 knownMoves = kMovesUnknown) {
        if (timeUp()) return 0;
        const int empties = 64 - std::popcount(n.P | n.O);
        if (solveHere(depth, empties)) return exact(n, alpha, beta);
        const u64 moves = knownMoves != kMovesUnknown ? knownMoves : bb8::moves(n.P, n.O);
        if (depth == 0) return leaf(n, moves);
        if (!moves) {
            if (passed) return bb8::finalMargin(n.P, n.O) * kScale;
            Node p{n.O, n.P, n.f};
            eval8::pass(p.f);
            return -pvs(p, depth, -beta, -alpha, true);
        }
        int ttMove = -1;
        if (const Entry* e = find(n.P, n.O)) {
            if (e->depth >= depth) {
                if (e->lower >= beta) return e->lower;
                if (e->upper <= alpha) return e->upper;
                if (e->lower == e->upper) return e->lower;
            }
            ttMove = e->move;
        }
        if (depth == 1) return frontier(n, moves, beta, ttMove);
        if (int cut; depth >= 2 && probCutoff(n, moves, empties, depth, alpha, beta, cut)) return cut;
        if (stopped) return 0;
        MoveKey list[32];
        const int count = listMoves(n, moves, ttMove, depth, list);
        if (depth >= kEtcDepth) {
            // Enhanced transposition cutoff: a child already known to be bad enough for the opponent.
            for (int i = 0; i < count; ++i) {
                const MoveKey& m = list[i];
                if (const Entry* c = find(n.O ^ m.flips, n.P ^ m.flips ^ bit(m.sq)); c && c->depth >= depth - 1 && -c->upper >= beta)
                    return -c->upper;
            }
        }
        const PvsOutcome r = searchList(n, list, count, depth, alpha, beta);
        return r.stopped ? 0 : r.score;
    }

    Result root(u64 P, u64 O, int depth, int alpha, int beta, int firstMove) {
        Result r;
        const Node n{P, O, eval8::featuresOf(P, O)};
        const u64 moves = bb8::moves(P, O);
        const int empties = 64 - std::popcount(P | O);
        if (!moves || solveHere(depth, empties)) {
            r.score = pvs(n, depth, alpha, beta, false);
            r.complete = !stopped;
            if (moves && depth >= empties) {
                const SolveResult s = solver.solve(P, O, stop ? *stop : std::function<bool()>{},
                                                   std::max(-65, discsBelow(alpha)), std::min(65, discsAbove(beta)));
                r.move = s.move;
                r.complete = s.complete;
            }
            return r;
        }
        const Entry* e = find(P, O);
        MoveKey list[32];
        const int count = listMoves(n, moves, (firstMove >= 0 && (moves & bit(firstMove))) ? firstMove : e ? e->move : -1,
                                    std::max(depth, kSortDepth), list);
        const PvsOutcome best = searchList(n, list, count, depth, alpha, beta);
        r.move = best.sq;
        r.score = best.score;
        r.complete = !stopped;
        return r;
    }
};

Midgame8::Midgame8(const eval8::Weights& weights, const ProbCut8* probCut, int log2Table)
    : impl_(std::make_unique<Impl>(weights, probCut, log2Table)) {}
Midgame8::~Midgame8() = default;

Midgame8::Result Midgame8::search(u64 P, u64 O, int depth, int alpha, int beta, const std::function<bool()>& stop,
                                  int firstMove) {
    impl_->stop = &stop;
    impl_->stopped = false;
    const u64 before = impl_->nodes;
    Result r = impl_->root(P, O, depth, alpha, beta, firstMove);
    r.nodes = impl_->nodes - before;
    impl_->stop = nullptr;
    return r;
}

Midgame8::Result Midgame8::searchToEnd(u64 P, u64 O, int alpha, int beta, const std::function<bool()>& stop,
                                       int firstMove) {
    impl_->selectiveFloor = kSelectiveFloor;
    const Result r = search(P, O, 64 - std::popcount(P | O), alpha, beta, stop, firstMove);
    impl_->selectiveFloor = 0;
    return r;
}

int Midgame8::evaluate(u64 P, u64 O) const {
    const u64 moves = bb8::moves(P, O);
    if (!moves && !bb8::moves(O, P)) return bb8::finalMargin(P, O) * kScale;
    const Node n{P, O, eval8::featuresOf(P, O)};
    return impl_->leaf(n, moves);
}

void Midgame8::newSearch() { ++impl_->generation; }
void Midgame8::clear() {
    std::fill(impl_->table.begin(), impl_->table.end(), Entry{});
    impl_->solver.clear();
}
std::uint64_t Midgame8::nodes() const { return impl_->nodes; }

}  // namespace reversi
