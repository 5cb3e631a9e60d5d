#include "search/search8.hpp"

#include <algorithm>
#include <bit>

#include "bitboard/bitboard8.hpp"
#include "bitboard/position.hpp"
#include "eval/eval8.hpp"
#include "search/endgame8.hpp"
#include "search/midgame8.hpp"
#include "search/search.hpp"
#include "search/timeman.hpp"

namespace reversi {

namespace {

constexpr int kMaxDepth = 60;

}  // namespace

SearchReport searchPosition8(const Board& board, char colour, const EngineOptions& options, const CpuStopwatch& clock,
                             Midgame8& midgame, EndgameSolver8& endgame) {
    SearchReport report;
    const bool deterministic = options.maxDepth > 0;
    TimeManager tm;
    tm.start(options.moveTime, deterministic, clock);
    const Position<8> pos = Position<8>::fromBoard(board, colour);
    const std::uint64_t P = pos.P.w[0], O = pos.O.w[0];
    const int empties = 64 - std::popcount(P | O);
    tm.setPhase(1.0 - empties / 64.0);
    midgame.newSearch();
    const auto stop = [&tm] { return tm.hardStop(); };
    std::uint64_t nodes = 0;

    const int levelCap = options.depthLimit > 0 ? std::min(options.depthLimit, kMaxDepth) : kMaxDepth;
    const bool trySolve = deterministic ? empties <= options.maxDepth
                                        : empties <= solveEmpties(8, options.moveTime) && empties <= 2 * levelCap;
    const int depthCap = deterministic ? std::min(options.maxDepth, trySolve ? kPreSolveDepth : kMaxDepth) : levelCap;
    int bestSq = std::countr_zero(bb8::moves(P, O));
    int bestScore = 0;
    bool stopped = false;
    for (int d = 1; d <= std::min(depthCap, empties); ++d) {
        if (d > 1 && !tm.canStartIteration()) break;
        if (d > 1 && trySolve && !deterministic && tm.usedFraction() > kPreSolveShare) break;
        const double started = tm.elapsed();
        const Midgame8::Result r = midgame.search(P, O, d, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1, stop, bestSq);
        nodes += r.nodes;
        if (r.move >= 0) {  // completed, or partial: its first (previous best) move searched or a better one proven
            bestSq = r.move;
            bestScore = r.score;
        }
        if (!r.complete) {
            stopped = true;
            break;
        }
        report.depth = d;
        if (d >= empties) {  // every leaf was the end of the game
            report.exact = true;
            break;
        }
        tm.iterationDone(tm.elapsed() - started, bestSq, eval8::toScore(bestScore));
    }
    if (trySolve && !report.exact && !stopped) {
        const RootSolve8 s = solveRootOutcome(endgame, P, O, stop);
        nodes += s.nodes;
        if (s.move >= 0) bestSq = s.move;
        if (s.complete) {
            report.exact = true;
            report.depth = empties;
            bestScore = s.margin * eval8::kScale;
        }
    }
    report.move = squareToMove(8, bestSq);
    report.score = report.exact ? bestScore / eval8::kScale : eval8::toScore(bestScore);
    report.nodes = nodes;
    report.seconds = tm.elapsed();
    return report;
}

}  // namespace reversi
