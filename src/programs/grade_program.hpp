// A submission's program: its executable, or the one C source compiled with gcc inside the sandbox;
// and running a program in the sandbox with CPU, wall-clock and output limits, its input written
// while its output is read.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "arena/match.hpp"
#include "platform/sandbox.hpp"
#include "programs/grade_options.hpp"

namespace reversi {

struct Run {
    std::string output;
    bool exited = false;
    int status = 0;
    bool cpuExceeded = false, wallExceeded = false, outputExceeded = false;
    double cpu = 0, wall = 0;
    std::string stderrHead;
    std::string error;  // it could not be started
};

// Runs `argv` in the sandbox with `input` on its standard input; stops it past `cpuLimit` CPU seconds,
// `wallLimit` seconds or `outputCap` bytes of output; keeps the first `stderrBytes` of its standard error.
Run runSandboxed(const std::vector<std::string>& argv, const std::string& input, const SandboxOptions& sandboxOptions,
                 double cpuLimit, double wallLimit, std::size_t outputCap, std::size_t stderrBytes = 0);
// Why a run failed ("crashed (signal 11: ...)", "over the CPU limit (killed)"), or "" when it exited 0.
std::string exitText(const Run& run);
// The sandbox every program of a submission runs in.
SandboxOptions sandboxFor(const GradeOptions& options);

struct Program {
    std::string path;     // to run ("" when there is none)
    std::string how;      // for the grade
    std::string problem;  // why there is none
    std::string log;      // the compiler's command and output
};

// The program in submission directory `dir` (named `name`): the lab's executable, or the one C source
// compiled into OUT/NAME/.
Program findProgram(const std::string& dir, const std::string& name, const GradeOptions& options);

// The student's program as a player (Part 2's games, and the leaderboard's): a submission (it sees its
// own folder's copy only), its standard output unbuffered unless --keep-buffering (the referee preloads
// libstdbuf: arena/refereed_program.hpp).
PlayerSpec studentPlayer(const Program& program, const std::string& name, const GradeOptions& options);
// The limits its games are refereed under: the CPU limit per move, the sandbox's limits, the user.
RefereeOptions studentReferee(const GradeOptions& options);

}  // namespace reversi
