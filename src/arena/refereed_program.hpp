// A refereed player that is another program: starting it in a sandbox
// (platform/sandbox.hpp: its own session, no inherited descriptors, limits, the CPU time of its whole
// process tree), writing to it, reading its CPU time and ending it with everything it started. The
// lab-protocol program (external_player.cpp), the GTP engine (gtp_player.cpp) and the NBoard engine
// (nboard_player.cpp) derive from it; each
// keeps its own protocol, its reading and its messages.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "arena/refereed_player.hpp"
#include "platform/answer_clock.hpp"
#include "platform/sandbox.hpp"

namespace reversi {

// How a program is started, besides its command line.
struct ProgramSetup {
    std::vector<std::string> environment;          // "NAME=VALUE" set for it
    SandboxView view = SandboxView::kCommandLine;  // a player named on a command line, or a submission
    bool unbuffered = true;                        // its standard output unbuffered (SandboxOptions)
};

class RefereedProgram : public RefereedPlayer {
public:
    // `exitGrace`: how long stop() lets the program exit by itself once its input is closed (a GTP
    // engine after `quit`) before it is killed.
    RefereedProgram(std::vector<std::string> argv, const RefereeOptions& options,
                 std::chrono::milliseconds exitGrace = std::chrono::milliseconds(0), ProgramSetup setup = {});
    ~RefereedProgram() override;  // stop(): no process of the program outlives its game

protected:
    // Thrown inside a protocol when the program misbehaves (its kind and reason); returned as the fault at
    // the RefereedPlayer interface.
    using Fault = PlayerFault;

    // How a program ended.
    struct Exit {
        int status = 0;                 // the wait status
        bool killedAfterGrace = false;  // still running when the grace ran out
    };

    // Starts the program in its sandbox; when it cannot be run, throws a CRASH Fault with the sandbox's message.
    void start();
    // Closes its input and waits up to exitGrace for it to exit, then ends its whole process tree.
    void stop();
    // Waits for the program to exit: with a zero `grace` it is killed at once, otherwise when still
    // running after `grace` (counted as AnswerClock counts it: a pause of the whole machine is not its
    // lingering), so that no program can hang the referee. Then every process it started is killed
    // too, and this object forgets it.
    Exit waitForExit(std::chrono::duration<double> grace);
    // Runs one step of a protocol; returns the Fault it throws, or an empty one when it throws none.
    static PlayerFault faultOf(const std::function<void()>& step);
    // The end of a game for an engine with a quit command: `sendQuit` while it runs (a fault then is
    // ignored: the game is over), then stop(). Never a fault.
    PlayerFault quitThenStop(const std::function<void()>& sendQuit);
    // Writes all of `text`; false when the program no longer reads its input.
    bool writeAll(const std::string& text);

    bool running() const { return sandbox_.started(); }
    int fromChild() const { return sandbox_.output(); }  // the program's standard output (non-blocking)
    // Readable (for poll) when the program's exit has been reported.
    int exitDescriptor() const { return sandbox_.statusDescriptor(); }
    // Whether the program itself has exited (its descendants may still run until this object ends them).
    bool programExited() { return sandbox_.started() && sandbox_.exited(); }
    // After a read of its output found nothing: -1 while the program runs; once it has exited, the bytes
    // it printed between that read and its exit, read into `chunk` (0: its output has ended). A loaded
    // machine can hold the referee up between the two for as long as the program needs to finish.
    ssize_t readAfterExit(char* chunk, std::size_t size);
    const RefereeOptions& options() const { return options_; }
    // " (its standard error: \"...\")" with the end of what it wrote there, or "" when it wrote nothing.
    std::string stderrNote() const;
    // One step of waiting for a reply: up to 10 ms for output, appended to `buffer` without carriage
    // returns. Throws a Fault (`late`, TLE, or `exited`, CRASH) once `reply` (restarted when the reply
    // became due) passes the wall-clock limit or when the program has exited (with stderrNote() when
    // `exitedNote`), and, with `cpuMark`, a TLE once its CPU time since *cpuMark passes the limit; a
    // program over a limit is killed first. Protocols loop on it until their reply is complete.
    void readSome(std::string& buffer, AnswerClock& reply, const double* cpuMark, const std::string& late,
                  const std::string& exited, bool exitedNote = false);
    // Each step of a wait for the program calls it: RefereeOptions::waiting, at most once a second.
    void stillWaiting();
    // User CPU seconds of the program and everything it started, exited processes included.
    double cpuSeconds() { return sandbox_.cpuSeconds(); }

private:
    std::vector<std::string> argv_;
    ProgramSetup setup_;
    RefereeOptions options_;
    std::chrono::milliseconds exitGrace_;
    Sandbox sandbox_;
    std::chrono::steady_clock::time_point lastWaiting_{};
};

}  // namespace reversi
