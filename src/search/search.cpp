#include "search/search.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "bitboard/bitboard.hpp"
#include "search/endgame8.hpp"
#include "eval/eval_nxn.hpp"
#include "bitboard/position.hpp"
#include "search/exact_solver.hpp"
#include "search/move_ordering.hpp"
#include "search/node_clock.hpp"
#include "search/probcut_nxn.hpp"
#include "search/pvs.hpp"
#include "search/timeman.hpp"

namespace reversi {

namespace {

constexpr int kMaxIterDepth = 200;    // below kSolvedDepth

// Nodes between two looks at the CPU clock: bigger boards have much dearer nodes.
constexpr int checkMask(int n) { return n <= 8 ? 2047 : n <= 12 ? 511 : n <= 18 ? 127 : 63; }

template <int N>
class Searcher {
    using B = bb::Bits<N>;
    using Pos = Position<N>;
    using Ordering = MoveOrdering<N>;
    static constexpr int S = N * N;
    static constexpr int kInf = ExactSolver<N>::kInf;

    struct RootMove {
        int sq;
        int score;
    };
    struct Child {
        int sq;
        Pos pos;
        std::uint64_t key;
    };
    struct RootChild : Child {
        int index;  // in rootMoves_
    };
    struct RootResult {
        bool completed = false;
        int sq = -1;  // best fully searched move (-1: none)
        int score = -kInf;
    };
    // What one search does, decided from the options and the position before it starts.
    struct Plan {
        bool deterministic = false;  // a fixed depth (options.maxDepth)
        bool trySolve = false;       // an exact solve after the midgame iterations
        int midLimit = 0;            // deepest midgame iteration
        int aspiration = 0;
    };
    // The move the search would play now, and its score (an exact one once solved).
    struct Best {
        int sq;
        int score = 0;
    };

public:
    Searcher(TranspositionTable& tt, TimeManager& tm, const EvalWeights& weights, EndgameSolver8* endgame8)
        : tt_(tt), tm_(tm), w_(weights), z_(zobrist()), endgame8_(endgame8),
          clock_(checkMask(N), [&tm] { return tm.hardStop(); }), exact_(tt, ordering_, clock_) {}

    SearchReport run(const Pos& root, int colour, const EngineOptions& options);
    // What a leaf of the search scores: the static evaluation (the trainer's depth-0 value).
    int staticScore(const Pos& pos, const EngineOptions& options) {
        chooseEvaluation(options);
        return leafScore(pos, pos.moves());
    }

private:
    Plan planFor(int empties, const EngineOptions& options) const;
    // The midgame iterations, deepening while the time manager allows.
    void deepen(const Pos& root, std::uint64_t key, int colour, const Plan& plan, SearchReport& report, Best& best);
    RootResult iteration(const Pos& root, std::uint64_t key, int colour, int depth, int aspiration, int lastScore);
    // The exact solve by the generic solver (exact_solver.hpp).
    void solveGeneric(const Pos& root, std::uint64_t key, int colour, SearchReport& report, Best& best);

    // The learned evaluation and the ProbCut fits of the size, when it has them and they are asked for.
    void chooseEvaluation(const EngineOptions& options) {
        if (options.evaluation == Evaluation::kDefault) {
            const eval_nxn::Weights& learned = options.learnedWeights ? *options.learnedWeights : eval_nxn::Weights::builtin();
            if (learned.has(N)) learned_ = &learned;
        }
        // The fits belong to the default evaluation of the size: `eval=hand` searches full width.
        if (N != 8 && options.probCut && options.evaluation == Evaluation::kDefault) {
            const ProbCutN& fits = options.probCutFits ? *options.probCutFits : builtinProbCutN();
            if (fits.has(N)) probCut_ = &fits;
        }
    }

