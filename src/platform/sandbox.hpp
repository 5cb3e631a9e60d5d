// Running an untrusted program (a student's submission, any external player, a compiler on a student's
// source) so that it can neither fool nor harm the process that runs it, and so that everything it
// starts is counted and ended with it. docs/sandbox.md says what it guarantees and what it does not.
//
// The program runs under a small supervisor process: in a new PID namespace where the machine allows
// one (the supervisor is its init, so the kernel kills everything left in it when the supervisor
// exits), otherwise as a child subreaper (orphaned descendants come back to it, and it kills them).
// The program has its own session and process group, only descriptors 0-2 (its pipes and its
// standard error), resource limits (address space, file size, process count, no core files), a
// private temporary working directory removed afterwards, and, when run by root, a user id of its own
// (platform/sandbox_identity.hpp; a program that user could not run is copied into the working
// directory first). Under Isolation::kNamespaces the supervisor runs it inside bubblewrap
// (platform/sandbox_bwrap.hpp): its own user, PID, network, IPC and UTS namespaces, /proc, /tmp and
// /dev/shm, one of two views of the file system, and a seccomp filter (platform/seccomp_filter.hpp).
// Its CPU time is the whole tree's: from a cgroup made for it (cgroup v2 cpu.stat, or v1 cpuacct),
// or else from /proc: every live descendant plus everything the supervisor has reaped.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "platform/answer_clock.hpp"
#include "platform/sandbox_bwrap.hpp"
#include "platform/sandbox_identity.hpp"

namespace reversi {

using SandboxView = sandbox::View;

// How programs are walled off from each other and from the machine (--isolation; docs/sandbox.md).
enum class Isolation {
    kNamespaces,  // bubblewrap: own PID, user, network, IPC namespaces and file-system view, seccomp
    kContainer,   // one submission per container: limits, own session and user, no namespaces
    kAuto,        // namespaces where bubblewrap can make them, else container, said on standard error
};
// Which CPU time a program is charged (--cpu-time): user time, as the course's handout measures it
// (ru_utime), or user plus system time.
enum class CpuTime { kUser, kUserSystem };

// The run's choices, set once from the command line before any program starts; every sandbox of the
// process (and of the workers it forks) takes them as its defaults.
struct SandboxPolicy {
    Isolation isolation = Isolation::kNamespaces;
    CpuTime cpuTime = CpuTime::kUser;
};
SandboxPolicy& sandboxPolicy();
// "namespaces", "container", "auto"; "user", "user+system".
const char* isolationName(Isolation isolation);
const char* cpuTimeName(CpuTime cpuTime);
// What `asked` comes to on this machine: kNamespaces or kContainer. Auto without namespaces comes to
// kContainer and says so on standard error, once per process; kNamespaces without them throws
// std::runtime_error saying why and what to do.
Isolation effectiveIsolation(Isolation asked);
// coreutils' libstdbuf.so, or "" when it is not installed.
std::string stdbufLibrary();
// Whether REVERSI_SANDBOX (comma-separated switches for tests and for machines where a feature
// misbehaves: docs/sandbox.md#settings) holds `name`.
bool sandboxSwitch(const char* name);

namespace sandbox {
struct Launch;
}

struct SandboxLimits {
    std::uint64_t memoryBytes = 1ull << 30;  // RLIMIT_AS of each process (address space)
    std::uint64_t fileBytes = 16ull << 20;   // RLIMIT_FSIZE: the largest file it may write
    int processes = 64;                      // processes and threads at once (a pids cgroup, or RLIMIT_NPROC)
    int openFiles = 256;                     // RLIMIT_NOFILE
};

struct SandboxOptions {
    SandboxLimits limits;
    // Where the program's standard error goes ("" : /dev/null, or a private file when captureStderr).
    // Opened (created, truncated) by the caller's process before the start, so the program needs no
    // access to it; its size is bounded by fileBytes.
    std::string stderrFile;
    // Keep the program's standard error in a private file outside its reach, for stderrTail().
    bool captureStderr = false;
    // Environment variables ("NAME=VALUE") set for the program, besides TMPDIR (its working directory).
    std::vector<std::string> environment;
    // Files copied into the private working directory before the start (by their base names).
    std::vector<std::string> copyIn;
    // When run by root: the user the program runs as: "auto" (a user id of its own among those of the
    // programs running on the machine, from a reserved range: platform/sandbox_identity.hpp), a user's
    // name, or "root" (keeps root, which gives up most of the guarantees). Ignored when not root.
    std::string runAs = "auto";
    // What it sees of the file system under namespaces: a submission its working directory and the
    // system's directories; a player named on a command line the whole file system, read-only.
    SandboxView view = SandboxView::kSubmission;
    // Its standard output unbuffered, as at a terminal: coreutils' libstdbuf preloaded with _STDBUF_O=0
    // (as `stdbuf -o0`), so that a program that never flushes still shows each line as it prints it.
    // A statically linked program is not covered (it loads no library).
    bool unbufferedOutput = false;
    Isolation isolation = sandboxPolicy().isolation;
    CpuTime cpuTime = sandboxPolicy().cpuTime;
};

// How the CPU time of the whole tree is counted.
enum class CpuAccounting { kCgroup2, kCgroup1, kProc };
const char* accountingName(CpuAccounting accounting);

class Sandbox {
public:
    Sandbox() = default;
    ~Sandbox();  // end(): no process of the tree outlives its sandbox; the captured stderr is removed
    Sandbox(const Sandbox&) = delete;
    Sandbox& operator=(const Sandbox&) = delete;

