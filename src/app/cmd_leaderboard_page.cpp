// PLACEHOLDER: the leaderboard's page subcommands are being written (issue 30).
#include "commands.hpp"

namespace reversi::app {

void addLeaderboardPageCommands(CLI::App& /*leaderboard*/, Action& /*action*/) {}

}  // namespace reversi::app
