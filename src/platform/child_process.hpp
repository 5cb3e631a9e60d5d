// Starting another program with pipes on its standard input and output, and reading its CPU time the
// way the course measured it. ChildSession (child_session.hpp) builds the referee's program-driven
// players on it.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace reversi {

struct ChildPipes {
    pid_t pid = -1;
    int toChild = -1;    // the program's standard input
    int fromChild = -1;  // the program's standard output (non-blocking)
};

// Starts argv[0] (searched on PATH) with its stderr on /dev/null. SIGPIPE is ignored in this process so
// that a program exiting early cannot kill us. Throws std::runtime_error when a pipe or fork fails, or
// when the program cannot be run ("cannot run \"PROG\": reason"; the failed child is already reaped).
ChildPipes spawnWithPipes(std::vector<std::string> argv);

// Writes all of text to fd (a pipe to another process), retrying short and interrupted writes; false
// when the reader has gone (or another write error).
bool writeAll(int fd, const std::string& text);

// User CPU seconds of a running process so far: utime, field 14 of /proc/PID/stat (0 when unknown).
double processUserCpuSeconds(pid_t pid);

}  // namespace reversi
