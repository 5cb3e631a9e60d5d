#include "players/greedy.hpp"

namespace reversi {

Move greedyMove(const Board& board, char colour) {
    Move best = kNoMove;
    int bestScore = 0;
    // Row-major scan, replacing only on a strictly greater score, is what breaks ties as the lab says.
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) {
            const int score = board.flipCount(r, c, colour);
            if (score > bestScore) {
                bestScore = score;
                best = {r, c};
            }
        }
    return best;
}

}  // namespace reversi
