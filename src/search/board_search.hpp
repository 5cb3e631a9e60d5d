// The one place the board size picks the engine's search and the exact solver. 8x8 with the learned
// evaluation runs the search specialised for one 64-bit word per side (search8.hpp: midgame8 and endgame8); every other
// size, and 8x8 with the hand-set evaluation, runs the generic search on Bits<N> (search.hpp), whose
// 8x8 endgames are still solved by the 8x8 solver. The tables are kept across moves, each made by
// prepare() or else at the first move that needs it.
#pragma once

#include <functional>
#include <memory>

#include "platform/cpu_clock.hpp"
#include "rules/board.hpp"
#include "search/tt.hpp"
#include "search/types.hpp"

namespace reversi {

class EndgameSolver8;
class Midgame8;

class BoardSearch {
public:
    BoardSearch();
    ~BoardSearch();  // (not copyable: it owns its tables through unique_ptr)

    // Makes the tables a search of this size needs (about 0.1 s of CPU at 8x8), so that a caller who
    // knows the size before the first move keeps that work out of the move's budget.
    void prepare(int size, const EngineOptions& options);
    // Searches `board` for `colour` (which has a legal move) within options.moveTime CPU seconds counted
    // from `clock`. With options.maxDepth > 0 a move depends on its position alone: the 8x8 tables are
    // small and cleared before every move.
    SearchReport search(const Board& board, char colour, const EngineOptions& options, const CpuStopwatch& clock);

private:
    TranspositionTable tt_{20};                 // 2^20 entries, 16 MiB (not kept in deterministic mode)
    std::unique_ptr<EndgameSolver8> endgame8_;  // 25.5 MiB
    std::unique_ptr<Midgame8> midgame8_;        // 30 MiB, with the pattern evaluation
};

// Any size (4..26): exact solve of `board` with `colour` to move (the 8x8 board uses EndgameSolver8:
// `solver8`, cleared first, when given, so that a caller solving many positions keeps one table; else
// a fresh one of 2^20 entries).
SolveResult solveExact(const Board& board, char colour, std::function<bool()> stop = {}, EndgameSolver8* solver8 = nullptr);

}  // namespace reversi
