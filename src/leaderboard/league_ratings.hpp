// The league's ratings (docs/leaderboard.md "Ratings"): Bradley-Terry (Elo's logistic model) fitted by
// maximum likelihood to every game of the 'league' stage, a draw counting half a win to each side; each
// entry also draws one virtual game against a player at the prior mean, so that a perfect score (or a
// perfect loss) stays finite. The scale is Elo's (400 log10 odds) with the rated entries' mean at 1500;
// each entry's 95 % confidence interval comes from the Fisher information of its rating. The games are
// kept aggregated per pair (the league_pairs table, maintained by triggers on games) and the fit iterates
// over pairs, never over games, starting from the ratings of the last fit, until no rating moves by more
// than 0.0001.
#pragma once

#include <cstdint>
#include <vector>

#include "leaderboard/league_db.hpp"

namespace reversi {

// The games between two players (indices): `points` is what `a` scored (a win 1, a draw 1/2).
struct PairGames {
    int a = 0, b = 0;
    double games = 0, points = 0;
};

struct BradleyTerryFit {
    std::vector<double> score, low, high;  // Elo scale, mean 1500; the 95 % interval
    int iterations = 0;
    bool converged = false;
};

// Fits `count` players to `pairs` (each unordered pair may appear more than once, in either order).
// `start`: ratings on the Elo scale to start from (empty: all at the mean; NaN for a player: the mean).
BradleyTerryFit fitBradleyTerry(int count, const std::vector<PairGames>& pairs, const std::vector<double>& start = {});

struct LeagueFit {
    int iterations = 0;
    double seconds = 0;         // the whole recomputation: query, fit, write
    int entries = 0;            // rated: the entries with at least one league game
    std::int64_t games = 0;     // league games counted
    double querySeconds = 0;    // of which aggregating the games in SQL
    bool converged = true;
};

// Recomputes the ratings table from every league game (one transaction; an entry with no league game
// has no rating; an entry replaced while the fit ran keeps none until the next). Called outside any
// transaction: it reads in a snapshot of its own, then writes.
LeagueFit fitLeagueRatings(LeagueDb& db);

}  // namespace reversi
