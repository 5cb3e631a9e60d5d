// Balanced openings for matches: random openings kept only when they leave the game close to even.
//
// Uniformly random openings are often lopsided: of 100 random 8-ply 8x8 openings, 38 left one side 8
// discs or more ahead by our engine's search, and from such an opening the favoured colour won both
// games of its colour pair whoever played it, so a match of colour pairs measured the openings as much
// as the players (docs/results/balanced-openings.md). Matches between Othello engines use balanced sets
// for this reason (XOT: 8-move openings that Edax scores close to even); this draws such a set from a seed.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "rules/notation.hpp"

namespace reversi {

class EngineMover;

// The fixed search depth that judges an opening at size n: deep enough to see more than the discs on
// the board, shallow enough to judge hundreds of openings in seconds.
int openingBalanceDepth(int n);

// Judges openings of one size with one engine (its tables cleared before each fixed-depth search, so
// a value depends on its position alone; one engine rather than a table allocated per opening).
class OpeningJudge {
public:
    explicit OpeningJudge(int n);
    ~OpeningJudge();
    OpeningJudge(const OpeningJudge&) = delete;
    OpeningJudge& operator=(const OpeningJudge&) = delete;

    // The value of the position after `opening` (from the standard start) for the side to move, in
    // discs: at 8x8 those of the learned evaluation (or exact), at other sizes the hand-set evaluation's
    // nominal discs (docs/engine.md). Forced moves are played out first, since the engine answers a
    // lone legal move without searching. Throws std::invalid_argument for an illegal move list.
    double value(const std::vector<Move>& opening);
    // The first random opening (randomOpening with seeds derived from `seed`) whose value is within
    // `maxDiscs` of even. Throws std::runtime_error when 1000 candidates in a row are not.
    std::vector<Move> balanced(int plies, std::uint64_t seed, double maxDiscs);

private:
    int n_;
    std::unique_ptr<EngineMover> engine_;
};

// One-off forms of the judge's two questions.
double openingValue(int n, const std::vector<Move>& opening);
std::vector<Move> balancedOpening(int n, int plies, std::uint64_t seed, double maxDiscs);

}  // namespace reversi
