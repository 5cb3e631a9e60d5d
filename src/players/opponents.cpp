#include "players/opponents.hpp"

#include "players/greedy.hpp"

namespace reversi {

namespace {

// The most tiles `colour` could flip with one move; 0 when it has no move.
int bestFlipCount(const Board& board, char colour) {
    int best = 0;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) {
            const int flips = board.flipCount(r, c, colour);
            if (flips > best) best = flips;
        }
    return best;
}

int legalMoveCount(const Board& board, char colour) {
    int count = 0;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) count += board.isLegalMove(r, c, colour);
    return count;
}

}  // namespace

ScoredMove smarterMove(const Board& board, char colour) {
    ScoredMove best;
    double bestScore = 0;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) {
            const int flips = board.flipCount(r, c, colour);
            if (flips == 0) continue;
            Board after = board;
            after.applyMove(r, c, colour);
            // Computed as the course did, in double; distinct (flips, reply) pairs never tie or
            // reorder at these magnitudes (flips < 200, so 0.001 steps are far above the rounding).
            const double score = flips - 0.001 * bestFlipCount(after, opponentOf(colour));
            if (best.move.isNone() || score > bestScore) {
                bestScore = score;
                best.move = {r, c};
            }
        }
    if (!best.move.isNone()) best.score = static_cast<int>(bestScore);
    return best;
}

void simulateGreedyPlies(Board& board, char toMove, int plies) {
    char turn = toMove;
    for (int ply = 0; ply < plies; ++ply) {
        Move move = greedyMove(board, turn);
        if (!move.isNone()) {
            board.applyMove(move.row, move.col, turn);
            turn = opponentOf(turn);
            continue;
        }
        // The side to move passes: the other side plays and keeps the turn.
        const char other = opponentOf(turn);
        move = greedyMove(board, other);
        if (!move.isNone()) board.applyMove(move.row, move.col, other);
    }
}

ScoredMove smartestMove(const Board& board, char colour) {
    const char opponent = opponentOf(colour);
    ScoredMove best;
    int bestScore = -1000;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) {
            if (!board.isLegalMove(r, c, colour)) continue;
            Board after = board;
            after.applyMove(r, c, colour);
            simulateGreedyPlies(after, opponent, 10);
            const int discDifference = after.count(colour) - after.count(opponent);
            const int replies = legalMoveCount(after, opponent);
            const double m = replies == 0 ? 0.1 : static_cast<double>(replies);
            const int score = static_cast<int>(discDifference + 0.1 / m);
            if (score > bestScore) {
                bestScore = score;
                best = {{r, c}, score};
            }
        }
    return best;
}

std::uint64_t randomBelow(std::mt19937_64& rng, std::uint64_t bound) {
    // Rejection sampling: unbiased, and fully determined by the generator's output.
    const std::uint64_t limit = std::uint64_t(-1) - std::uint64_t(-1) % bound;
    for (;;) {
        const std::uint64_t x = rng();
        if (x < limit) return x % bound;
    }
}

Move RandomMover::chooseMove(const Board& board, char colour) {
    const std::vector<Move> moves = board.legalMoves(colour);
    if (moves.empty()) return kNoMove;
    return moves[randomBelow(rng_, moves.size())];
}

}  // namespace reversi
