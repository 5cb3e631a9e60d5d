// Matches and tournaments: scheduling games between players (both colours, several sizes, seeded
// random openings), running them in forked worker processes, and the statistics and reports.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "arena/player.hpp"
#include "arena/referee.hpp"

namespace reversi {

struct MatchOptions {
    std::vector<int> sizes{8};
    int games = 2;          // per pair of players and size; consecutive games swap colours on one opening
    int openingPlies = 0;   // random plies before the players take over (the same for both colour orders)
    // >= 0: only openings our engine scores within this many discs of even (arena/openings.hpp); < 0: any.
    double openingBalance = -1;
    std::uint64_t seed = 1;
    int jobs = 1;           // games run at once, each in its own worker process
    RefereeOptions referee;
};

struct GameTask {
    int index = 0;
    int size = 8;
    int black = 0;  // player indices
    int white = 1;
    int openingIndex = 0;
    std::vector<Move> opening;
    std::uint64_t seed = 0;
};

struct GameRecord {
    GameTask task;
    GameResult result;
    // The index (in the same list) of an earlier game this one repeats move for move, with the same
    // players in the same colours and the same result; -1 for a distinct game. Statistics count each
    // distinct game once (markDuplicates).
    int duplicateOf = -1;
};

// Round robin between `playerCount` players: every pair, every size, `games` games per pair and size.
// Throws std::invalid_argument on options that cannot be played.
std::vector<GameTask> scheduleGames(int playerCount, const MatchOptions& options);

using ProgressCallback = std::function<void(int done, int total)>;
using GameCallback = std::function<void(const GameRecord& game)>;

// Runs the games, up to `jobs` at once, each in a forked worker (so that getrusage(RUSAGE_SELF) in it
// measures that game only). Results come back in task order, duplicates marked (markDuplicates);
// `finished`, when set, gets each game as soon as it is over (to save it at once). A worker that
// crashes or stops answering loses the game for the side that was to move.
std::vector<GameRecord> runGames(const std::vector<Player>& players, const std::vector<GameTask>& tasks,
                                 const MatchOptions& options, const ProgressCallback& progress = {},
                                 const GameCallback& finished = {});

// Marks each game that repeats an earlier one move for move (same players and colours, size, moves
// and result: a deterministic program asked for the same game again), so that the statistics count it
// once; returns how many were marked. Calling it again recomputes the marks.
int markDuplicates(std::vector<GameRecord>& games);

// Score statistics from one player's point of view.
struct ScoreStats {
    int games = 0, wins = 0, draws = 0, losses = 0;
    long discsFor = 0, discsAgainst = 0;
    double score = 0, low = 0, high = 0;  // (W + D/2) / N and its 95% confidence interval
};
// Distinct games (duplicates skipped) of `player` (against `opponent`, or anyone when -1) on `size`
// (or any when 0).
ScoreStats scoreFor(const std::vector<GameRecord>& games, int player, int opponent = -1, int size = 0);
// Elo difference implied by a score: -400 log10(1/s - 1); +-infinity at 1 and 0.
double eloFromScore(double score);
// Maximum-likelihood Elo ratings for a tournament (mean 0), with one virtual draw against a
// 0-rated player each so that perfect scores stay finite. Distinct games only; the work grows with
// the number of pairs that played, not of games (a class of 300 plays ~90 000).
std::vector<double> eloRatings(int playerCount, const std::vector<GameRecord>& games);

// Reports.
std::string matchSummary(const std::vector<Player>& players, const std::vector<GameRecord>& games,
                         const MatchOptions& options);
std::string tournamentSummary(const std::vector<Player>& players, const std::vector<GameRecord>& games,
                              const MatchOptions& options);
std::string resultsJson(const std::vector<Player>& players, const std::vector<GameRecord>& games,
                        const MatchOptions& options, bool tournament);

// Saved games: one file per game in `dir` (created), `format` "compact" (f5d6...) or "lab" (one rc per
// line after the size). Returns the number written; throws std::runtime_error on I/O errors.
int saveGames(const std::string& dir, const std::string& format, const std::vector<Player>& players,
              const std::vector<GameRecord>& games);
// A saved game's text -> size and moves (comment lines start with '#').
struct SavedGame {
    int size = 8;
    std::vector<Move> moves;
};
SavedGame parseSavedGame(const std::string& text);
std::string formatSavedGame(const std::string& format, const std::vector<Player>& players, const GameRecord& game);

}  // namespace reversi
