#include "arena/openings.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "arena/referee.hpp"
#include "engine/engine.hpp"
#include "eval/score.hpp"
#include "platform/splitmix.hpp"
#include "rules/game_record.hpp"

namespace reversi {

int openingBalanceDepth(int n) {
    if (n == 8) return 12;  // the learned evaluation with selective search: about 20 ms
    if (n < 8) return 8;
    if (n <= 12) return 6;
    return 4;
}

namespace {

EngineOptions judgeOptions(int n) {
    EngineOptions o;
    o.maxDepth = openingBalanceDepth(n);
    o.moveTime = 3600;  // the depth alone ends the search, whatever the machine's load
    return o;
}

// A search score in discs: an exact result is the final margin itself; the general search may also
// report a line that ends the game (score.hpp's exact scores) without having solved the position.
double scoreInDiscs(const SearchReport& r) {
    if (r.exact) return r.score;
    if (isExactScore(r.score)) return exactMargin(r.score);
    return static_cast<double>(r.score) / kScorePerDisc;
}

}  // namespace

OpeningJudge::OpeningJudge(int n) : n_(n), engine_(std::make_unique<EngineMover>(judgeOptions(n))) { engine_->prepare(n); }
OpeningJudge::~OpeningJudge() = default;

double OpeningJudge::value(const std::vector<Move>& opening) {
    const Replay replay = replayGame(n_, opening);  // passes put back; an illegal move throws
    Board board = replay.steps.empty() ? replay.start : replay.steps.back().after;
    char turn = replay.toMove;
    // Forced moves and passes first, then the first position with a choice, its value turned to the
    // side to move after the opening.
    const char mover = turn;
    for (;;) {
        if (!board.hasLegalMove(turn)) turn = opponentOf(turn);
        if (!board.hasLegalMove(turn)) {
            const int margin = board.count(mover) - board.count(opponentOf(mover));
            const int empties = n_ * n_ - board.count(kBlack) - board.count(kWhite);
            return margin + (margin > 0 ? empties : margin < 0 ? -empties : 0);  // empties to the winner
        }
        const std::vector<Move> legal = board.legalMoves(turn);
        if (legal.size() > 1) break;
        board.applyMove(legal.front().row, legal.front().col, turn);
        turn = opponentOf(turn);
    }
    engine_->chooseMove(board, turn);
    const double discs = scoreInDiscs(engine_->lastReport());
    return turn == mover ? discs : -discs;
}

std::vector<Move> OpeningJudge::balanced(int plies, std::uint64_t seed, double maxDiscs) {
    constexpr std::uint64_t kCandidates = 1000;
    for (std::uint64_t candidate = 0; candidate < kCandidates; ++candidate) {
        std::vector<Move> opening = randomOpening(n_, plies, candidate == 0 ? seed : mixSeed(seed, candidate));
        if (std::fabs(value(opening)) <= maxDiscs) return opening;
    }
    char message[160];
    std::snprintf(message, sizeof message, "no opening of %d random plies at %dx%d is within %g discs of even (%llu tried)",
                  plies, n_, n_, maxDiscs, static_cast<unsigned long long>(kCandidates));
    throw std::runtime_error(message);
}

double openingValue(int n, const std::vector<Move>& opening) { return OpeningJudge(n).value(opening); }

std::vector<Move> balancedOpening(int n, int plies, std::uint64_t seed, double maxDiscs) {
    return OpeningJudge(n).balanced(plies, seed, maxDiscs);
}

}  // namespace reversi
