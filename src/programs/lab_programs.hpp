// The course's console programs, byte for byte (docs/lab-io.md): lab6's board-configuration checker
// and the Lab 7 game of a human against a computer Mover (greedy for Part 1, the engine for Part 2).
#pragma once

#include <iosfwd>

#include "rules/mover.hpp"

namespace reversi {

// The handouts' wording differs by year in one prompt only.
enum class Edition { k2018, k2022 };

// Exit statuses: 0 for a completed run (whatever its result), 1 when input ended before the program
// was done (a one-line message goes to `err`), 2 when `out` failed (a full disk: the run stops at the
// next prompt; the front-end names the failure). Malformed input never changes the output of a
// well-formed run: bad dimension/colour answers get a message on `err` and the prompt again.
constexpr int kExitOk = 0;
constexpr int kExitInputEnded = 1;
constexpr int kExitOutputFailed = 2;

int runLab6(std::istream& in, std::ostream& out, std::ostream& err);
int runLabGame(std::istream& in, std::ostream& out, std::ostream& err, Mover& computer,
               Edition edition = Edition::k2018);

}  // namespace reversi
