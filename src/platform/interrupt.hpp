// Ctrl-C (SIGINT), kill (SIGTERM) and a closed terminal (SIGHUP) during a long search, a match or a
// grading run: a one-line message on standard error ("reversi: interrupted") and the shell's exit
// status for a signal (128 + the signal: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP) instead of a
// silent death. Nothing of the run is left behind: the main process passes the signal on to its worker
// processes (its children in its process group, whose sandboxes end with them) and waits for them, then
// removes the directory given to removeOnInterrupt. Files are never left half-written: every file the
// programs save is written whole to a temporary file and renamed (writeFileAtomically), and a write
// inside InterruptsDeferred finishes before the signal is acted on.
#pragma once

#include <signal.h>

#include <string>

namespace reversi {

// Installs the handler for SIGINT, SIGTERM and SIGHUP in this process. Processes forked from it (a
// match's or a grading's workers) exit with the same status but silently, so that one Ctrl-C prints one
// message.
void installInterruptHandler();

// For a run whose main process starts no program itself, only workers (grading): what its workers leave
// running when they end (a sandbox's supervisor while it ends its tree) comes back to this process (a
// child subreaper), and an interrupt waits up to 3 s for every one of them to end, so that no student
// program outlives the run's exit.
void adoptOrphansOnInterrupt();

// A directory that an interrupt of this process removes, with everything in it, once its workers are
// gone ("" : none). Its absolute path is kept.
void removeOnInterrupt(const std::string& dir);

// For a run that must tidy up after an interrupt itself (the leaderboard's scheduler frees its claims
// in its database): the main process ends its workers and removes removeOnInterrupt's directory as
// usual, then goes on instead of exiting, and
// the run asks pendingInterrupt() (the signal, 0: none) and exits with 128 + it. A second signal
// exits at once.
void returnAfterInterrupt();
int pendingInterrupt();
// Undoes returnAfterInterrupt once the run has nothing left to tidy: a signal then exits at once.
void exitOnInterrupt();

// While one lives, SIGINT, SIGTERM and SIGHUP wait: the work in its scope (writing a results file) is
// done whole, and the signal is acted on at its end.
class InterruptsDeferred {
public:
    InterruptsDeferred();
    ~InterruptsDeferred();
    InterruptsDeferred(const InterruptsDeferred&) = delete;
    InterruptsDeferred& operator=(const InterruptsDeferred&) = delete;

private:
    sigset_t previous_;
};

}  // namespace reversi
