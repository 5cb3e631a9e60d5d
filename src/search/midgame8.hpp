// The 8x8 midgame search: negascout on two 64-bit words (side to move, opponent) with the pattern
// evaluation's features updated incrementally on every move (eval/eval8.hpp), a transposition table
// kept between searches, enhanced transposition cutoffs, move ordering by a shallow evaluation and the
// opponent's mobility, Multi-ProbCut (selective cutoffs predicted by a shallow search, probcut8.hpp),
// and the exact solver (endgame8.hpp) once the depth reaches the end of the game.
//
// Scores are in eval8 units (1/eval8::kScale disc) for the side to move; a finished game scores its
// final margin (empties to the winner) times kScale, so exact and estimated values compare directly.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "eval/eval8.hpp"
#include "search/probcut8.hpp"

namespace reversi {

class Midgame8 {
public:
    using u64 = std::uint64_t;
    static constexpr int kMaxScore = 64 * eval8::kScale;

    struct Result {
        int move = -1;        // best fully searched move, or when stopped one a null window proved better
                              // (pvs.hpp); -1 when the side to move must pass or nothing was proven
        int score = 0;        // fail-soft within the window (exact inside it); when stopped, the move's bound
        bool complete = true; // false when stopped
        std::uint64_t nodes = 0;
    };

    // `probCut`: the selective cutoffs (nullptr or an empty table: a full-width search).
    // The table holds 2^log2Table entries (24 bytes each), the solver's for the last plies a quarter.
    explicit Midgame8(const eval8::Weights& weights, const ProbCut8* probCut = nullptr, int log2Table = 20);
    ~Midgame8();
    Midgame8(const Midgame8&) = delete;
    Midgame8& operator=(const Midgame8&) = delete;

    // Searches (P to move, O) `depth` plies within (alpha, beta). `stop`, when set, is polled every few
    // thousand nodes. The root's first move is `firstMove` when it is legal (iterative deepening passes
    // its best move on).
    Result search(u64 P, u64 O, int depth, int alpha, int beta, const std::function<bool()>& stop = {},
                  int firstMove = -1);
    // A selective search to the end of the game: every leaf is the end, as with search(depth = empties),
    // but the nodes above kSelectiveFloor empties are midgame nodes with Multi-ProbCut at the margin
    // kSelectiveEndT (in deviations), so the score and move are likely, not proven. After a depth-12
    // search of the same position, about a third of the exact search's time at 22 empties; from a
    // cleared table, little faster (docs/results/midgame8-search.md).
    Result searchToEnd(u64 P, u64 O, int alpha, int beta, const std::function<bool()>& stop = {}, int firstMove = -1);
    static constexpr int kSelectiveFloor = 14;
    static constexpr double kSelectiveEndT = 0.5;
    // The static evaluation of a position, as the search sees it at a leaf.
    int evaluate(u64 P, u64 O) const;
    // Starts a new move: older table entries are replaced first.
    void newSearch();
    // Forgets every table entry (the solver's too): the next search depends on its position alone.
    void clear();
    std::uint64_t nodes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace reversi
