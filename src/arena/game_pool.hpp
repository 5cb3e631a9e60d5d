// The game scheduler's workers: every game in its own forked process, up to `jobs` at once, a stuck or
// crashed worker losing the game for the side to move. Shared by matches, tournaments and grading.
#pragma once

#include <functional>
#include <vector>

#include "arena/match.hpp"

namespace reversi {

using ProgressCallback = std::function<void(int done, int total)>;
using GameCallback = std::function<void(const GameRecord& game)>;

// Runs the games, up to `jobs` at once, each in a forked worker (so that getrusage(RUSAGE_SELF) in it
// measures that game only). Results come back in task order, duplicates marked (markDuplicates);
// `finished`, when set, gets each game as soon as it is over (to save it at once). A worker that
// crashes or stops answering loses the game for the side that was to move. `stopStarting`, when set,
// is asked before each game starts: true plays no more (those running finish; only played games return).
std::vector<GameRecord> runGames(const std::vector<PlayerSpec>& players, const std::vector<GameTask>& tasks,
                                 const MatchOptions& options, const ProgressCallback& progress = {},
                                 const GameCallback& finished = {}, const std::function<bool()>& stopStarting = {});

}  // namespace reversi
