#include "search/endgame8.hpp"

#include <algorithm>
#include <array>
#include <chrono>

#include "bitboard/bitboard.hpp"
#include "eval/eval8.hpp"
#include "search/endgame8_table.hpp"
#include "search/last_flip8.hpp"
#include "bitboard/position.hpp"
#include "search/pvs.hpp"
#include "search/stability8.hpp"

namespace reversi {

namespace {

using eg8::u64;

inline u64 bit(int sq) { return u64{1} << sq; }
// Quadrant of a square as a one-bit mask (parity of empties per quadrant).
constexpr unsigned quadrant(int sq) { return 1U << (((sq >> 5) & 1) * 2 + ((sq >> 2) & 1)); }
constexpr std::array<unsigned, 64> kQuadrant = [] {
    std::array<unsigned, 64> t{};
    for (int sq = 0; sq < 64; ++sq) t[static_cast<std::size_t>(sq)] = quadrant(sq);
    return t;
}();
// Quadrants holding an odd number of the given empty squares, as quadrant bits.
inline unsigned parityOf(u64 empty) {
    constexpr u64 q0 = 0x0F0F0F0FULL, q1 = 0xF0F0F0F0ULL;
    return (std::popcount(empty & q0) & 1U) | (std::popcount(empty & q1) & 1U) << 1 |
           (std::popcount(empty & (q0 << 32)) & 1U) << 2 | (std::popcount(empty & (q1 << 32)) & 1U) << 3;
}

// Copies the n squares of sq to out, those alone in their quadrant (odd quadrants) first, each group
// in its original order: the parity order of the last empties.
template <typename T>
inline void oddQuadrantsFirst(const std::uint8_t* sq, int n, unsigned parity, T* out) {
    int k = 0;
    for (int i = 0; i < n; ++i)
        if (parity & kQuadrant[sq[i]]) out[k++] = sq[i];
    for (int i = 0; i < n; ++i)
        if (!(parity & kQuadrant[sq[i]])) out[k++] = sq[i];
}

// Negamax bookkeeping after one move's score: raises best and alpha; true on a beta cutoff.
inline bool improves(int score, int& best, int& alpha, int beta) {
    if (score <= best) return false;
    best = score;
    if (score <= alpha) return false;
    alpha = score;
    return alpha >= beta;
}

// Edax's null-window stability thresholds: below them a stability cutoff cannot succeed.
constexpr int kStabilityThreshold[65] = {99, 99, 99, 99, 6,  8,  10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32,
                                         34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56,
                                         58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
                                         64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64};

constexpr int kShallowEmpties = 6;  // at or below: no move generation, no table, parity order
constexpr int kTableEmpties = 8;    // at or above: transposition table
constexpr int kEtcEmpties = 9;      // at or above: enhanced transposition cutoffs (children in the table)
// Positions with fewer than kNearEmpties empties go to a small table of their own (at most 2^kNearBits
// entries, 1.5 MiB) that stays in the caches: the enhanced cutoffs' reads of every child's bucket at 9 to
// 12 empties no longer wait on memory, and the many entries of the last empties no longer evict the
// deeper ones. FFO #50-#55: 0.86 of the one-table solver's CPU, 2-3% more nodes (docs/results/ffo-endgame.md).
constexpr int kNearEmpties = 12;
constexpr int kNearBits = 16;
constexpr int kSortEmpties = 14;    // at or above: moves ordered by a shallow search (depth 1, 2 from 15, 3 from 22)
// Selective passes before the exact one, as Edax does: the same search, but a node with kProbeEmpties
// or more empties is cut when a depth-kProbeDepth search of the learned evaluation puts it beyond the
// window by the pass's margin (in discs). They cost about a sixth of the nodes and leave their best
// moves in the table, so the exact pass meets good moves first; a full-window solve starts from their
// score. Fewer than kSelectiveRootEmpties at the root: they cost more than they save (FFO #1-#19).
// Margins, empties, depth: within 2% of the fewest nodes on FFO #40-#49, the simplest such settings
// (docs/results/ffo-endgame.md).
constexpr std::array<int, 3> kSelectiveMargins = {4, 8, 16};
constexpr int kSelectiveRootEmpties = 18;
constexpr int kProbeEmpties = 10;
constexpr int kProbeDepth = 2;

// Fastest-first keys below kSortEmpties (tuned on FFO #40, #41, #44, #47 node counts): the opponent's
// mobility dominates; then potential mobility, parity, a corner, our corner-anchored stable discs.
constexpr int kKeyPotential = 2, kKeyParity = 8, kKeyCorner = 16, kKeyStable = 12;
// Weights of the small ordering evaluation (orderingEval): coordinate descent on the node count of FFO #40..#44,
// #46, #47.
constexpr int kEvalMobility = 8, kEvalCorner = 24, kEvalXSquare = 16, kEvalPotential = 1, kEvalStable = 8, kEvalDisc = -1;
// Added to it: the engine's learned evaluation (eval8.hpp) times kEvalPattern per disc. The hand terms
// say which move is quick to prove (mobility), the patterns which one is good: together they beat
// either alone, and 4 took the fewest nodes on FFO #40..#49 of 2, 4, 6 and 8 (docs/results/).
constexpr int kEvalPattern = 4;

using bb8::kCorners;

// The eight neighbours of each square: a move there can only be legal next to an opponent's disc.
constexpr std::array<u64, 64> kNeighbours = [] {
    std::array<u64, 64> t{};
    for (int sq = 0; sq < 64; ++sq)
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
                const int r = sq / 8 + dr, c = sq % 8 + dc;
                if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8) t[static_cast<std::size_t>(sq)] |= u64{1} << (r * 8 + c);
            }
    return t;
}();

