// The NBoard protocol (version 2), the engine side: lets Othello GUIs such as NBoard drive the engine.
//
// Commands read (one per line; anything else is ignored):
//   nboard 2            start; answered with "set myname reversi"
//   set depth D         search depth of later go / hint commands (1..60)
//   set game GGF        the position at the end of a GGF game (BO[8 ... side] then B[..] W[..] moves)
//   set contempt N      accepted and ignored
//   move M[/eval/time]  a move of the side to move ("PA" passes)
//   go                  answered with "nodestats N T", "=== MOVE/EVAL/TIME" (PA when the side to move
//                       must pass)
//   hint N              "search MOVE EVAL 0 DEPTH" for the N best moves, then "status"
//   ping N              "pong N" (every earlier command is finished by then)
//   learn               "learned"
//   quit                ends the session
// Evals are in discs from the side to move's point of view (exact once the endgame is solved). Every
// reply line is flushed.
#pragma once

#include <iosfwd>

namespace reversi {

struct NBoardOptions {
    double moveTime = 1.0;  // CPU seconds per search (set depth makes the search deterministic within it)
    int exactEmpties = 16;  // at or below: go and hint use the exact endgame solver
};

// Runs the protocol until quit or end of input; returns the exit status (0).
int runNBoard(std::istream& in, std::ostream& out, const NBoardOptions& options);

}  // namespace reversi
