// The reports of a match or tournament: the text tables for the terminal and the JSON summary (--json).
#pragma once

#include <string>
#include <vector>

#include "arena/match.hpp"
#include "platform/json_text.hpp"

namespace reversi {

// Reports.
std::string matchSummary(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games,
                         const MatchOptions& options);
std::string tournamentSummary(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games,
                              const MatchOptions& options);
// The settings both JSON files of a match give (its --json summary and its results directory's
// settings.json): sizes, games per pair and size, opening plies, opening balance (when set), seed and
// time limit, appended to `j`, numbers with `digits` significant digits.
void addSettingsJson(Json& j, const MatchOptions& options, int digits);
std::string resultsJson(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games,
                        const MatchOptions& options, bool tournament);

}  // namespace reversi
