// `reversi leaderboard run DB`: plays the league's missing games (league_schedule.hpp) through the game
// pool, each claimed first and recorded as soon as it ends (league_claims.hpp), the ratings refitted
// after each batch, until nothing is missing; --every keeps doing it. docs/leaderboard-playing.md.
#pragma once

#include <cstdint>
#include <string>

#include "leaderboard/league_db.hpp"

namespace reversi {

struct LeagueRunOptions {
    int jobs = 1;          // games at once, each in its own worker process
    double every = 0;      // seconds between rounds (0: one round, then stop)
    long maxGames = 0;     // stop after this many games (0: no limit)
};

// Runs it; returns the exit status (0, or 128 + the signal after SIGINT, SIGTERM or SIGHUP, the claims
// of the games it had not finished freed). Throws std::exception for a database it cannot use.
int runLeague(const std::string& dbPath, const LeagueRunOptions& options);

// "90", "90s", "30m", "12h", "3d" as seconds; throws std::invalid_argument for anything else or 0.
double parseDuration(const std::string& text);

}  // namespace reversi