using eg8::cornerStable;
using eg8::kExactLevel;
using eg8::lastFlipCount;

}  // namespace

struct EndgameSolver8::Impl {
    using Entry = eg8::TableEntry;
    // The pass under way: its margin (0 in the exact pass) and level. Bounds serve only passes no more
    // exact than the one that stored them; a table move serves every pass.
    int margin = 0;
    std::uint8_t level = kExactLevel;
    bool usable(const Entry& e) const { return e.level >= level; }
    eg8::SolverTable8 table, nearTable;  // kNearEmpties or more empties; fewer
    u64 nodeCount = 0;
    u64 nextStopCheck = 0;
    std::function<bool()> stop;
    bool stopped = false;
    const eval8::Weights& eval8Weights = eval8::Weights::builtin();
    const eval8::Geometry& geometry = eval8::geometry();  // kept: geometry() checks a static guard per call

    explicit Impl(int log2) : table(log2), nearTable(nearBits(log2)) {}
    static int nearBits(int log2) { return std::min(log2, kNearBits); }
    eg8::SolverTable8& tableFor(int empties) { return empties >= kNearEmpties ? table : nearTable; }

    // ---- The last empties: explicit square lists, no move generation. ----

    int solve1(u64 P, u64 O, int sq) {
        ++nodeCount;
        const int p = std::popcount(P);
        if (const int n = lastFlipCount(sq, P, O)) return 2 * (p + n + 1) - 64;
        if (const int n = lastFlipCount(sq, O, P)) return 2 * (p - n) - 64;
        const int d = 2 * p - 63;  // game over with one empty: it goes to the winner
        return d > 0 ? d + 1 : d - 1;
    }

    int solve2(u64 P, u64 O, int alpha, int beta, int x1, int x2, bool passed) {
        ++nodeCount;
        int best = -99;
        if (O & kNeighbours[static_cast<std::size_t>(x1)])
            if (const u64 f = bb8::flips(x1, P, O)) best = -solve1(O ^ f, P ^ f ^ bit(x1), x2);
        if (best < beta && (O & kNeighbours[static_cast<std::size_t>(x2)])) {
            if (const u64 f = bb8::flips(x2, P, O)) best = std::max(best, -solve1(O ^ f, P ^ f ^ bit(x2), x1));
        }
        if (best == -99) {
            if (passed) return bb8::finalMargin(O, P) * -1;
            return -solve2(O, P, -beta, -alpha, x1, x2, true);
        }
        return best;
    }

