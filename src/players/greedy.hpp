// Part 1's prescribed player: most tiles flipped, ties to the lower row, then the lower column.
#pragma once

#include "rules/mover.hpp"

namespace reversi {

// The greedy choice on its own, for the opponents that simulate greedy play.
// Returns kNoMove when `colour` has no legal move.
Move greedyMove(const Board& board, char colour);

class GreedyMover final : public Mover {
public:
    std::string name() const override { return "greedy"; }
    Move chooseMove(const Board& board, char colour) override { return greedyMove(board, colour); }
};

}  // namespace reversi
