// GTP (the Go Text Protocol, version 2) for Othello, the engine side: lets GTP tools and engines
// (e.g. GoGui, GRhino's gtp-rhino, `reversi match gtp:...`) play against the engine on any board size.
//
// Commands: protocol_version, name, version, known_command, list_commands, boardsize N (even, 4..26),
// clear_board, komi (ignored), play COLOUR VERTEX, genmove COLOUR, undo, showboard, final_score,
// time_settings / time_left (ignored), quit. Colours are b/black/w/white. Vertices are the Othello
// squares: column letter then row number with row 1 at the top ("d3"; a1 is the top-left corner), or
// "pass". Passes may also be implicit: a play of a colour that is not "to move" is accepted when legal.
// genmove answers "pass" when the colour has no legal move. final_score: "B+N", "W+N" or "0" (the disc
// difference, empty squares to the winner). Replies: "= ..." or "? error", then an empty line; an id
// before the command is echoed ("=7 d3").
#pragma once

#include <iosfwd>

#include "search/types.hpp"

namespace reversi {

struct GtpOptions {
    double moveTime = EngineOptions{}.moveTime;  // CPU seconds per genmove at most (the engine's default)
    int depth = 0;  // 0: deepen until the time is up; N: exactly N plies (reproducible)
};

// Runs the protocol until quit or end of input; returns the exit status (0).
int runGtp(std::istream& in, std::ostream& out, const GtpOptions& options);

}  // namespace reversi