    // Starts argv[0] (searched on PATH when it has no '/'; made absolute when it is a relative path)
    // with the arguments, in the private working directory, where relative paths among the arguments
    // now point. Throws std::runtime_error when the sandbox
    // cannot be set up or the program cannot be run ("cannot run \"PROG\": reason"). SIGPIPE is ignored
    // in this process from then on, so that a program exiting early cannot kill it.
    void start(const std::vector<std::string>& argv, const SandboxOptions& options = {});

    bool started() const { return supervisor_ > 0; }
    int input() const { return toChild_; }     // the program's standard input (write end)
    int output() const { return fromChild_; }  // the program's standard output (read end, non-blocking)
    // A descriptor that becomes readable when the supervisor reports the program's exit (for poll).
    int statusDescriptor() const { return status_; }
    void closeInput();
    void closeOutput();

    // CPU seconds of the whole tree so far (user time, or user plus system time: options.cpuTime),
    // exited processes included (never decreases).
    double cpuSeconds();
    CpuAccounting accounting() const { return accounting_; }
    // Whether the program runs inside bubblewrap's namespaces (else: --isolation container).
    bool walled() const { return walled_; }

    // Whether the program itself (not its descendants) has exited; then `status` is its wait status.
    bool exited(int* status = nullptr);
    // Waits up to `seconds` for the program to exit; false when it is still running then.
    bool waitExit(double seconds, int* status = nullptr);
    // The same while `clock` counts at most `limit` seconds: a pause of the whole machine meanwhile is
    // not the program's time (AnswerClock).
    bool waitExitCounted(AnswerClock& clock, double limit, int* status = nullptr);

    // Kills every process of the tree, whatever signals it ignores, waits until none is left, and
    // removes the working directory and the cgroups. The program's wait status is then SIGKILL if it
    // had not exited. Safe to call more than once.
    void end();

    // The private working directory (empty before start and after end).
    const std::string& workDir() const { return workDir_; }
    // The end of what the program wrote on its standard error (captureStderr), as one line: for messages.
    std::string stderrTail(std::size_t maxBytes = 200) const;
    // The beginning of it, as it was written (a compiler's first errors).
    std::string stderrHead(std::size_t maxBytes) const;
    // Live processes of the tree (host PIDs, the supervisor excluded): for tests.
    std::vector<pid_t> processes() const;
    pid_t supervisorPid() const { return supervisor_; }

private:
    struct CgroupUnusable {};
    void startOnce(const std::vector<std::string>& argv, const SandboxOptions& options, bool useCgroups);
    // The steps of startOnce, in order.
    void chooseUser(sandbox::Launch& launch, const SandboxOptions& options);
    void makeWorkDir(sandbox::Launch& launch, const SandboxOptions& options);
    void wrap(sandbox::Launch& launch, std::vector<std::string>& argv, const SandboxOptions& options);
    bool makeCgroups(int processes);  // whether a pids cgroup holds the process count
    void openDescriptors(sandbox::Launch& launch, const SandboxOptions& options);
    void forkSupervisor(sandbox::Launch& launch);
    void awaitStart(const std::string& name);
    void readStatus(bool block, int timeoutMs);
    void removeCgroups();

    pid_t supervisor_ = -1;
    int toChild_ = -1;
    int fromChild_ = -1;
    int status_ = -1;    // supervisor -> us: start and exit reports
    int lifeline_ = -1;  // us -> supervisor: closing it ends the tree
    bool exited_ = false;
    int exitStatus_ = 0;
    std::string workDir_;
    std::string errorLog_;  // the captured standard error (removed with the Sandbox object)
    std::vector<std::string> cgroups_;  // cgroup directories made for this program
    std::string cpuFile_;               // cpu.stat (v2) or cpuacct.usage_user / cpuacct.stat (v1)
    std::string killFile_;              // cgroup.kill (v2), when there is one
    CpuAccounting accounting_ = CpuAccounting::kProc;
    double cpuHigh_ = 0;
    bool walled_ = false;
    bool withSystem_ = false;   // CpuTime::kUserSystem
    sandbox::UidLease uid_;     // the program's own user id (root, runAs "auto"), held until end()  // the highest total read so far (/proc sums can dip when a process is reaped)
};

}  // namespace reversi