    // Three empties: the odd-quadrant squares first, then straight to solve2.
    int solve3(u64 P, u64 O, int alpha, int beta, const std::uint8_t* sq, unsigned parity) {
        int x[3];
        oddQuadrantsFirst(sq, 3, parity, x);
        return solve3(P, O, alpha, beta, x[0], x[1], x[2], false);
    }
    int solve3(u64 P, u64 O, int alpha, int beta, int x1, int x2, int x3, bool passed) {
        ++nodeCount;
        int best = -99;
        // Tries the move on a (the other empties b, c); true on a cutoff.
        const auto tryMove = [&](int a, int b, int c) {
            if (!(O & kNeighbours[static_cast<std::size_t>(a)])) return false;
            const u64 f = bb8::flips(a, P, O);
            if (!f) return false;
            return improves(-solve2(O ^ f, P ^ f ^ bit(a), -beta, -alpha, b, c, false), best, alpha, beta);
        };
        if (tryMove(x1, x2, x3) || tryMove(x2, x1, x3) || tryMove(x3, x1, x2)) return best;
        if (best == -99) {
            if (passed) return -bb8::finalMargin(O, P);
            return -solve3(O, P, -beta, -alpha, x1, x2, x3, true);
        }
        return best;
    }

    // Four empties: the odd-quadrant squares first (a stable partition), each move straight to solve3.
    int solve4(u64 P, u64 O, int alpha, int beta, const std::uint8_t* sq, unsigned parity, bool passed) {
        ++nodeCount;
        std::uint8_t x[4];
        oddQuadrantsFirst(sq, 4, parity, x);
        int best = -99;
        // Tries the move on x[i]; true on a cutoff.
        const auto tryMove = [&](int i) {
            const int a = x[i];
            if (!(O & kNeighbours[static_cast<std::size_t>(a)])) return false;
            const u64 f = bb8::flips(a, P, O);
            if (!f) return false;
            std::uint8_t rest[3];
            for (int j = 0, r = 0; j < 4; ++j)
                if (j != i) rest[r++] = x[j];
            return improves(-solve3(O ^ f, P ^ f ^ bit(a), -beta, -alpha, rest, parity ^ kQuadrant[static_cast<std::size_t>(a)]),
                            best, alpha, beta);
        };
        if (tryMove(0) || tryMove(1) || tryMove(2) || tryMove(3)) return best;
        if (best == -99) {
            if (passed) return -bb8::finalMargin(O, P);
            return -solve4(O, P, -beta, -alpha, sq, parity, true);
        }
        return best;
    }

    // n (5..kShallowEmpties) empties in sq[]; parity = odd quadrants as a bit set. Odd quadrants first.
    // A move swaps its square to the end of the list so that the child sees the first n - 1 (and swaps
    // it back afterwards): no copying of lists.
    int shallow(u64 P, u64 O, int alpha, int beta, std::uint8_t* sq, int n, unsigned parity, bool passed) {
        ++nodeCount;
        int best = -99;
        for (unsigned want : {parity, ~parity}) {
            for (int i = 0; i < n; ++i) {
                const int s = sq[i];
                if (!(want & kQuadrant[static_cast<std::size_t>(s)]) || !(O & kNeighbours[static_cast<std::size_t>(s)])) continue;
                const u64 f = bb8::flips(s, P, O);
                if (!f) continue;
                const u64 nP = O ^ f, nO = P ^ f ^ bit(s);
                std::swap(sq[i], sq[n - 1]);
                const unsigned childParity = parity ^ kQuadrant[static_cast<std::size_t>(s)];
                const int score = n == 5 ? -solve4(nP, nO, -beta, -alpha, sq, childParity, false)
                                         : -shallow(nP, nO, -beta, -alpha, sq, n - 1, childParity, false);
                std::swap(sq[i], sq[n - 1]);
                if (improves(score, best, alpha, beta)) return best;
            }
        }
        if (best == -99) {
            if (passed) return -bb8::finalMargin(O, P);
            return -shallow(O, P, -beta, -alpha, sq, n, parity, true);
        }
        return best;
    }

