// The part of a referee session that runs another program as a player: starting it with pipes, writing
// to it, reading its CPU time and ending it. The lab-protocol session (external_player.cpp) and the GTP
// session (gtp_player.cpp) derive from it; each keeps its own protocol, its reading and its messages.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "arena/game_session.hpp"

namespace reversi {

class ChildSession : public GameSession {
public:
    // `exitGrace`: how long stop() lets the program exit by itself once its input is closed (a GTP
    // engine after `quit`) before it is killed.
    ChildSession(std::vector<std::string> argv, const RefereeOptions& options,
                 std::chrono::milliseconds exitGrace = std::chrono::milliseconds(0));
    ~ChildSession() override;  // stop(): no program outlives its session

protected:
    // Thrown inside a session when the program misbehaves; turned into a fault at the GameSession interface.
    struct Fault {
        std::string reason;
    };

    // How a reaped program ended.
    struct Exit {
        int status = 0;                 // the wait status
        bool killedAfterGrace = false;  // still running when the grace ran out
    };

    // Starts the program; when it cannot be run, throws a Fault with spawnWithPipes' message.
    void start();
    // Closes both pipes and reaps the program, killing it if it has not exited within exitGrace.
    void stop();
    // Waits for the program to exit, its pipes left as they are: with a zero `grace` it is killed at once,
    // otherwise when still running after `grace`, so that no program can hang the referee. Forgets it.
    Exit waitForExit(std::chrono::duration<double> grace);
    // Writes all of `text`; false when the program no longer reads its input.
    bool writeAll(const std::string& text);

    bool running() const { return pid_ > 0; }
    int fromChild() const { return fromChild_; }  // the program's standard output (non-blocking)
    const RefereeOptions& options() const { return options_; }
    // User CPU seconds of the program so far (utime from /proc, as the course measured user time).
    double cpuSeconds() const;

private:
    std::vector<std::string> argv_;
    RefereeOptions options_;
    std::chrono::milliseconds exitGrace_;
    pid_t pid_ = -1;
    int toChild_ = -1;
    int fromChild_ = -1;
};

}  // namespace reversi
