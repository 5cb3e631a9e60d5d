// Ctrl-C (SIGINT) and kill (SIGTERM) during a long search or a match: a one-line message on standard
// error ("reversi: interrupted") and the shell's exit status for a signal (128 + the signal: 130 for
// SIGINT, 143 for SIGTERM) instead of a silent death. Files are never left half-written: every file
// the programs save is written whole to a temporary file and renamed (writeFileAtomically), and the
// handler exits without running any more of the program.
#pragma once

namespace reversi {

// Installs the handler for SIGINT and SIGTERM in this process. Processes forked from it (a match's
// workers) exit with the same status but silently, so that one Ctrl-C prints one message.
void installInterruptHandler();

}  // namespace reversi
