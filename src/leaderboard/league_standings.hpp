// The league's standings: one row per entry (rank, rating, Indicator, Status, W-D-L), read from the
// database in a few aggregate queries, and the three ways they are written: the text table of
// `reversi leaderboard standings`, the CSV for marks, and the JSON of the page's /api/leaderboard.
//
// The rules (docs/leaderboard-page.md):
//   - rank: by score, highest first; entries whose scores print the same (two decimals) share a rank and
//     the next rank skips ("1, 2, 2, 4"); entries not rated yet (no games) come last, without a rank.
//   - indicator: the score as a percentage of the top entry's, two decimals (1810.2 / 1911.05 = 94.72).
//   - status: the entry's own faults in any of its games, in the order IM TLE CRASH OUTPUT joined by a
//     space ("IM TLE"), exactly "PASS" without one.
//   - W-D-L, games: the entry's league games (not the qualifier's).
//   - the reference at rank 0 (this project's engine) is not an entry: the page shows it above rank 1,
//     the API, the CSV and the text table's rows leave it out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "leaderboard/league_db.hpp"
#include "platform/json_text.hpp"

namespace reversi {

struct StandingsRow {
    int rank = 0;        // 0: not rated yet
    std::int64_t id = 0;
    std::string name;
    bool rated = false;  // a ratings row exists (score, low, high and indicator mean something)
    double score = 0, low = 0, high = 0;
    double indicator = 0;  // percent of the top score, two decimals
    std::string status = "PASS";
    int wins = 0, draws = 0, losses = 0, games = 0;
    std::string lastChange;  // ISO 8601 UTC: the entry's last game, or when it entered
};

struct Standings {
    std::vector<StandingsRow> rows;  // in rank order; the unrated last, by name
    std::int64_t played = 0;         // games in the database
    std::int64_t pending = 0;        // games the schedule still has to play
};

// What the page shows at rank 0 (not an entry, never rated, never in a league game).
inline constexpr const char* kReferenceName = "reversi part2 (reference)";

// Reads the standings (a snapshot: one read transaction).
Standings readStandings(LeagueDb& db);
// A score or an indicator as every view shows it: two decimals.
std::string twoDecimals(double value);

// The fault codes of a set, in the order IM TLE CRASH OUTPUT, joined by a space; "PASS" when empty.
std::string statusText(bool im, bool tle, bool crash, bool output);
// Percent of `top`, rounded to two decimals (0 when top is not positive).
double indicatorOf(double score, double top);
// A rating rounded to two decimals, as every view shows it.
double roundedScore(double score);

// Views of the same rows.
std::string standingsText(const Standings& standings);
std::string standingsCsv(const Standings& standings);
std::string standingsJson(const Standings& standings);  // the body of /api/leaderboard
// One entry of /api/leaderboard's "entries" (rank, name, score, indicator, status, wins, draws, losses).
Json standingRowJson(const StandingsRow& row);

}  // namespace reversi
