// What a match or tournament is: its options, its games (who plays whom with which colour, at which size,
// from which opening) and their results, the round-robin schedule, and the marks on repeated games.
// Running the games is arena/game_pool.hpp; ratings arena/ratings.hpp; reports arena/match_report.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "arena/player.hpp"
#include "arena/referee.hpp"

namespace reversi {

struct MatchOptions {
    std::vector<int> sizes{8};
    int games = 2;          // per pair of players and size; consecutive games swap colours on one opening
    std::size_t colourPairs() const { return static_cast<std::size_t>(games + 1) / 2; }  // openings per pair of players
    int openingPlies = 0;   // random plies before the players take over (the same for both colour orders)
    // >= 0: only openings our engine scores within this many discs of even (arena/openings.hpp); < 0: any.
    double openingBalance = -1;
    // Openings given by the user (--openings FILE), one per colour pair in order; instead of random ones.
    std::vector<std::vector<Move>> openingBook;
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

// Marks each game that repeats an earlier one move for move (same players and colours, size, moves
// and result: a deterministic program asked for the same game again), so that the statistics count it
// once; returns how many were marked. Calling it again recomputes the marks.
int markDuplicates(std::vector<GameRecord>& games);

}  // namespace reversi
