// Ratings from a list of games: one player's score with its confidence interval, the Elo difference
// it implies, and the maximum-likelihood Elo ratings of a tournament.
#pragma once

#include <vector>

#include "arena/match.hpp"

namespace reversi {

// Score statistics from one player's point of view.
struct ScoreStats {
    int games = 0, wins = 0, draws = 0, losses = 0;
    long discsFor = 0, discsAgainst = 0;
    double score = 0, low = 0, high = 0;  // (W + D/2) / N and its 95% confidence interval
};
// Whether `player` (an index into the players) is in the game, and its result there: 1, 0.5 or 0.
bool plays(const GameRecord& game, int player);
double gameScore(const GameRecord& game, int player);
// Distinct games (duplicates skipped) of `player` (against `opponent`, or anyone when -1) on `size`
// (or any when 0).
ScoreStats scoreFor(const std::vector<GameRecord>& games, int player, int opponent = -1, int size = 0);
// Elo difference implied by a score: -400 log10(1/s - 1); +-infinity at 1 and 0.
double eloFromScore(double score);
// Maximum-likelihood Elo ratings for a tournament (mean 0), with one virtual draw against a
// 0-rated player each so that perfect scores stay finite. Distinct games only; the work grows with
// the number of pairs that played, not of games (a class of 300 plays ~90 000).
std::vector<double> eloRatings(int playerCount, const std::vector<GameRecord>& games);

}  // namespace reversi
