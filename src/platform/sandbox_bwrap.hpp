// The walls around a sandboxed program (platform/sandbox.hpp): bubblewrap's command line, and whether
// bubblewrap can make its namespaces on this machine at all. The supervisor execs bubblewrap once it has
// joined the cgroups and taken the program's limits and user; bubblewrap then makes a user, PID, network,
// IPC and UTS namespace, a file system of one of two views, loads the seccomp filter and runs the program.
#pragma once

#include <string>
#include <vector>

namespace reversi::sandbox {

// What the program sees of the file system.
enum class View {
    kSubmission,   // its working directory (read-write) and the system's read-only directories only
    kCommandLine,  // the whole file system read-only, and its working directory read-write
};

// The bubblewrap program: $REVERSI_BWRAP (tests: a missing one) or /usr/bin/bwrap.
std::string bwrapPath();

// bubblewrap's words before the program's: namespaces, the view, a private /proc, /dev, /tmp and
// /dev/shm, the working directory `workDir` (also the current directory), and the seccomp filter read
// from descriptor `seccompFd` (-1: none). In the command-line view, the program's own files in /tmp or
// /dev/shm (named in `argv`, the program's command line) are shown read-only.
std::vector<std::string> bwrapWords(View view, const std::string& workDir, int seccompFd,
                                    const std::vector<std::string>& argv);

// Whether bubblewrap can make its namespaces here, tried once per process (as an unprivileged user when
// root); when it cannot, `why` says what failed, in a few words.
bool namespacesAvailable(std::string& why);

// Whether `path` lies in a directory the submission view shows (the system's read-only directories).
bool inSystemDirectory(const std::string& path);

}  // namespace reversi::sandbox
