// The reports of a match or tournament: the text tables for the terminal and the JSON summary (--json).
#pragma once

#include <string>
#include <vector>

#include "arena/match.hpp"

namespace reversi {

// Reports.
std::string matchSummary(const std::vector<Player>& players, const std::vector<GameRecord>& games,
                         const MatchOptions& options);
std::string tournamentSummary(const std::vector<Player>& players, const std::vector<GameRecord>& games,
                              const MatchOptions& options);
std::string resultsJson(const std::vector<Player>& players, const std::vector<GameRecord>& games,
                        const MatchOptions& options, bool tournament);

}  // namespace reversi