    int shallowEntry(u64 P, u64 O, int alpha, int beta) {
        std::uint8_t sq[kShallowEmpties];
        int n = 0;
        unsigned parity = 0;
        // Corners first, then the rest: a cheap static order inside each parity class.
        u64 empty = ~(P | O);
        for (u64 e = empty & kCorners; e; e &= e - 1) sq[n++] = static_cast<std::uint8_t>(std::countr_zero(e));
        for (u64 e = empty & ~kCorners; e; e &= e - 1) sq[n++] = static_cast<std::uint8_t>(std::countr_zero(e));
        parity = parityOf(empty);
        switch (n) {
            case 0: return bb8::finalMargin(P, O);
            case 1: return solve1(P, O, sq[0]);
            case 2: return solve2(P, O, alpha, beta, sq[0], sq[1], false);
            case 3: return solve3(P, O, alpha, beta, sq, parity);
            case 4: return solve4(P, O, alpha, beta, sq, parity, false);
            default: return shallow(P, O, alpha, beta, sq, n, parity, false);
        }
    }

    // ---- Deeper: move generation, fastest-first, table, stability. ----

    struct Move {
        u64 f;
        int sq;
        int key;
    };

    // A small midgame evaluation for move ordering only, in ordering units (not a score: mobility
    // dominates, because a move that leaves few replies is quick to prove): hand terms plus the learned
    // evaluation in discs times kEvalPattern.
    int orderingEval(const eval8::Features& f, u64 P, u64 O, u64 mp, u64 mo) const {
        return handEval(P, O, mp, mo) + kEvalPattern * eval8Weights.evaluate(f, P, O, std::popcount(mp), std::popcount(mo)) / eval8::kScale;
    }
    static int handEval(u64 P, u64 O, u64 mp, u64 mo) {
        const u64 empty = ~(P | O);
        const u64 emptyCornerX = bb8::neighbours(empty & kCorners) & bb8::kXSquares;
        return (std::popcount(mp) + std::popcount(mp & kCorners) - std::popcount(mo) - std::popcount(mo & kCorners)) * kEvalMobility +
               (std::popcount(P & kCorners) - std::popcount(O & kCorners)) * kEvalCorner -
               (std::popcount(P & emptyCornerX) - std::popcount(O & emptyCornerX)) * kEvalXSquare +
               (std::popcount(bb8::neighbours(O) & empty) - std::popcount(bb8::neighbours(P) & empty)) * kEvalPotential +
               (std::popcount(cornerStable(P)) - std::popcount(cornerStable(O))) * kEvalStable +
               (std::popcount(P) - std::popcount(O)) * kEvalDisc;
    }
    // f: the evaluation's features of (P, O), updated move by move rather than recomputed at the leaves.
    template <bool Pure = false>
    int midSearch(u64 P, u64 O, const eval8::Features& f, int alpha, int beta, int depth, bool passed) {
        ++nodeCount;
        const u64 mp = bb8::moves(P, O);
        if (depth == 0) {
            if constexpr (Pure) return eval8Weights.evaluate(f, P, O, std::popcount(mp), std::popcount(bb8::moves(O, P)));
            else return orderingEval(f, P, O, mp, bb8::moves(O, P));
        }
        if (!mp) {
            if (passed) return -bb8::finalMargin(O, P) * (Pure ? eval8::kScale : 64);
            eval8::Features g = f;
            eval8::pass(g);
            return -midSearch<Pure>(O, P, g, -beta, -alpha, depth, true);
        }
        int best = -1000000;
        for (u64 m = mp; m; m &= m - 1) {
            const int s = std::countr_zero(m);
            const u64 flips = bb8::flips(s, P, O);
            const eval8::Features g = eval8::played(geometry, f, s, flips);
            if (improves(-midSearch<Pure>(O ^ flips, P ^ flips ^ bit(s), g, -beta, -alpha, depth - 1, false), best, alpha, beta)) break;
        }
        return best;
    }

    // The legal moves with their flips (keys still unset).
    static int listMoves(u64 P, u64 O, u64 mv, Move* list) {
        int n = 0;
        for (; mv; mv &= mv - 1) {
            const int s = std::countr_zero(mv);
            list[n++] = {bb8::flips(s, P, O), s, 0};
        }
        return n;
    }

