// The players of the league's games as the referee runs them: every entry's program written once into
// a private folder of its own (DIR/ID/lab7part2) and run exactly as `grade` runs a student's Part 2
// (programs/grade_program.hpp: the submission's view of the sandbox, unbuffered output, the league's
// CPU limit per move), and the reference players of the qualifying stage.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "arena/match.hpp"
#include "leaderboard/league_db.hpp"
#include "leaderboard/league_schedule.hpp"

namespace reversi {

struct LeaguePlayers {
    std::vector<PlayerSpec> players;                                  // entries' programs and reference players
    std::map<std::pair<std::int64_t, std::int64_t>, int> entries;     // (entry id, version) -> index in players
    std::map<std::string, int> references;                            // reference spec -> index in players

    // The referee's task for a game (its index `index` in a run or a plan).
    GameTask task(const LeagueGame& game, int index, const LeagueSettings& settings) const;
};

// Adds the players of `games` that `into` lacks: each entry's program (at the version a game names) is
// written into DIR/ID-VERSION/ (0700 folders; DIR made 0700 when missing), the reference players of
// qualifying games are built-in. Throws std::runtime_error when an entry is gone or a file cannot be made.
void addLeaguePlayers(LeagueDb& db, const std::vector<LeagueGame>& games, const std::string& dir, LeaguePlayers& into);

// The options its games are played under: the league's size and limits, `jobs` at once.
MatchOptions leagueMatchOptions(const LeagueSettings& settings, int jobs);

// The entries' programs start from the standard position (the lab's protocol cannot be told an opening):
// throws std::invalid_argument naming the setting when the league was made with openings.
void checkPlayableOpenings(const LeagueSettings& settings);

}  // namespace reversi
