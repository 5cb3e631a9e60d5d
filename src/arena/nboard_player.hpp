// An NBoard engine as a player (spec `nboard:PROGRAM ARGS...`, e.g. `nboard:build/reversi nboard` or
// Edax's `nboard:lEdax-x64 -nboard`; 8x8 only): the engine runs in the sandbox like every external
// program and is driven by the NBoard protocol, version 2.
//
// Each move sends the whole position as a GGF game (`set game` with BO[8 ...], so random openings and
// passes need no history), then `go`, and reads lines until `=== MOVE`; other lines (status, nodestats,
// set myname) are ignored. With `depth=D` as the spec's first word (`nboard:depth=12 PROGRAM ...`) the
// refereed engine sends `set depth D` once after `nboard 2`. Then `ping 1`, and the game starts once the
// engine answers `pong 1` (within the wall-clock limit; an engine that never does loses by TLE): what it
// does at start-up, such as making its tables, is not charged to its first move. The CPU time of a move
// is the engine's whole process tree's from `set game` to `=== MOVE`, as for every external program.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arena/refereed_player.hpp"

namespace reversi {

// `depth`: the level sent with `set depth` (0: none sent, the engine's own default).
std::unique_ptr<RefereedPlayer> makeRefereedNBoardEngine(const std::vector<std::string>& argv, int depth,
                                               const RefereeOptions& options);

// The GGF game that sets `board` with `colour` to move: "(;GM[Othello]...BO[8 <64 squares> <* or O>];)".
std::string nboardGameText(const Board& board, char colour);

}  // namespace reversi
