// A GTP engine as a player (spec `gtp:COMMAND ARGS...`, e.g. `gtp:/usr/games/gtp-rhino -l 3`): the
// engine runs as a subprocess and is driven with boardsize / clear_board / play / genmove.
//
// Unlike lab-protocol programs, a GTP player can start from a random opening: before each genmove the
// refereed engine finds the moves that lead from the board it last told the engine about to the referee's
// board (the opening plies and the opponent's replies) and plays them with `play`. Passes are implicit,
// as GRhino expects (it rejects `play COLOUR pass` and keeps the turn when the other side cannot move);
// a `pass` answer to genmove while a move exists is a fault. The engine's CPU time is its user time
// from /proc/PID/stat.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arena/refereed_player.hpp"

namespace reversi {

std::unique_ptr<RefereedPlayer> makeRefereedGtpEngine(const std::vector<std::string>& argv, const RefereeOptions& options);

}  // namespace reversi