    // Ordering keys, higher first: the table move, then a wipe-out, then by the criteria above. A
    // shallow search needs an exact value only for a move that beats the best so far: the others get
    // a bound, at a fraction of the leaves (a tenth less CPU, 1% more nodes on FFO #45-#49).
    void keyMoves(u64 P, u64 O, int ttMove, unsigned parity, Move* list, int n) {
        const int empties = 64 - std::popcount(P | O);
        const u64 empty = ~(P | O);
        // High in the tree: order by a shallow midgame search.
        const int depth = empties >= 22 ? 3 : empties >= 15 ? 2 : 1;
        const eval8::Features f = empties >= kSortEmpties ? eval8::featuresOf(P, O) : eval8::Features{};
        int bestKey = -1000000;
        for (Move* m = list; m != list + n; ++m) {
            const int s = m->sq;
            const u64 nP = O ^ m->f, nO = P ^ m->f ^ bit(s);
            if (empties >= kSortEmpties) {
                const eval8::Features g = eval8::played(geometry, f, s, m->f);
                m->key = s == ttMove ? 1 << 30 : -midSearch(nP, nO, g, -1000000, 1 - bestKey, depth - 1, false);
                if (s != ttMove) bestKey = std::max(bestKey, m->key);
                if (nP == 0) m->key = 1 << 29;
            } else if (s == ttMove) {
                m->key = 1 << 30;
            } else if (nP == 0) {
                m->key = 1 << 29;  // wipe-out
            } else {
                const u64 replies = bb8::moves(nP, nO);
                // Fastest first: fewest replies (corners count double), then fewest potential replies.
                const u64 nearMine = bb8::neighbours(nO) & empty & ~bit(s);
                m->key = -(std::popcount(replies) + std::popcount(replies & kCorners)) * 64 -
                         std::popcount(nearMine) * kKeyPotential;
                if (parity & kQuadrant[static_cast<std::size_t>(s)]) m->key += kKeyParity;
                if (bit(s) & kCorners) m->key += kKeyCorner;
                m->key += kKeyStable * std::popcount(cornerStable(nO));
            }
        }
    }

    // The child search of a PVS node (pvs.hpp): the score of move m within (alpha, beta); `empties` is
    // the child's.
    int searchChild(const Move& m, u64 P, u64 O, int alpha, int beta, int empties) {
        return -deep(O ^ m.f, P ^ m.f ^ bit(m.sq), -beta, -alpha, empties, false);
    }

    // The i-th move of a node in search order. The table move alone first: it often cuts off, and then
    // the others need no ordering (which costs a shallow search per move high in the tree), so the
    // others are keyed only when the loop asks for them.
    const Move& nextMove(u64 P, u64 O, Move* list, int i, int n, int ttMove, bool& keyed) {
        if (i == 0 && ttMove >= 0) {
            for (int j = 0; j < n; ++j) {
                if (list[j].sq != ttMove) continue;
                std::swap(list[0], list[j]);
                return list[0];
            }
        }
        if (!keyed) {
            keyMoves(P, O, -1, parityOf(~(P | O)), list + i, n - i);
            keyed = true;
        }
        int bi = i;
        for (int j = i + 1; j < n; ++j)
            if (list[j].key > list[bi].key) bi = j;
        std::swap(list[i], list[bi]);
        return list[i];
    }

