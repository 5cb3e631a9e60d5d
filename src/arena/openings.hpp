// Balanced openings for matches: random openings kept only when they leave the game close to even.
//
// Uniformly random openings are often lopsided: of 100 random 8-ply 8x8 openings, a third left one side
// 8 discs or more ahead by our engine's search, and from such an opening the favoured colour wins
// whoever plays it, so a match of colour pairs measures the openings as much as the players
// (docs/results/balanced-openings.md). Tournaments between Othello engines use balanced sets for this
// reason (XOT: 8-move openings that Edax scores close to even); this draws such a set from a seed.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/notation.hpp"

namespace reversi {

// The fixed search depth that judges an opening at size n: deep enough to see more than the discs on
// the board, shallow enough to judge hundreds of openings in seconds.
int openingBalanceDepth(int n);

// The value of the position after `opening` (from the standard start) for the side to move, in discs,
// by a fixed-depth search of the built-in engine (deterministic: no clock, tables cleared); forced
// moves are played out first, since the engine answers a lone legal move without searching.
double openingValue(int n, const std::vector<Move>& opening);

// The first random opening (randomOpening with seeds derived from `seed`) whose value is within
// `maxDiscs` of even. Throws std::runtime_error when 1000 candidates in a row are not.
std::vector<Move> balancedOpening(int n, int plies, std::uint64_t seed, double maxDiscs);

}  // namespace reversi
