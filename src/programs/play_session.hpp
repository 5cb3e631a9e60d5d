// `reversi play`: the interactive game loop for people at a terminal, on any streams so that tests can
// script it. Each seat is a human (moves read from the input) or a built-in computer player; the board
// is drawn after every move with the disc counts and whose turn it is; illegal or unreadable moves are
// explained and asked again; passes are announced and automatic; commands during play: undo, hint,
// moves, pass, save FILE, load FILE, board, quit, help.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "rules/board.hpp"
#include "engine/engine.hpp"
#include "rules/game_record.hpp"
#include "programs/settings.hpp"
#include "programs/terminal_view.hpp"

namespace reversi {

struct Seat {
    std::string spec = "human";  // "human" or a built-in player spec as parsePlayer reads it
    std::string name;            // shown next to the colour; empty: the seat type
    bool isHuman() const { return spec == "human"; }
    std::string label() const;   // the name, or the spec without its options ("part2")
};

struct PlayOptions {
    int size = 8;
    Seat black;
    Seat white{"part2", ""};
    EngineOptions hintEngine{0.5, 0};  // the engine behind `hint`
    ViewOptions view;
    bool clearScreen = false;  // redraw the board from the top of the screen (terminals only)
    bool showMoves = false;    // mark the legal moves on every board
    double delay = 0;          // seconds to wait after each computer move when no human plays
    bool askPlayAgain = false; // offer another game at the end (interactive input)
    bool echoInput = false;    // repeat each word read after its prompt (input that is not a terminal)
    std::string recordPath;    // write the game record here at the end of the game
    std::vector<Move> startMoves;  // continue a saved game (replayed from the start position)
    std::uint64_t seed = 1;    // for unseeded random players
    // Called with the compact record ("8 f5d6...") after every change of the game, e.g. so that an
    // interrupt handler can print it.
    std::function<void(const std::string&)> onRecord;
};

// The seat spec with the remembered part2 settings applied: plain "part2" becomes
// "part2:time=T[,depth=L]"; anything else is returned unchanged.
std::string applyEngineSettings(const std::string& spec, int level, double moveTime);

// The status of a session whose output could not be written (the front-end says so).
constexpr int kPlayOutputFailed = 2;

// Plays games until the end (and more while the player accepts another one). Exit status: 0 when a
// game ended or the player quit, 1 when the input ended in the middle of a game, 2 when the options
// cannot be played (a bad seat spec or saved game), with a message on `err`, or when `out` failed
// (kPlayOutputFailed, without a message: the caller knows its stream).
int runPlaySession(std::istream& in, std::ostream& out, std::ostream& err, const PlayOptions& options);

// Shows a recorded game move by move (passes announced), then the result. `waitForEnter`: pause for
// Enter on `in` after each move (q quits); `delay`: seconds to sleep between moves otherwise.
// Returns 0, or 2 with a message on `err` when the record has an illegal move.
int runReplay(const RecordedGame& game, std::istream& in, std::ostream& out, std::ostream& err,
              const ViewOptions& view, bool clearScreen, bool waitForEnter, double delay);

}  // namespace reversi
