// A pause of the whole machine, as a test makes one: the program under test and its referee (the test
// process) stopped together, the referee let go first.
#pragma once

#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "process_table.hpp"

namespace reversi {

inline void sleepSeconds(double seconds) { std::this_thread::sleep_for(std::chrono::duration<double>(seconds)); }

// Whether one of `pids` has closed its standard output.
inline bool outputClosed(const std::vector<pid_t>& pids) {
    for (const pid_t pid : pids)
        if (!std::filesystem::exists("/proc/" + std::to_string(pid) + "/fd/1")) return true;
    return false;
}

// Forks a helper that, once the program tagged `tag` runs (and, with `afterClose`, has closed its
// output), stops it and then this process (its referee) for `seconds`, as a paused machine or virtual
// machine would, and lets the referee go on 0.3 s before the program: the referee looks at its clock
// first. With `workers`, the referee's other children (a match's game workers) are stopped and let go
// with the program. The helper exits 0 when it found the program.
inline pid_t pauseMachineLater(const std::string& tag, double seconds, bool afterClose = false, bool workers = false) {
    const pid_t referee = getpid();
    const pid_t helper = fork();
    if (helper != 0) return helper;
    std::vector<pid_t> program;
    for (int i = 0; i < 300 && (program.empty() || (afterClose && !outputClosed(program))); ++i)
        program = processesWithTag(tag);
    const bool found = !program.empty();
    if (workers)
        for (const pid_t pid : childrenOf(referee))
            if (pid != getpid()) program.insert(program.begin(), pid);
    for (const pid_t pid : program) kill(pid, SIGSTOP);
    kill(referee, SIGSTOP);
    sleepSeconds(seconds);
    kill(referee, SIGCONT);
    sleepSeconds(0.3);
    for (const pid_t pid : program) kill(pid, SIGCONT);
    _exit(found ? 0 : 1);
}

}  // namespace reversi
