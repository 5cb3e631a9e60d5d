// `reversi analyse`: every legal move of a position scored by the engine, best first, exact where the
// search reaches the end of the game; for people studying a position and for engine users.
#pragma once

#include <string>
#include <vector>

#include "rules/board.hpp"
#include "search/types.hpp"

namespace reversi {

struct MoveAnalysis {
    Move move = kNoMove;
    bool exact = false;
    bool proven = false;  // not exact, but the result is forced: a win or loss by at least |margin|
    int margin = 0;   // exact: the final margin with best play after this move; proven: its bound
    int score = 0;    // otherwise: the engine's estimate, in score units (1/100 disc)
    int depth = 0;    // plies searched after the move
};

// Scores every legal move of `board` for `colour` (which must have one) with a search of `options`
// (moveTime or maxDepth) after each move. Best first; ties keep the board's row-major order.
std::vector<MoveAnalysis> analysePosition(const Board& board, char colour, const EngineOptions& options);

// One line per move: "d3  +12 exact", "c4  +3.25  depth 14", or for a proven result "e6  +20 or more",
// "f2  -400 or worse".
std::string formatAnalysis(const std::vector<MoveAnalysis>& moves);

// `reversi analyse`: the positions of `input` (a position, a file of them, or - for standard input)
// analysed one after another on standard output; 0, or 2 after one line on standard error when the
// input holds no position that can be read.
struct AnalyseCommand {
    std::string input = "-";
    double moveTime = 1.0;
    int depth = 0;
};

int runAnalyseCommand(const AnalyseCommand& command);

}  // namespace reversi