    // The static score of a leaf: the learned evaluation where the size has weights (8x8 is searched by
    // search8.cpp with eval8), else the hand-set one.
    int leafScore(const Pos& pos, const B& moves) const {
        if constexpr (N != 8) {
            if (learned_) {
                const B replies = pos.opponentMoves();
                if (moves.none() && replies.none()) return exactScore(pos.finalMargin());
                const int v = eval_nxn::toScore(learned_->evaluate(N, pos.emptyCount(), eval_nxn::featuresOf(pos, moves, replies)));
                return static_cast<int>(std::clamp<long long>(v + wipeOutGuard(pos, w_, learnedWipeOutStrength(w_, N)), -kHeuristicLimit + 1, kHeuristicLimit - 1));
            }
        }
        return evaluate<N>(pos, moves, w_);
    }

    Child childOf(const Pos& pos, std::uint64_t key, int colour, int sq) const {
        const B f = pos.flipsFor(sq);
        return {sq, pos.play(sq, f), childKey(z_, key, colour, sq, f)};
    }

    // Multi-ProbCut (probcut_nxn.hpp): true when a shallow search predicts the node's cutoff; `score` is the
    // bound to return. Windows of exact (end of game) scores are left to the full search.
    bool probCutoff(const Pos& pos, std::uint64_t key, int colour, int depth, int alpha, int beta, int& score) {
        if (probCutNearWipeOut(pos.P.count(), pos.O.count())) return false;
        const ProbCutN::Fit& fit = probCut_->at(N, pos.emptyCount(), depth);
        if (fit.shallow < 0 || fit.a <= 0) return false;
        const double margin = probCut_->t * fit.sigma;
        const double high = (beta + margin - fit.b) / fit.a;
        if (high < kHeuristicLimit && beta > -kHeuristicLimit) {
            const int bound = ceilToInt(high);
            if (pvs(pos, key, colour, fit.shallow, bound - 1, bound) >= bound && !clock_.stopped()) {
                score = beta;
                return true;
            }
        }
        const double low = (alpha - margin - fit.b) / fit.a;
        if (low > -kHeuristicLimit && alpha < kHeuristicLimit) {
            const int bound = floorToInt(low);
            if (pvs(pos, key, colour, fit.shallow, bound, bound + 1) <= bound && !clock_.stopped()) {
                score = alpha;
                return true;
            }
        }
        return false;
    }

    // Midgame negascout. Passes do not use depth; two passes end the game with its exact score.
    int pvs(const Pos& pos, std::uint64_t key, int colour, int depth, int alpha, int beta) {
        if (clock_.tick()) return 0;
        const B moves = pos.moves();
        if (depth <= 0) return leafScore(pos, moves);
        if (moves.none()) {
            if (pos.opponentMoves().none()) return exactScore(pos.finalMargin());
            return -pvs(pos.passed(), key ^ z_.side, colour ^ 1, depth, -beta, -alpha);
        }
        int ttMove = -1;
        if (const TTEntry* e = tt_.probe(key)) {
            int score;
            if (e->depth >= depth && ttCut(*e, alpha, beta, score)) return score;
            if (e->move >= 0 && e->move < S && moves.test(e->move)) ttMove = e->move;
        }
        if (probCut_ && beta == alpha + 1 && depth >= 2 && depth <= ProbCutN::kMaxDepth) {
            int cut;
            if (probCutoff(pos, key, colour, depth, alpha, beta, cut)) return cut;
            if (clock_.stopped()) return 0;
        }
        typename Ordering::MoveList list;
        const int n = ordering_.scoreMoves(pos, moves, ttMove, depth >= 3, list);
        // The negascout loop of pvs.hpp written out: through its hooks this node, the hot one of the
        // midgame search, ran 1% more instructions (callgrind, 10x10 and 14x14 at depth 7).
        const int alphaOrig = alpha;
        int best = -kInf, bestSq = -1;
        for (int i = 0; i < n; ++i) {
            const int sq = Ordering::pickNext(list, i, n);
            const B f = pos.flipsFor(sq);
            const Pos child = pos.play(sq, f);
            const std::uint64_t ck = childKey(z_, key, colour, sq, f);
            int score;
            if (i == 0) {
                score = -pvs(child, ck, colour ^ 1, depth - 1, -beta, -alpha);
            } else {
                score = -pvs(child, ck, colour ^ 1, depth - 1, -alpha - 1, -alpha);
                if (score > alpha && score < beta && !clock_.stopped())
                    score = -pvs(child, ck, colour ^ 1, depth - 1, -beta, -alpha);
            }
            if (clock_.stopped()) return 0;
            if (raiseBest(score, sq, best, bestSq, alpha, beta)) {
                ordering_.recordCutoff(sq, depth);
                break;
            }
        }
        tt_.store(key, depth, best, boundOf(best, alphaOrig, beta), bestSq);
        return best;
    }

