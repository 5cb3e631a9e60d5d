// The league's missing games on more machines than one (docs/leaderboard-playing.md): `plan` writes
// them as self-contained `reversi game` commands (one a line, for GNU parallel or a Slurm array) with
// the entries' programs beside them; `merge` records the results those commands leave, in the results
// format of tournaments (arena/results_store.hpp).
//
//   DIR/commands.txt          one command per game
//   DIR/programs/ID-VERSION/  each entry's program (0700)
//   DIR/settings.json         the players and limits (as a tournament's results directory)
//   DIR/league-games.json     which league game each game number is
//   DIR/games/game-N.json     a game's result, written by its command
#pragma once

#include <string>
#include <vector>

namespace reversi {

// Writes the plan of the missing games into DIR (made 0700; it must not hold a plan already); returns
// how many games it holds. Throws std::exception for a database or a folder it cannot use.
long planLeague(const std::string& dbPath, const std::string& dir);

struct MergeCounts {
    long recorded = 0;       // new games now in the database
    long alreadyPlayed = 0;  // games it had already
    long replaced = 0;       // games of an entry replaced (or removed) since the plan: skipped
    long problems = 0;       // result files that could not be read: skipped
    long refereeFailed = 0;  // games the referee failed to play (no player to blame): skipped, still missing
};
// Records every game of the plans' result folders that the database has not got.
MergeCounts mergeLeague(const std::string& dbPath, const std::vector<std::string>& dirs);

}  // namespace reversi
