// What playing the league costs, said before a run plays (docs/leaderboard-playing.md): at the rate
// measured on its recorded games, or before any game at grading's estimate for the board size.
#pragma once

#include <cstdint>
#include <string>

#include "leaderboard/league_db.hpp"

namespace reversi {

// The mean CPU seconds of the league's latest recorded games (both sides), or -1 when none has any.
double measuredGameSeconds(LeagueDb& db);
// What `games` games cost at `jobs` at once, in words: at the measured rate, or before any game at
// grading's estimate for the board size (programs/grade_cost.hpp).
std::string leagueCostText(LeagueDb& db, std::int64_t games, int jobs);
// The choice between the full round robin and finalists, with the games and the cost of each.
std::string leagueChoiceText(LeagueDb& db, int jobs);

}  // namespace reversi
