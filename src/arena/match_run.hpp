// A match or tournament run from its settings, as `reversi match`, `reversi tournament` and `reversi
// game` do (docs/matches.md): the players checked, the games played and kept in a results directory as
// they finish (--results DIR), resumed, split into one command per game for a batch runner (--plan FILE),
// merged (--merge DIR) and reported. The command-line files only parse options into these settings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/board.hpp"

namespace reversi {

struct MatchSettings {
    std::vector<std::string> players;
    std::vector<int> sizes{8};
    int games = 2;
    int openingPlies = 0;
    double openingBalance = -1;
    std::string openings;  // a file of openings, one per line (--openings)
    std::uint64_t seed = 1;
    int jobs = 1;
    double timeLimit = 1.0;
    double wallLimit = 0;
    int memoryLimit = 1024;
    std::string runAs = "auto";
    std::string json;
    std::string saveDir;
    std::string saveFormat = "compact";
    std::string results;
    std::string plan;
    std::string merge;
    std::string sprt;  // "ELO0,ELO1": stop once the sequential test decides (arena/sprt.hpp); matches only
};

struct GameSettings {
    std::string black, white;
    int size = 8;
    int game = 1;
    std::uint64_t seed = 1;
    std::string opening;
    std::string blackName, whiteName;
    std::string result;
    MatchSettings limits;
};

// Runs `reversi match` (tournament false) or `reversi tournament`: merges, plans or plays and reports;
// returns the exit status. Throws std::exception on players or options that cannot be used.
int runMatch(const MatchSettings& s, bool tournament);
// --openings FILE: one opening a line in compact notation (f5d6c3..., either case) for n x n; from '#'
// to the end of a line is a comment, blank lines are skipped. Throws std::invalid_argument naming the
// line of a bad one, or when the file holds none; TextFileError when it cannot be read.
std::vector<std::vector<Move>> readOpeningBook(const std::string& path, int n);
// Runs `reversi game`: one refereed game, its result as one JSON line; returns the exit status.
// Throws std::exception on players or options that cannot be used.
int runOneGame(const GameSettings& g);

}  // namespace reversi
