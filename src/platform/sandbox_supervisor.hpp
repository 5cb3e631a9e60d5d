// The sandbox's supervisor (platform/sandbox.hpp): the process that starts the program in its own
// session with its limits, user and descriptors, reports to the caller, and ends the whole tree when
// the caller closes its lifeline. After the fork it makes system calls only: everything is prepared
// in Launch before.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <string>
#include <vector>

namespace reversi::sandbox {

// Supervisor -> caller messages: fixed size, so that each write is atomic on the pipe.
struct Message {
    int kind;
    int value;
};
constexpr int kStarted = 1;     // value: the program's PID (in the supervisor's namespace)
constexpr int kExecFailed = 2;  // value: errno
constexpr int kExited = 3;      // value: the program's wait status
constexpr int kSetupFailed = 4; // value: errno (dropping privileges, limits, descriptors)
constexpr int kCgroupFailed = 5; // value: errno: the cgroup could be made but not joined

struct Launch {
    std::vector<char*> argv;
    int programIn = -1;    // read end of the program's standard input
    int programOut = -1;   // write end of its standard output
    int programErr = -1;   // its standard error
    int status = -1;       // write end, supervisor -> caller
    int lifeline = -1;     // read end, caller -> supervisor
    std::vector<std::string> cgroupProcs;  // cgroup.procs files to join
    const char* workDir = nullptr;
    std::vector<std::string> environment;
    rlimit memory{}, fileSize{}, openFiles{}, processes{};
    bool limitProcesses = false;
    bool dropPrivileges = false;
    uid_t uid = 0;
    gid_t gid = 0;
    bool subreaper = false;
    bool failJoin = false;  // tests: behave as if the cgroups could not be joined
    // argv runs bubblewrap, which runs the program: its exit status 128+N means the program died of
    // signal N (bubblewrap cannot die of it in its place), and is reported as that signal.
    bool wrapped = false;
    int seccomp = -1;       // the seccomp filter for bubblewrap, passed on as descriptor 4
};

// Forks the supervisor, into a new PID namespace when `newNamespace` and the machine allows one.
pid_t cloneSupervisor(bool newNamespace);

// The supervisor's life, in the forked child: runs the program and exits once the tree is gone.
[[noreturn]] void runSupervisor(const Launch& launch);

}  // namespace reversi::sandbox
