// Schedulers sharing one league database (docs/leaderboard-playing.md): a game is claimed before it is
// played (a row of `claims`, inserted in a transaction, so two schedulers never play the same game), and
// recorded when it ends (one transaction: the entries still at the versions it was played for, the game
// inserted, its claim deleted), so that a `kill -9` at any moment loses no finished game and never
// records one twice. A claim names its scheduler ("HOST PID START"); the claims of a scheduler that died
// on this host are freed when the next one starts.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "arena/referee.hpp"
#include "leaderboard/league_db.hpp"
#include "leaderboard/league_schedule.hpp"

namespace reversi {

// This process as the owner of claims: "HOST PID START" (START: its start time in clock ticks after
// boot, so that a pid used again by another process is not taken for this one).
std::string schedulerOwner();
// Whether the owner of a claim is a process alive on this host (false for another host's owner).
bool ownerAlive(const std::string& owner);
// Deletes the claims of owners on this host whose process is gone; returns how many.
int freeDeadClaims(LeagueDb& db);

// Claims up to `most` of `candidates` from index `next` on, in order, in one transaction, moving `next`
// past each one looked at: a game already played at the versions it names, claimed by anyone, or of an
// entry replaced or removed since is passed over. Returns the games claimed.
std::vector<LeagueGame> claimGames(LeagueDb& db, const std::vector<LeagueGame>& candidates, std::size_t& next,
                                   std::size_t most, const std::string& owner);
// Deletes every claim of `owner` (the games it will not finish); returns how many.
int releaseClaims(LeagueDb& db, const std::string& owner);

enum class RecordOutcome {
    kRecorded,       // the game is in the database
    kAlreadyPlayed,  // the database had it already (kept as it was)
    kReplaced,       // one of its entries was replaced or removed since: not recorded
    kRefereeFailed,  // the referee failed (GameResult::refereeFailed), no player to blame: not recorded
};
// Records a finished game in one transaction, and deletes `owner`'s claim of it whatever the outcome
// (only that scheduler's: a claim another one made since, after a replacement, stays; "" deletes none,
// as `merge`, which claims nothing).
RecordOutcome recordGame(LeagueDb& db, const LeagueGame& game, const GameResult& result, const std::string& owner);

// Fits the ratings to every game (leaderboard/league_ratings.hpp), after games were recorded.
void refitRatings(LeagueDb& db);

}  // namespace reversi
