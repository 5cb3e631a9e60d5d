// The one interface every computer player implements: the game loop, the referee and the C library
// ask a Mover for a move and never care how it was chosen.
#pragma once

#include <string>

#include "rules/board.hpp"

namespace reversi {

class Mover {
public:
    virtual ~Mover() = default;
    virtual std::string name() const = 0;
    // Chooses a legal move for `colour`. Precondition: board.hasLegalMove(colour).
    virtual Move chooseMove(const Board& board, char colour) = 0;
    // Told the board's size before a game's first move: what is slow to set up (an engine's tables) is
    // done here, outside every move's time. Optional: chooseMove works without it.
    virtual void prepare(int /*boardSize*/) {}
};

}  // namespace reversi
