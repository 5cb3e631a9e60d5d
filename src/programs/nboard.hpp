// The NBoard protocol (version 2), the engine side: lets Othello GUIs such as NBoard, and match
// programs (`reversi match` with an nboard: player), drive the engine.
//
// Commands read (one per line; anything else is ignored):
//   nboard 2            start; answered with "set myname reversi", then the engine's tables are made
//                       (once: a second `nboard` keeps them)
//   set depth D         a playing level: the midgame search goes at most D plies deep and the exact
//                       solve starts at 2D empties, both within the move time (60: the time alone);
//                       a new level makes a new engine with its tables
//   set game GGF        the position at the end of a GGF game (BO[8 ... side] then B[..] W[..] moves);
//                       TI[time] with the moves' times (B[F5/eval/seconds]) is a game clock, honoured
//   set contempt N      accepted and ignored
//   move M[/eval/time]  a move of the side to move ("PA" passes only when it has no move)
//   go                  answered with "nodestats N T", "=== MOVE/EVAL/TIME" (PA when the side to move
//                       must pass)
//   hint N              "search MOVE EVAL 0 DEPTH" for the N best moves, then "status"
//   ping N              "pong N" (every earlier command is finished by then: a GUI that pings after
//                       `nboard` and `set depth` starts its clock when the tables are made)
//   learn               "learned"
//   quit                ends the session
// Evals are in discs from the side to move's point of view (exact once the endgame is solved). One
// engine serves the whole session, so its tables carry over from move to move. Every reply line is
// flushed.
#pragma once

#include <iosfwd>

#include "search/types.hpp"

namespace reversi {

struct NBoardOptions {
    double moveTime = EngineOptions{}.moveTime;  // CPU seconds per move at most (less when a game clock runs short)
};

// Runs the protocol until quit or end of input; returns the exit status (0).
int runNBoard(std::istream& in, std::ostream& out, const NBoardOptions& options);

}  // namespace reversi
