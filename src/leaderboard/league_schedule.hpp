// Which games the league still needs (docs/leaderboard-playing.md): the schedule its settings ask for
// (every ordered pair once from the standard start, or K openings with both colours, or a qualifying
// stage against reference players and then every pair of the top K finalists), minus the games played
// at the entries' current versions, minus the games a live scheduler has claimed (league_claims.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "leaderboard/league_db.hpp"

namespace reversi {

// The reference players of the qualifying stage, weakest first: each entry plays each with both colours.
inline const std::vector<std::string> kQualifierLadder{"greedy", "smarter", "smartest"};

// One game of the league, named as the games and claims tables name it.
struct LeagueGame {
    std::string stage = "league";       // "league" (entry against entry) or "qualifier"
    std::int64_t black = 0;             // entries(id); 0: the reference player `opponent` (qualifier)
    std::int64_t white = 0;
    std::string opponent;               // qualifier: the reference player's spec
    int openingIndex = 0;               // openings 0: 0, the standard start; openings K: the opening 0..K-1
    std::int64_t blackVersion = 0;      // the entries' versions it is played for (0 for the reference side)
    std::int64_t whiteVersion = 0;

    bool sameGame(const LeagueGame& other) const {  // the same slot of the schedule (versions aside)
        return stage == other.stage && black == other.black && white == other.white && opponent == other.opponent &&
               openingIndex == other.openingIndex;
    }
};

// An entry as the schedule sees it.
struct ScheduledEntry {
    std::int64_t id = 0;
    std::int64_t version = 1;
};

// Every entry (by id).
std::vector<ScheduledEntry> scheduledEntries(LeagueDb& db);

// The league games of a set of entries: each ordered pair (a, b), a != b, once from the standard start
// (openings 0: two games per pair, each entry once with each colour) or once from each of the K openings.
std::vector<LeagueGame> roundRobinGames(const std::vector<ScheduledEntry>& entries, int openings);
// The qualifying games of the entries: each against every player of kQualifierLadder, both colours.
std::vector<LeagueGame> qualifierGames(const std::vector<ScheduledEntry>& entries);

// An entry's qualifying score: points (win 1, draw 1/2) in its qualifying games at its current
// version, and how many of them it has played.
struct QualifierScore {
    std::int64_t id = 0;
    double points = 0;
    int played = 0;
};
// Every entry's qualifying score, best first (ties: the lower id, the earlier entry, first).
std::vector<QualifierScore> qualifierStandings(LeagueDb& db);

// Every game the league's settings ask for now. With finalists K > 0: the qualifying games, and once
// every one of them is played, every pair of the top K (qualifierStandings).
std::vector<LeagueGame> scheduledGames(LeagueDb& db);
// Those not yet played at the entries' current versions and not claimed (every claim in the database
// counts: run frees the dead ones first).
std::vector<LeagueGame> missingGames(LeagueDb& db);
// How many scheduled games are not yet played at the entries' current versions (those being played
// now included): the page's "pending".
std::int64_t countMissingGames(LeagueDb& db);

}  // namespace reversi
