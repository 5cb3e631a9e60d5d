// `reversi leaderboard`: the course leaderboard (docs/leaderboard.md). Its subcommands live in three
// files by what they do: entering programs, playing games, showing the standings.
#include "cli.hpp"
#include "commands.hpp"

namespace reversi::app {

void addLeaderboardCommands(CLI::App& app, Action& action) {
    CLI::App* leaderboard = app.add_subcommand(
        "leaderboard", "The course leaderboard: programs entered into a SQLite league, every pair playing, a web page");
    leaderboard->require_subcommand(1);
    addExamples(*leaderboard, {"reversi leaderboard add league.db alice submissions/alice/",
                               "reversi grade part2 submissions/*/ --leaderboard league.db",
                               "reversi leaderboard run league.db --jobs 2",
                               "reversi leaderboard serve league.db --port 8090"});
    addLeaderboardEntryCommands(*leaderboard, action);
    addLeaderboardPlayCommands(*leaderboard, action);
    addLeaderboardPageCommands(*leaderboard, action);
}

}  // namespace reversi::app
