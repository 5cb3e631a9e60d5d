// The exact solver for every size but 8x8 (8x8: endgame8.hpp): negascout to the end of the game on
// Position<N>, final scores only. The engine's search (search.cpp) solves its endgames with it, sharing
// its table, move ordering and clock; `reversi solve` (exact.cpp) runs it on its own.
//
// Scores are in the score unit (eval/score.hpp): exactScore(m) for a final margin m, the empty squares
// of a game that ends early going to the winner (the WOF / FFO convention, as everywhere in the engine).
#pragma once

#include <cstdint>

#include "bitboard/position.hpp"
#include "eval/score.hpp"
#include "search/move_ordering.hpp"
#include "search/node_clock.hpp"
#include "search/pvs.hpp"
#include "search/tt.hpp"
#include "search/types.hpp"

namespace reversi {

template <int N>
class ExactSolver {
    using B = bb::Bits<N>;
    using Pos = Position<N>;
    static constexpr int S = N * N;

public:
    static constexpr int kInf = kWinScore * 2;  // beyond every score
    static constexpr int kTableEmpties = 8;     // at or above: transposition table
    static constexpr int kFastestEmpties = 6;   // at or above: fastest-first ordering

    ExactSolver(TranspositionTable& tt, const MoveOrdering<N>& ordering, NodeClock& clock)
        : tt_(tt), ordering_(ordering), clock_(clock), z_(zobrist()) {}

    // The exact score of pos (key: its Zobrist key with `colour` to move, 0 black, 1 white), fail-soft
    // within (alpha, beta); `empties` = empty squares left. 0 once the clock has stopped the search.
    int solve(const Pos& pos, std::uint64_t key, int colour, int alpha, int beta, int empties) {
        if (clock_.tick()) return 0;
        if (empties == 0) return exactOf(pos);
        const B moves = pos.moves();
        if (moves.none()) {
            if (pos.opponentMoves().none()) return exactOf(pos);
            return -solve(pos.passed(), key ^ z_.side, colour ^ 1, -beta, -alpha, empties);
        }
        if (empties == 1) {  // the last square: play it (the opponent's reply was handled above)
            return -exactOf(pos.play(moves.first()));
        }
        const bool useTT = empties >= kTableEmpties;
        int ttMove = -1;
        if (useTT) {
            if (const TTEntry* e = tt_.probe(key)) {
                int score;
                if (e->depth >= kSolvedDepth && ttCut(*e, alpha, beta, score)) return score;
                if (e->move >= 0 && e->move < S && moves.test(e->move)) ttMove = e->move;
            }
        }
        typename MoveOrdering<N>::MoveList list;
        const int n = ordering_.scoreMoves(pos, moves, ttMove, empties >= kFastestEmpties, list);
        // The negascout loop of pvs.hpp written out: through its hooks this node, the hot one of the
        // generic solver, ran 3% more instructions (callgrind, 6x6 to 14x14 endgames).
        const int alphaOrig = alpha;
        int best = -kInf, bestSq = -1;
        for (int i = 0; i < n; ++i) {
            const int sq = MoveOrdering<N>::pickNext(list, i, n);
            const B f = pos.flipsFor(sq);
            const Pos child = pos.play(sq, f);
            const std::uint64_t ck = useTT ? childKey(z_, key, colour, sq, f) : 0;
            int score;
            if (i == 0) {
                score = -solve(child, ck, colour ^ 1, -beta, -alpha, empties - 1);
            } else {
                score = -solve(child, ck, colour ^ 1, -alpha - 1, -alpha, empties - 1);
                if (score > alpha && score < beta && !clock_.stopped())
                    score = -solve(child, ck, colour ^ 1, -beta, -alpha, empties - 1);
            }
            if (clock_.stopped()) return 0;
            if (raiseBest(score, sq, best, bestSq, alpha, beta)) break;
        }
        if (useTT) {
            tt_.store(key, kSolvedDepth, best, boundOf(best, alphaOrig, beta), bestSq);
        }
        return best;
    }

    // The best move and exact final margin of a whole position (colour to move), full window.
    SolveResult solveRoot(const Pos& root, int colour) {
        SolveResult r;
        const std::uint64_t key = positionKey(z_, N, root, colour);
        const int empties = root.emptyCount();
        const B moves = root.moves();
        if (moves.none()) {
            const int score = root.opponentMoves().none()
                                  ? exactOf(root)
                                  : -solve(root.passed(), key ^ z_.side, colour ^ 1, -kInf, kInf, empties);
            r.score = exactMargin(score);
            r.complete = !clock_.stopped();
            return r;
        }
        typename MoveOrdering<N>::MoveList list;
        const int n = ordering_.scoreMoves(root, moves, -1, true, list);
        const PvsOutcome best = searchMoves(
            PvsHooks{[&](int i) { return childOf(root, key, colour, MoveOrdering<N>::pickNext(list, i, n), true); },
                     [&](const Child& c, int a, int b) { return -solve(c.pos, c.key, colour ^ 1, -b, -a, empties - 1); },
                     [&] { return clock_.stopped(); }},
            n, -kInf, kInf, -kInf);
        r.move = best.sq;
        r.score = exactMargin(best.score);
        r.complete = !clock_.stopped();
        return r;
    }

private:
    struct Child {
        int sq;
        Pos pos;
        std::uint64_t key;  // 0 below the table's empties
    };
    Child childOf(const Pos& pos, std::uint64_t key, int colour, int sq, bool withKey) const {
        const B f = pos.flipsFor(sq);
        return {sq, pos.play(sq, f), withKey ? childKey(z_, key, colour, sq, f) : 0};
    }

    // The exact score of a finished game.
    static int exactOf(const Pos& pos) { return exactScore(pos.finalMargin()); }

    TranspositionTable& tt_;
    const MoveOrdering<N>& ordering_;
    NodeClock& clock_;
    const Zobrist& z_;
};

}  // namespace reversi
