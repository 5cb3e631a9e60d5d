// The C library: the course's opponent functions and makeMove, with C linkage, validating everything.
// Every function may be called from several threads at once: the opponents keep no state, and
// makeMove's one engine (its tables are kept from move to move) serves one call at a time.
#include "reversi_c/lab7part2lib.h"

#include <cstdlib>
#include <memory>
#include <mutex>

#include "rules/board.hpp"
#include "engine/engine.hpp"
#include "players/opponents.hpp"

namespace {

using reversi::Board;

void setMove(int* row, int* col, int r, int c) {
    if (row) *row = r;
    if (col) *col = c;
}

// Copies and checks the caller's board; false for any bad argument.
bool loadBoard(const char board[][26], int n, char colour, int* row, int* col, Board& out) {
    if (!board || !row || !col || !reversi::isValidSize(n) || !reversi::isColour(colour)) return false;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const char cell = board[r][c];
            if (cell != reversi::kEmpty && cell != reversi::kBlack && cell != reversi::kWhite) return false;
            out.set(r, c, cell);
        }
    return true;
}

template <typename Choose>
int findWith(const char board[][26], int n, char colour, int* row, int* col, Choose choose) noexcept {
    try {
        setMove(row, col, -1, -1);
        if (!reversi::isValidSize(n)) return REVERSI_BAD_ARGUMENT;
        Board copy(n);
        if (!loadBoard(board, n, colour, row, col, copy)) return REVERSI_BAD_ARGUMENT;
        const reversi::ScoredMove choice = choose(copy, colour);
        if (choice.move.isNone()) return REVERSI_NO_MOVE;
        setMove(row, col, choice.move.row, choice.move.col);
        return choice.score;
    } catch (...) {
        setMove(row, col, -1, -1);
        return REVERSI_BAD_ARGUMENT;
    }
}

double configuredMoveTime() {
    const char* text = std::getenv("REVERSI_MOVE_TIME");
    if (!text) return reversi::EngineOptions{}.moveTime;
    char* end = nullptr;
    const double seconds = std::strtod(text, &end);
    return end != text && seconds >= 0.001 && seconds <= 60 ? seconds : reversi::EngineOptions{}.moveTime;
}

}  // namespace

extern "C" int findSmarterMove(char board[][26], int n, char colour, int* row, int* col) {
    return findWith(board, n, colour, row, col, reversi::smarterMove);
}

extern "C" int findSmartestMove(char board[][26], int n, char colour, int* row, int* col) {
    return findWith(board, n, colour, row, col, reversi::smartestMove);
}

extern "C" int makeMove(const char board[][26], int n, char turn, int* row, int* col) {
    return findWith(board, n, turn, row, col, [](const Board& b, char colour) {
        // One engine for the whole program, so that its tables are allocated once; calls from several
        // threads wait for each other, and each gets the whole move time.
        static std::mutex busy;
        static std::unique_ptr<reversi::EngineMover> engine;
        const std::lock_guard<std::mutex> lock(busy);
        if (!engine) {
            reversi::EngineOptions options;
            options.moveTime = configuredMoveTime();
            engine = std::make_unique<reversi::EngineMover>(options);
        }
        reversi::ScoredMove result;
        if (!b.hasLegalMove(colour)) return result;
        result.move = engine->chooseMove(b, colour);
        // Never hand back an illegal move, whatever happens inside the engine.
        if (!b.isLegalMove(result.move.row, result.move.col, colour)) result.move = reversi::smarterMove(b, colour).move;
        result.score = 0;
        return result;
    });
}