    int deep(u64 P, u64 O, int alpha, int beta, int empties, bool passed) {
        if (empties <= kShallowEmpties) return shallowEntry(P, O, alpha, beta);
        // The clock every 8192 nodes or more (about 0.3 ms): the shallow solvers count nodes too, so
        // a test on the count's low bits alone could miss its turn for long stretches.
        if (++nodeCount >= nextStopCheck) {
            nextStopCheck = nodeCount + 8192;
            if (stop && !stopped && stop()) stopped = true;
        }
        if (stopped) return 0;
        const u64 mv = bb8::moves(P, O);
        if (!mv) {
            if (passed) return -bb8::finalMargin(O, P);
            return -deep(O, P, -beta, -alpha, empties, true);
        }
        if (alpha >= kStabilityThreshold[empties]) {
            const int bound = 64 - 2 * std::popcount(eg8::stableDiscs(O, P));
            if (bound <= alpha) return bound;
        }
        int ttMove = -1;
        Entry* e = nullptr;
        if (empties >= kTableEmpties) {
            e = tableFor(empties).slotFor(P, O);
            if (e->P == P && e->O == O) {
                if (usable(*e)) {
                    if (e->lower >= beta) return e->lower;
                    if (e->upper <= alpha) return e->upper;
                    if (e->lower == e->upper) return e->lower;
                    alpha = std::max<int>(alpha, e->lower);
                    beta = std::min<int>(beta, e->upper);
                }
                ttMove = e->move;
            }
        }
        if (margin && empties >= kProbeEmpties) {
            if (const int cut = probeCut(P, O, alpha, beta)) return cut == 1 ? beta : alpha;
        }
        Move list[32];
        const int n = listMoves(P, O, mv, list);
        // Enhanced transposition cutoff: a child already known to be bad enough for the opponent.
        if (empties >= kEtcEmpties) {
            const eg8::SolverTable8& children = tableFor(empties - 1);
            for (const Move* m = list; m != list + n; ++m)
                if (const Entry* c = children.find(O ^ m->f, P ^ m->f ^ bit(m->sq)); c && usable(*c) && -c->upper >= beta) return -c->upper;
        }
        bool keyed = false;
        const PvsOutcome r = searchMoves(
            PvsHooks{[&](int i) -> const Move& { return nextMove(P, O, list, i, n, ttMove, keyed); },
                     [&](const Move& m, int a, int b) { return searchChild(m, P, O, a, b, empties - 1); },
                     [&] { return stopped; },
                     PvsNoHook{}, PvsNoHook{}, [&](int best, int bestSq, int alphaOrig, int b) {
                         if (e) eg8::storeEntry(*e, P, O, empties, level, best, bestSq, alphaOrig, b);
                     }},
            n, alpha, beta, -99);
        return r.stopped ? 0 : r.score;
    }

    // The score through narrow windows: first the one that holds only the guess (an even score), then
    // windows of 8 discs moving away from it until one holds the score. Narrow windows cut far more
    // than the full one, the table carrying bounds from one window to the next.
    SolveResult rootByWindows(u64 P, u64 O, int guess) {
        const SolveResult first = root(P, O, guess - 1, guess + 1);
        if (stopped || first.score == guess) return first;
        const bool up = first.score > guess;  // the way the windows move
        int alpha = up ? guess : std::max(-65, guess - 8), beta = up ? std::min(65, guess + 8) : guess;
        while (true) {
            const SolveResult r = root(P, O, alpha, beta);
            // A selective pass can contradict its last window (ProbCut is not consistent: the windows
            // would swing back and forth for ever); an exact search never does. Either ends the search.
            if (stopped || (up ? r.score < beta : r.score > alpha) || r.score <= -64 || r.score >= 64) return r;
            const int a = alpha, b = beta;
            alpha = up ? b - 1 : std::max(-65, a - 8);
            beta = up ? std::min(65, b + 8) : a + 1;
        }
    }

    // The selective passes (kSelectiveMargins) at a root with at least kSelectiveRootEmpties empties:
    // they fill the table with moves and return the last pass's score, rounded to even, as the exact
    // pass's first guess (0 when there were none), and its move (-1 when none finished). The exact
    // pass follows.
    struct Passes {
        int guess = 0;
        int move = -1;
    };
    Passes selectivePasses(u64 P, u64 O) {
        Passes done;
        if (64 - std::popcount(P | O) < kSelectiveRootEmpties) return done;
        for (std::size_t i = 0; i < kSelectiveMargins.size(); ++i) {
            margin = kSelectiveMargins[i];
            level = static_cast<std::uint8_t>(i + 1);
            const SolveResult r = rootByWindows(P, O, done.guess);
            if (stopped) break;
            done = {std::clamp(r.score & ~1, -64, 64), r.move};
        }
        margin = 0;
        level = kExactLevel;
        return done;
    }

    // Multi-ProbCut's test at a node of a selective pass: +1 when a depth-kProbeDepth search of the
    // learned evaluation puts the node `margin` discs above beta, -1 when that far below alpha, else 0.
    int probeCut(u64 P, u64 O, int alpha, int beta) {
        const eval8::Features f = eval8::featuresOf(P, O);
        const int up = (beta + margin) * eval8::kScale, down = (alpha - margin) * eval8::kScale;
        if (beta + margin <= 64 && midSearch<true>(P, O, f, up - 1, up, kProbeDepth, false) >= up) return 1;
        if (alpha - margin >= -64 && midSearch<true>(P, O, f, down, down + 1, kProbeDepth, false) <= down) return -1;
        return 0;
    }

