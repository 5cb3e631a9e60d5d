#include "programs/analyse.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "engine/engine.hpp"
#include "eval/score.hpp"
#include "rules/notation.hpp"
#include "rules/position_text.hpp"

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
    engine.prepare(board.size());
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

int runAnalyseCommand(const AnalyseCommand& s) {
    std::vector<TextPosition> positions;
    try {
        if (s.input == "-") {
            positions = readPositions(std::cin, "standard input");
        } else if (std::error_code ec; std::filesystem::is_regular_file(s.input, ec)) {
            // (A board text of 16x16 and up is longer than a file name may be: ec, not an exception.)
            positions = readPositionFile(s.input);
        } else {
            positions.push_back(parsePosition(s.input));
        }
    } catch (const std::exception& e) {
        std::cerr << "reversi analyse: " << e.what() << "\n";
        return 2;
    }
    if (positions.empty()) {
        std::cerr << "reversi analyse: no position given\n";
        return 2;
    }
    EngineOptions options;
    options.moveTime = s.moveTime;
    options.maxDepth = s.depth;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const TextPosition& p = positions[i];
        if (positions.size() > 1) std::printf("%sposition %zu\n", i ? "\n" : "", i + 1);
        if (!p.board.hasLegalMove(p.toMove)) {
            std::printf("%s has no legal move: %s\n", p.toMove == kBlack ? "Black" : "White",
                        p.board.isGameOver() ? "the game is over" : "pass");
            continue;
        }
        std::fputs(formatAnalysis(analysePosition(p.board, p.toMove, options)).c_str(), stdout);
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace reversi
