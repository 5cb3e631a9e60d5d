// libreversi's makeMove: our engine behind the later years' tournament harness, with C linkage,
// validating everything. It is in libreversi only, never in the graded liblab7part2.a. Its one engine
// (its tables are kept from move to move) serves one call at a time, so several threads may call it.
#include "reversi_c/lab7part2lib.h"

#include <cstdlib>
#include <memory>
#include <mutex>

#include "engine/engine.hpp"
#include "programs/c_api/find_move.hpp"

namespace {

using reversi::Board;

double configuredMoveTime() {
    const char* text = std::getenv("REVERSI_MOVE_TIME");
    if (!text) return reversi::EngineOptions{}.moveTime;
    char* end = nullptr;
    const double seconds = std::strtod(text, &end);
    return end != text && seconds >= 0.001 && seconds <= 60 ? seconds : reversi::EngineOptions{}.moveTime;
}

}  // namespace

extern "C" int makeMove(const char board[][26], int n, char turn, int* row, int* col) {
    return reversi::c_api::findWith(board, n, turn, row, col, [](const Board& b, char colour) {
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
