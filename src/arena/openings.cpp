#include "arena/openings.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "arena/referee.hpp"
#include "engine/engine.hpp"
#include "platform/splitmix.hpp"

namespace reversi {

int openingBalanceDepth(int n) {
    if (n == 8) return 12;  // the learned evaluation with selective search: a few ms
    if (n < 8) return 8;
    if (n <= 12) return 6;
    return 4;
}

namespace {

// One engine for every opening judged (its tables are cleared before each search at a fixed depth, so
// a value depends on its position alone), rather than the tables' allocation per opening.
class OpeningJudge {
public:
    explicit OpeningJudge(int n) : n_(n), engine_(options(n)) {}

    double value(const std::vector<Move>& opening) {
        Board board(n_);
        char turn = kBlack;
        for (const Move& m : opening) {
            if (!board.isLegalMove(m.row, m.col, turn)) turn = opponentOf(turn);
            board.applyMove(m.row, m.col, turn);
            turn = opponentOf(turn);
        }
        // Forced moves and passes first: the engine plays a lone move without searching (and reports no
        // score), so judge the first position with a choice, its value turned to the opening's mover.
        const char mover = board.hasLegalMove(turn) ? turn : opponentOf(turn);
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
        engine_.chooseMove(board, turn);
        const SearchReport& r = engine_.lastReport();
        const double discs = r.exact ? r.score : r.score / 100.0;  // an exact score is the final margin itself
        return turn == mover ? discs : -discs;
    }

private:
    static EngineOptions options(int n) {
        EngineOptions o;
        o.maxDepth = openingBalanceDepth(n);
        o.moveTime = 3600;  // the depth alone ends the search, whatever the machine's load
        return o;
    }
    int n_;
    EngineMover engine_;
};

}  // namespace

double openingValue(int n, const std::vector<Move>& opening) { return OpeningJudge(n).value(opening); }

std::vector<Move> balancedOpening(int n, int plies, std::uint64_t seed, double maxDiscs) {
    constexpr std::uint64_t kCandidates = 1000;
    OpeningJudge judge(n);
    for (std::uint64_t candidate = 0; candidate < kCandidates; ++candidate) {
        std::vector<Move> opening = randomOpening(n, plies, candidate == 0 ? seed : mixSeed(seed, candidate));
        if (std::fabs(judge.value(opening)) <= maxDiscs) return opening;
    }
    throw std::runtime_error("no balanced opening of " + std::to_string(plies) + " plies within " +
                             std::to_string(maxDiscs) + " discs in " + std::to_string(kCandidates) +
                             " random ones at " + std::to_string(n) + "x" + std::to_string(n));
}

}  // namespace reversi
