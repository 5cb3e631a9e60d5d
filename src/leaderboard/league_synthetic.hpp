// A synthetic league for benchmarks and tests: entries of known ratings and games between them drawn
// from the Elo model, inserted in one transaction. Its games are realistic in size (a whole game's moves
// and CPU times) but not in content: never mix them with a real league.
#pragma once

#include <cstdint>
#include <vector>

#include "leaderboard/league_db.hpp"

namespace reversi {

struct SyntheticLeague {
    std::vector<std::int64_t> ids;
    std::vector<double> ratings;  // the true ratings games were drawn from (mean 1500)
};

// Adds `entries` entries ("synthetic-0001"...) rated evenly from 1500 - spread/2 to 1500 + spread/2
// (the last the strongest) and `games` league games: every ordered pair in turn, again and again with
// the next opening index, each result drawn from the Elo expectation (some draws). Needs an empty league.
SyntheticLeague fillSyntheticLeague(LeagueDb& db, int entries, std::int64_t games, std::uint64_t seed,
                                    double spread = 800);

}  // namespace reversi
