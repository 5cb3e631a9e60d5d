// The processes of a tree as /proc shows them, for the sandbox (platform/sandbox.hpp): a process's
// parent and CPU times, its children and every live descendant, and how many processes a user runs.
#pragma once

#include <sys/types.h>

#include <vector>

namespace reversi::sandbox {

// Fields of /proc/PID/stat: the parent, the user time and the children's user time, in clock ticks
// (each with the system time added when `withSystem`).
// Returns false when unreadable.
bool procStat(pid_t pid, long& ppid, long& utime, long& cutime, bool withSystem = false);

// Direct children of a process, from /proc/PID/task/TID/children (every thread), or, without it, from
// every process's parent field.
std::vector<pid_t> childrenOf(pid_t pid);

// Every live descendant of `root`, parents before their children.
std::vector<pid_t> descendantsOf(pid_t root);

int countProcessesOf(uid_t uid);

}  // namespace reversi::sandbox
