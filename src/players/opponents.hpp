// The course's reference opponents (docs/opponents.md), reproduced move for move, and a seedable random
// player. Each is a Mover; the choice functions are also exposed on their own (with the score the
// course library returned) for the C library and the tests.
#pragma once

#include <cstdint>
#include <random>

#include "rules/mover.hpp"

namespace reversi {

struct ScoredMove {
    Move move = kNoMove;  // kNoMove when the side has no legal move
    int score = 0;        // the course library's return value
};

// smarter: score = flips - 0.001 * (the most tiles the opponent can then flip with one move, 0 if it
// has none); the first strict maximum in row-major order. The returned score is that value truncated
// to int (the library returned an int).
ScoredMove smarterMove(const Board& board, char colour);

// smartest: for each legal move, 10 plies of simulated greedy play starting with the opponent, then
// score = (int)(own discs - opponent discs + 0.1 / m), m = the opponent's move count (0 counts as
// 0.1); best starts at -1000 and is replaced only on a strictly greater score.
ScoredMove smartestMove(const Board& board, char colour);

// The 10-ply greedy simulation smartest runs after each candidate move (exposed for tests): `toMove`
// moves first; a side without a move passes its ply to the other side if that side can move.
void simulateGreedyPlies(Board& board, char toMove, int plies);

class SmarterMover final : public Mover {
public:
    std::string name() const override { return "smarter"; }
    Move chooseMove(const Board& board, char colour) override { return smarterMove(board, colour).move; }
};

class SmartestMover final : public Mover {
public:
    std::string name() const override { return "smartest"; }
    Move chooseMove(const Board& board, char colour) override { return smartestMove(board, colour).move; }
};

// Uniformly random among the legal moves, reproducible from its seed (std::mt19937_64 is specified
// exactly by the standard, so the same seed gives the same games everywhere).
class RandomMover final : public Mover {
public:
    explicit RandomMover(std::uint64_t seed) : rng_(seed) {}
    std::string name() const override { return "random"; }
    Move chooseMove(const Board& board, char colour) override;

private:
    std::mt19937_64 rng_;
};

// A uniformly random index below `bound` (> 0) from a 64-bit generator, without library-specific
// distributions (std::uniform_int_distribution differs between standard libraries).
std::uint64_t randomBelow(std::mt19937_64& rng, std::uint64_t bound);

}  // namespace reversi
