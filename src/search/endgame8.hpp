// Exact endgame solving on 8x8: the best move and the final disc difference with perfect play.
// (Every other size: exact_solver.hpp; board_search.hpp picks.)
//
// The 8x8 solver (EndgameSolver8) works on two raw uint64 bitboards (player to move, opponent) and is
// specialised the way strong Othello engines are: flips by carry propagation along precomputed rays,
// the last one to four empties solved without move generation in parity order, null-window PVS with
// fastest-first ordering, a transposition table and stability cutoffs above that; from 18 empties
// selective (ProbCut) passes first fill the table with good moves.
//
// Scores follow the standard (WOF / FFO) convention: final discs of the side to move minus the
// opponent's, with the empty squares of a game that ends early going to the winner.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "bitboard/bitboard8.hpp"
#include "search/types.hpp"

namespace reversi {

// The 8x8 solver. Keeps its transposition table between solves (clear() to forget).
class EndgameSolver8 {
public:
    explicit EndgameSolver8(int log2TableEntries = 21);
    ~EndgameSolver8();
    EndgameSolver8(const EndgameSolver8&) = delete;
    EndgameSolver8& operator=(const EndgameSolver8&) = delete;

    // Exact solve of (P to move, O). stop, when set, is polled every few thousand nodes. With a window
    // (alpha, beta) the score is fail-soft: exact inside it, else a bound (alpha = -1, beta = 1 asks
    // for win / draw / loss only). The move is the best one whose search finished (-1 when stopped in
    // the selective passes).
    SolveResult solve(std::uint64_t P, std::uint64_t O, std::function<bool()> stop = {}, int alpha = -65, int beta = 65);
    // Score only, within (alpha, beta): fail-soft bound outside it.
    int solveWindow(std::uint64_t P, std::uint64_t O, int alpha, int beta);
    void clear();
    std::uint64_t nodes() const;

    // The bytes of the transposition tables (the main one and the small one of the last empties) of a
    // solver built with log2TableEntries.
    static std::uint64_t tableBytes(int log2TableEntries);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The engine's solve at the root: win / loss / draw first, then the exact margin within the known
// outcome. An unfinished pass still names a move it proved good enough (a proven win, or a move at
// least as good as the known outcome); `move` is -1 when it proved nothing. When the outcome is not
// known, `likelyMove` is the best move of the last selective pass that finished (-1: none did) and
// `likelyScore` that pass's estimate of the margin.
struct RootSolve8 {
    int move = -1;
    int likelyMove = -1;
    int likelyScore = 0;
    int margin = 0;          // exact final margin when `complete`
    bool complete = false;
    std::uint64_t nodes = 0;
};
RootSolve8 solveRootOutcome(EndgameSolver8& solver, std::uint64_t P, std::uint64_t O, const std::function<bool()>& stop);

}  // namespace reversi
