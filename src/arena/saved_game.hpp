// The saved-game format (--save-games): one text file per game, comment lines, then the size and the
// moves, compact (f5d6...) or lab (one rc per line).
#pragma once

#include <string>
#include <vector>

#include "arena/match.hpp"

namespace reversi {

// Saved games: one file per game in `dir` (created), `format` "compact" (f5d6...) or "lab" (one rc per
// line after the size). Returns the number written; throws std::runtime_error on I/O errors.
int saveGames(const std::string& dir, const std::string& format, const std::vector<PlayerSpec>& players,
              const std::vector<GameRecord>& games);
// A saved game's text -> size and moves (comment lines start with '#').
struct SavedGame {
    int size = 8;
    std::vector<Move> moves;
};
SavedGame parseSavedGame(const std::string& text);
std::string formatSavedGame(const std::string& format, const std::vector<PlayerSpec>& players, const GameRecord& game);

}  // namespace reversi