    // One pass over the root moves. depth > 0: midgame search to that depth; depth == 0: exact solve.
    RootResult searchRoot(const Pos& root, std::uint64_t key, int colour, int depth, int alpha, int beta) {
        const int empties = root.emptyCount();
        const auto childSearch = [&](const RootChild& c, int a, int b) {
            return depth > 0 ? -pvs(c.pos, c.key, colour ^ 1, depth - 1, -b, -a)
                             : -exact_.solve(c.pos, c.key, colour ^ 1, -b, -a, empties - 1);
        };
        const PvsOutcome best = searchMoves(
            PvsHooks{[&](int i) { return RootChild{childOf(root, key, colour, rootMoves_[static_cast<std::size_t>(i)].sq), i}; },
                     childSearch,
                     [&] { return clock_.stopped(); },
                     [&](const RootChild& c, int score) { rootMoves_[static_cast<std::size_t>(c.index)].score = score; }},
            static_cast<int>(rootMoves_.size()), alpha, beta, -kInf);
        RootResult r;
        r.sq = best.sq;
        r.score = best.score;
        r.completed = !clock_.stopped();
        // Best first for the next pass; the rest keep their order by score (ties: previous order).
        if (r.sq >= 0) {
            if (r.completed) {
                std::stable_sort(rootMoves_.begin(), rootMoves_.end(),
                                 [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            }
            auto it = std::find_if(rootMoves_.begin(), rootMoves_.end(), [&](const RootMove& m) { return m.sq == r.sq; });
            std::rotate(rootMoves_.begin(), it, it + 1);
        }
        return r;
    }

    // 8x8 only: win / loss / draw, then the exact margin, by the dedicated solver (endgame8.hpp), whose
    // scores give the empties to the winner. An unfinished pass keeps a move it proved good enough.
    void solveBy8x8Solver(const Pos& root, SearchReport& report, int& bestSq, int& bestScore) {
        if constexpr (N == 8) {
            const RootSolve8 r = solveRootOutcome(*endgame8_, root.P.w[0], root.O.w[0], [this] { return tm_.hardStop(); });
            clock_.add(r.nodes);
            // Not r.likelyMove: the solver's selective passes judge by the learned 8x8 evaluation, and
            // this path plays with the hand one (part2:eval=hand, tune), whose own move stays.
            if (r.move >= 0) bestSq = r.move;
            if (!r.complete) {
                clock_.stop();
                return;
            }
            bestScore = exactScore(r.margin);
            report.exact = true;
            report.depth = root.emptyCount();
        } else {
            (void)root, (void)report, (void)bestSq, (void)bestScore;
        }
    }

    TranspositionTable& tt_;
    TimeManager& tm_;
    const EvalWeights& w_;
    const Zobrist& z_;
    EndgameSolver8* endgame8_;
    const eval_nxn::Weights* learned_ = nullptr;  // the learned evaluation of this size, when it has one
    const ProbCutN* probCut_ = nullptr;        // Multi-ProbCut fits of this size, when it has them
    Ordering ordering_;
    NodeClock clock_;
    ExactSolver<N> exact_;
    std::vector<RootMove> rootMoves_;
};

template <int N>
typename Searcher<N>::Plan Searcher<N>::planFor(int empties, const EngineOptions& options) const {
    Plan plan;
    plan.deterministic = options.maxDepth > 0;
    const int levelCap = options.depthLimit > 0 ? std::min(options.depthLimit, kMaxIterDepth) : kMaxIterDepth;
    const int depthCap = std::min(plan.deterministic ? options.maxDepth : levelCap, kMaxIterDepth);
    plan.trySolve = plan.deterministic ? empties <= options.maxDepth
                                       : empties <= solveEmpties(N, options.moveTime) && empties <= 2 * levelCap;
    // Before a solve: a short midgame search for move ordering and as the fallback should the solve not
    // finish (fixed depth when deterministic, else a small share of the budget).
    plan.midLimit = std::min({depthCap, empties, plan.trySolve && plan.deterministic ? kPreSolveDepth : kMaxIterDepth});
    plan.aspiration = options.aspiration;
    return plan;
}

template <int N>
typename Searcher<N>::RootResult Searcher<N>::iteration(const Pos& root, std::uint64_t key, int colour, int depth,
                                                        int aspiration, int lastScore) {
    if (aspiration > 0 && depth >= 3 && !isExactScore(lastScore)) {
        // Aspiration: a window around the last iteration's score; a score outside it is only a
        // bound, so that iteration is searched again with the full window.
        const int alpha = lastScore - aspiration, beta = lastScore + aspiration;
        const RootResult r = searchRoot(root, key, colour, depth, alpha, beta);
        if (!r.completed || (r.score > alpha && r.score < beta)) return r;
    }
    return searchRoot(root, key, colour, depth, -kInf, kInf);
}

template <int N>
void Searcher<N>::deepen(const Pos& root, std::uint64_t key, int colour, const Plan& plan, SearchReport& report, Best& best) {
    const int empties = root.emptyCount();
    for (int d = 1; d <= plan.midLimit; ++d) {
        if (d > 1 && !tm_.canStartIteration()) break;
        if (d > 1 && plan.trySolve && !plan.deterministic && tm_.usedFraction() > kPreSolveShare) break;
        const double started = tm_.elapsed();
        const RootResult r = iteration(root, key, colour, d, plan.aspiration, best.score);
        if (r.sq >= 0) {  // completed, or partial: its first (previous best) move searched or a better one proven
            best = {r.sq, r.score};
        }
        if (!r.completed) break;
        report.depth = d;
        if (d >= empties) {  // every leaf was the end of the game
            report.exact = true;
            break;
        }
        tm_.iterationDone(tm_.elapsed() - started, best.sq, best.score);
    }
}

template <int N>
void Searcher<N>::solveGeneric(const Pos& root, std::uint64_t key, int colour, SearchReport& report, Best& best) {
    // Win / loss / draw first, then the exact margin within the known outcome.
    const RootResult wld = searchRoot(root, key, colour, 0, -1, 1);
    if (wld.sq >= 0 && (wld.completed || wld.score >= 1)) best = {wld.sq, wld.score};
    if (!wld.completed) return;
    if (wld.score == 0) {
        report.exact = true;
        best.score = 0;
    } else {
        const RootResult exact = wld.score > 0 ? searchRoot(root, key, colour, 0, 0, kInf)
                                               : searchRoot(root, key, colour, 0, -kInf, 0);
        if (exact.completed) {
            best = {exact.sq, exact.score};
            report.exact = true;
        } else if (exact.sq >= 0 && (wld.score < 0 || exact.score > 0)) {
            best.sq = exact.sq;  // a fully searched move at least as good as the outcome
        }
    }
    if (report.exact) report.depth = root.emptyCount();
}

template <int N>
SearchReport Searcher<N>::run(const Pos& root, int colour, const EngineOptions& options) {
    SearchReport report;
    chooseEvaluation(options);
    const std::uint64_t key = positionKey(z_, N, root, colour);

    typename Ordering::MoveList list;
    const int n = ordering_.scoreMoves(root, root.moves(), -1, true, list);
    for (int i = 0; i < n; ++i) rootMoves_.push_back({Ordering::pickNext(list, i, n), 0});

    tm_.setPhase(1.0 - static_cast<double>(root.emptyCount()) / S);
    const Plan plan = planFor(root.emptyCount(), options);
    Best best{rootMoves_.front().sq, 0};
    deepen(root, key, colour, plan, report, best);
    if (plan.trySolve && !report.exact && !clock_.stopped()) {
        if (N == 8 && endgame8_ && !plan.deterministic) solveBy8x8Solver(root, report, best.sq, best.score);
        else solveGeneric(root, key, colour, report, best);
    }

    report.move = squareToMove(N, best.sq);
    report.score = report.exact ? exactMargin(best.score) : best.score;
    report.nodes = clock_.nodes();
    report.seconds = tm_.elapsed();
    return report;
}

}  // namespace

int solveEmpties(int n, double moveTime) {
    // 8x8 has its own solver (endgame8.hpp): from a cleared table, an exact solve of a game's position
    // takes a median 0.1 s at 20 empties and 0.35 s (p90 0.8 s) at 22 on one core; in play the table
    // kept from the last moves and the win/loss/draw pass first make it cheaper, and an unfinished solve
    // still has the move of its last selective pass (docs/results/midgame8-search.md: 22 beat 20 at the
    // default time; from 0.08 to 0.3 s, where the solve seldom finishes above 20 empties, the passes'
    // move from 24, then 26, beat Midgame8's selective search there, which does better at the default).
    if (n == 8) return moveTime > 2.0 ? 24 : moveTime >= 0.3 ? 22 : moveTime >= 0.08 ? 26 : 16;
    // Measured on one core (random endgames, WLD + exact, 0.6 s): these finish well inside the budget;
    // when the exact pass does not, the completed WLD pass still picks a move of the right outcome.
    int base = n <= 6 ? 64 : n <= 12 ? 14 : n <= 18 ? 13 : 12;
    if (moveTime < 0.3) base -= 2;
    if (moveTime < 0.08) base -= 2;
    if (moveTime > 2.0) base += 2;
    return base;
}

int selectiveEndEmpties(int n, double moveTime) {
    // At the default (0.75 s) the solve starts at 22 and the selective search finishes about half its
    // moves at 23-24 (docs/results/midgame8-search.md). At 0.1 s it seldom finished at 21-22 empties,
    // where the solver's own selective passes do better.
    if (n == 8 && moveTime >= 0.3 && moveTime <= 2.0) return 24;
    return 0;
}

int staticScore(const Board& board, char colour, const EngineOptions& options, const EvalWeights& weights) {
    TranspositionTable tt(10);
    TimeManager tm;
    tm.start(options.moveTime, true);
    return bb::dispatchSize(board.size(), [&](auto size) {
        constexpr int N = decltype(size)::value;
        Searcher<N> searcher(tt, tm, weights, nullptr);
        return searcher.staticScore(Position<N>::fromBoard(board, colour), options);
    });
}

SearchReport searchPosition(const Board& board, char colour, const EngineOptions& options, TranspositionTable& tt,
                            const CpuStopwatch& clock, const EvalWeights& weights, EndgameSolver8* endgame8) {
    TimeManager tm;
    tm.start(options.moveTime, options.maxDepth > 0, clock);
    tt.newSearch(options.maxDepth > 0);
    SearchReport report = bb::dispatchSize(board.size(), [&](auto size) {
        constexpr int N = decltype(size)::value;
        Searcher<N> searcher(tt, tm, weights, endgame8);
        return searcher.run(Position<N>::fromBoard(board, colour), colour == kBlack ? 0 : 1, options);
    });
    return report;
}

}  // namespace reversi