    // Best move and fail-soft score within (alpha, beta); the move is the best fully searched one.
    SolveResult root(u64 P, u64 O, int alpha, int beta) {
        SolveResult r;
        const int empties = 64 - std::popcount(P | O);
        u64 mv = bb8::moves(P, O);
        if (!mv) {
            r.score = bb8::moves(O, P) ? -deep(O, P, -beta, -alpha, empties, true) : bb8::finalMargin(P, O);
            r.complete = !stopped;
            return r;
        }
        Move list[32];
        const int n = listMoves(P, O, mv, list);
        const Entry* e = tableFor(empties).find(P, O);
        keyMoves(P, O, e ? e->move : -1, parityOf(~(P | O)), list, n);
        std::stable_sort(list, list + n, [](const Move& a, const Move& b) { return a.key > b.key; });
        const PvsOutcome best = searchMoves(
            PvsHooks{[&](int i) -> const Move& { return list[i]; },
                     [&](const Move& m, int a, int b) { return searchChild(m, P, O, a, b, empties - 1); },
                     [&] { return stopped; }},
            n, alpha, beta, -65);
        r.move = best.sq;
        r.score = best.score;
        r.complete = !stopped;
        return r;
    }
};

EndgameSolver8::EndgameSolver8(int log2TableEntries) : impl_(std::make_unique<Impl>(log2TableEntries)) {}
EndgameSolver8::~EndgameSolver8() = default;
std::uint64_t EndgameSolver8::tableBytes(int log2TableEntries) {
    return eg8::SolverTable8::bytes(log2TableEntries) + eg8::SolverTable8::bytes(Impl::nearBits(log2TableEntries));
}

void EndgameSolver8::clear() {
    impl_->table.clear();
    impl_->nearTable.clear();
}
std::uint64_t EndgameSolver8::nodes() const { return impl_->nodeCount; }

SolveResult EndgameSolver8::solve(std::uint64_t P, std::uint64_t O, std::function<bool()> stop, int alpha, int beta) {
    const auto t0 = std::chrono::steady_clock::now();
    impl_->stop = std::move(stop);
    impl_->stopped = false;
    const u64 before = impl_->nodeCount;
    const Impl::Passes passes = impl_->selectivePasses(P, O);
    SolveResult r = impl_->stopped                  ? SolveResult{.complete = false}
                    : alpha <= -64 && beta >= 64 ? impl_->rootByWindows(P, O, passes.guess)
                                                 : impl_->root(P, O, alpha, beta);
    if (!r.complete) {
        r.likelyMove = passes.move;
        r.likelyScore = passes.guess;
    }
    r.nodes = impl_->nodeCount - before;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    impl_->stop = {};
    return r;
}

int EndgameSolver8::solveWindow(std::uint64_t P, std::uint64_t O, int alpha, int beta) {
    impl_->stopped = false;
    impl_->stop = {};
    return impl_->deep(P, O, alpha, beta, 64 - std::popcount(P | O), false);
}

RootSolve8 solveRootOutcome(EndgameSolver8& solver, std::uint64_t P, std::uint64_t O, const std::function<bool()>& stop) {
    RootSolve8 r;
    const SolveResult wld = solver.solve(P, O, stop, -1, 1);
    r.nodes += wld.nodes;
    if (!wld.complete) {
        if (wld.move >= 0 && wld.score >= 1) r.move = wld.move;  // a proven win
        r.likelyMove = wld.likelyMove;
        r.likelyScore = wld.likelyScore;
        return r;
    }
    r.move = wld.move;
    if (wld.score != 0) {
        const SolveResult exact = wld.score > 0 ? solver.solve(P, O, stop, 0, 65) : solver.solve(P, O, stop, -65, 0);
        r.nodes += exact.nodes;
        if (!exact.complete) {
            if (exact.move >= 0 && (wld.score < 0 || exact.score > 0)) r.move = exact.move;
            return r;
        }
        r.move = exact.move;
        r.margin = exact.score;
    }
    r.complete = true;
    return r;
}

}  // namespace reversi
