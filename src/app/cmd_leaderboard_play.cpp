// PLACEHOLDER: the leaderboard's play subcommands are being written (issue 30).
#include "commands.hpp"

namespace reversi::app {

void addLeaderboardPlayCommands(CLI::App& /*leaderboard*/, Action& /*action*/) {}

}  // namespace reversi::app
