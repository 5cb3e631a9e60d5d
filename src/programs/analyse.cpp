#include "programs/analyse.hpp"

#include <algorithm>
#include <cstdio>

#include "engine/engine.hpp"
#include "eval/score.hpp"
#include "rules/notation.hpp"

namespace reversi {

namespace {

// A finished board's margin for `colour`, the empty squares to the winner.
int finalMargin(const Board& b, char colour) {
    const int d = b.count(colour) - b.count(opponentOf(colour)), e = b.count(kEmpty);
    return d > 0 ? d + e : d < 0 ? d - e : 0;
}

// Orders analyses best first: exact wins > estimates > exact losses, larger margins first.
long long rank(const MoveAnalysis& a) {
    if (!a.exact && !a.proven) return a.score;
    return a.margin > 0 ? kWinScore + a.margin : a.margin < 0 ? -kWinScore + a.margin : 0;
}

}  // namespace

std::vector<MoveAnalysis> analysePosition(const Board& board, char colour, const EngineOptions& options) {
    EngineMover engine(options);  // one engine: its tables carry over from move to move
    std::vector<MoveAnalysis> out;
    for (const Move m : board.legalMoves(colour)) {
        Board after = board;
        after.applyMove(m.row, m.col, colour);
        MoveAnalysis a;
        a.move = m;
        const char other = opponentOf(colour);
        const char next = after.hasLegalMove(other) ? other : after.hasLegalMove(colour) ? colour : 0;
        if (!next) {
            a.exact = true;
            a.margin = finalMargin(after, colour);
        } else {
            engine.chooseMove(after, next);
            const SearchReport& r = engine.lastReport();
            const int sign = next == colour ? 1 : -1;
            a.exact = r.exact;
            a.proven = r.proven();
            a.margin = sign * r.margin();
            a.score = r.exact || a.proven ? 0 : sign * r.score;
            a.depth = r.depth;
        }
        out.push_back(a);
    }
    std::stable_sort(out.begin(), out.end(), [](const MoveAnalysis& a, const MoveAnalysis& b) { return rank(a) > rank(b); });
    return out;
}

std::string formatAnalysis(const std::vector<MoveAnalysis>& moves) {
    std::string text;
    char line[96];
    for (const MoveAnalysis& a : moves) {
        if (a.exact)
            std::snprintf(line, sizeof line, "%-4s %+4d exact\n", othelloNotation(a.move).c_str(), a.margin);
        else if (a.proven)
            std::snprintf(line, sizeof line, "%-4s %+4d %s\n", othelloNotation(a.move).c_str(), a.margin,
                          a.margin > 0 ? "or more" : "or worse");
        else
            std::snprintf(line, sizeof line, "%-4s %+7.2f  depth %d\n", othelloNotation(a.move).c_str(), a.score / 100.0, a.depth);
        text += line;
    }
    return text;
}

}  // namespace reversi
