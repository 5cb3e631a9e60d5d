#include "search/search8.hpp"

#include <algorithm>
#include <bit>
#include <functional>

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

struct Best {
    int sq;
    int score;  // eval8 units
};

// Where the solve is out of reach: a selective search to the end (midgame8.hpp), whose move replaces the
// midgame's when it completed or proved it better.
void searchToEnd(Midgame8& midgame, std::uint64_t P, std::uint64_t O, const std::function<bool()>& stop, Best& best,
                 SearchReport& report) {
    const Midgame8::Result r = midgame.searchToEnd(P, O, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1, stop, best.sq);
    report.nodes += r.nodes;
    if (r.move < 0) return;
    best = {r.move, r.score};
    if (r.complete) report.depth = 64 - std::popcount(P | O);
}

// The exact solve (endgame8.hpp): win / loss / draw, then the margin. When it proves nothing in time,
// the move of its last finished selective pass, a search to the end, beats the short midgame search's,
// and its score is reported with it.
void solve(EndgameSolver8& endgame, std::uint64_t P, std::uint64_t O, const std::function<bool()>& stop, Best& best,
           SearchReport& report) {
    const RootSolve8 s = solveRootOutcome(endgame, P, O, stop);
    report.nodes += s.nodes;
    if (s.move >= 0) best.sq = s.move;
    else if (s.likelyMove >= 0) best = {s.likelyMove, s.likelyScore * eval8::kScale};
    if (s.complete) {
        report.exact = true;
        report.depth = 64 - std::popcount(P | O);
        best.score = s.margin * eval8::kScale;
    }
}

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
    const std::function<bool()> stop = [&tm] { return tm.hardStop(); };

    const int levelCap = options.depthLimit > 0 ? std::min(options.depthLimit, kMaxDepth) : kMaxDepth;
    const bool trySolve = deterministic ? empties <= options.maxDepth
                                        : empties <= solveEmpties(8, options.moveTime) && empties <= 2 * levelCap;
    // Past the exact solve's reach, a selective search to the end when the time allows (midgame8.hpp).
    const bool trySelective = !deterministic && !trySolve && empties <= selectiveEndEmpties(8, options.moveTime);
    const int depthCap = deterministic ? std::min(options.maxDepth, trySolve ? kPreSolveDepth : kMaxDepth) : levelCap;
    Best best{std::countr_zero(bb8::moves(P, O)), 0};
    bool stopped = false;
    for (int d = 1; d <= std::min(depthCap, empties); ++d) {
        if (d > 1 && !tm.canStartIteration()) break;
        if (d > 1 && (trySolve || trySelective) && !deterministic && tm.usedFraction() > kPreSolveShare) break;
        const double started = tm.elapsed();
        const Midgame8::Result r = midgame.search(P, O, d, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1, stop, best.sq);
        report.nodes += r.nodes;
        if (r.move >= 0) best = {r.move, r.score};  // completed, or partial: its first (previous best) move searched or a better one proven
        if (!r.complete) {
            stopped = true;
            break;
        }
        report.depth = d;
        if (d >= empties) {  // every leaf was the end of the game
            report.exact = true;
            break;
        }
        tm.iterationDone(tm.elapsed() - started, best.sq, eval8::toScore(best.score));
    }
    if (trySelective && !report.exact && !stopped) searchToEnd(midgame, P, O, stop, best, report);
    if (trySolve && !report.exact && !stopped) solve(endgame, P, O, stop, best, report);
    report.move = squareToMove(8, best.sq);
    report.score = report.exact ? best.score / eval8::kScale : eval8::toScore(best.score);
    report.seconds = tm.elapsed();
    return report;
}

}  // namespace reversi
