// A match's or tournament's results kept in a directory as its games finish, so that an interrupted run
// resumes where it stopped, independent batch jobs (one `reversi game` per game, from --plan) each add
// their game, and --merge builds the leaderboard from whatever has been played:
//
//   DIR/settings.json              the players (names and self-contained specs) and the options
//   DIR/games/game-NNNNNN.json     one finished game: one JSON line, written whole when it ends
//   DIR/results.jsonl              every game, one JSON line each, in game order (after a run or a merge)
//
// Every file is written whole (writeFileAtomically): an interrupt never leaves half a game.
#pragma once

#include <string>
#include <vector>

#include "arena/match.hpp"

namespace reversi {

struct StoredSettings {
    bool tournament = true;
    std::vector<PlayerSpec> players;  // built from the stored specs, with the stored names
    MatchOptions options;
};

// The settings as JSON (one object): kind, players, sizes, games per pair and size, opening plies,
// seed, time and wall limits, memory limit, user.
std::string settingsJson(bool tournament, const std::vector<PlayerSpec>& players, const MatchOptions& options);
// Reads DIR/settings.json; throws std::runtime_error when it is missing or unreadable.
StoredSettings readSettings(const std::string& dir);
// Makes DIR and DIR/games and writes settings.json, or checks that the settings.json there is the same
// (std::invalid_argument when DIR holds another match or tournament).
void prepareResultsDir(const std::string& dir, const std::string& settings);

// DIR/games/game-NNNNNN.json for the game of task index `index` (NNNNNN = index + 1).
std::string storedGamePath(const std::string& dir, int index);
// One game as one JSON line (with its newline), and back (players found by name; throws std::invalid_argument).
std::string gameJsonLine(const std::vector<PlayerSpec>& players, const GameRecord& game);
GameRecord parseGameJsonLine(const std::string& line, const std::vector<PlayerSpec>& players);
// Writes one game's file (whole).
void storeGame(const std::string& dir, const std::vector<PlayerSpec>& players, const GameRecord& game);
// Every game in DIR/games, in game order; a file that cannot be read is described in `problems` and skipped.
std::vector<GameRecord> readStoredGames(const std::string& dir, const std::vector<PlayerSpec>& players,
                                        std::vector<std::string>& problems);
// DIR/results.jsonl: every game, one line each.
void writeResultsJsonl(const std::string& dir, const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games);

// The word quoted for a POSIX shell ('...').
std::string shellQuote(const std::string& word);
// The running reversi's own path, which plan lines name ("reversi" when /proc cannot tell).
std::string planProgram();
// One self-contained command line per game, for a batch runner: `REVERSI game BLACK WHITE --size N
// --game K --seed S ... --result DIR/games/game-NNNNNN.json` (absolute paths throughout).
std::string planLine(const std::string& reversi, const std::vector<PlayerSpec>& players, const GameTask& task,
                     const MatchOptions& options, const std::string& dir);

}  // namespace reversi
