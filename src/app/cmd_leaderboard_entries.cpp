// PLACEHOLDER: the leaderboard's entries subcommands are being written (issue 30).
#include "commands.hpp"

namespace reversi::app {

void addLeaderboardEntryCommands(CLI::App& /*leaderboard*/, Action& /*action*/) {}

}  // namespace reversi::app
