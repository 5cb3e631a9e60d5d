#include "platform/sandbox_supervisor.hpp"

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <iterator>

#include "platform/process_tree.hpp"

namespace reversi::sandbox {

namespace {

// Closes every descriptor from `first` to `last` (close_range, or one by one on kernels without it).
void closeRange(unsigned first, unsigned last) {
    if (close_range(first, last, 0) == 0) return;
    for (unsigned fd = first; fd <= last && fd < 65536; ++fd) close(static_cast<int>(fd));
}

void sendMessage(int fd, int kind, int value) {
    const Message m{kind, value};
    (void)!write(fd, &m, sizeof m);
}

[[noreturn]] void runProgram(const Launch& launch, int execReport) {
    const pid_t supervisor = getppid();
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    for (int sig = 1; sig < NSIG; ++sig)
        if (sig != SIGKILL && sig != SIGSTOP) signal(sig, SIG_DFL);
    setpgid(0, 0);
    auto fail = [&execReport](int kind) {
        const Message m{kind, errno};
        (void)!write(execReport, &m, sizeof m);
        _exit(127);
    };
    for (const std::string& procs : launch.cgroupProcs) {
        const int fd = launch.failJoin ? -1 : open(procs.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0 || write(fd, "0", 1) != 1) fail(kCgroupFailed);
        close(fd);
    }
    // Descriptors: 0-2 are the program's, 3 the exec report (closed by exec), 4 bubblewrap's seccomp
    // filter (bubblewrap closes it), nothing else.
    const int in = fcntl(launch.programIn, F_DUPFD, 10);
    const int out = fcntl(launch.programOut, F_DUPFD, 10);
    const int err = fcntl(launch.programErr, F_DUPFD, 10);
    const int report = fcntl(execReport, F_DUPFD_CLOEXEC, 10);
    const int filter = launch.seccomp >= 0 ? fcntl(launch.seccomp, F_DUPFD, 10) : -1;
    if (in < 0 || out < 0 || err < 0 || report < 0 || (launch.seccomp >= 0 && filter < 0)) fail(kSetupFailed);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || dup3(report, 3, O_CLOEXEC) < 0) fail(kSetupFailed);
    execReport = 3;
    if (filter >= 0 && (dup2(filter, 4) < 0 || lseek(4, 0, SEEK_SET) != 0)) fail(kSetupFailed);
    closeRange(filter >= 0 ? 5 : 4, ~0U);
    // The environment first: setenv and putenv allocate, and no allocation may come after the
    // address-space limit (under AddressSanitizer, whose shadow already exceeds it, one would fail).
    setenv("TMPDIR", launch.workDir, 1);
    for (const std::string& variable : launch.environment) putenv(const_cast<char*>(variable.c_str()));
    if (setrlimit(RLIMIT_AS, &launch.memory) != 0 || setrlimit(RLIMIT_FSIZE, &launch.fileSize) != 0 ||
        setrlimit(RLIMIT_NOFILE, &launch.openFiles) != 0)
        fail(kSetupFailed);
    const rlimit noCore{0, 0};
    setrlimit(RLIMIT_CORE, &noCore);
    if (launch.limitProcesses && setrlimit(RLIMIT_NPROC, &launch.processes) != 0) fail(kSetupFailed);
    if (chdir(launch.workDir) != 0) fail(kSetupFailed);
    if (launch.dropPrivileges) {
        if (setgroups(0, nullptr) != 0 || setresgid(launch.gid, launch.gid, launch.gid) != 0 ||
            setresuid(launch.uid, launch.uid, launch.uid) != 0)
            fail(kSetupFailed);
    }
    // Dies with the supervisor even if the supervisor is killed (set after the user change, which clears it).
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (getppid() != supervisor) _exit(127);  // the supervisor is gone already
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    execvp(launch.argv[0], launch.argv.data());
    fail(kExecFailed);
    _exit(127);
}

extern "C" void onSupervisorChild(int) {}

// Kills every child of this supervisor, and the children they leave behind (reparented to it as a
// subreaper), until none is left.
void killAllChildren() {
    for (int round = 0;; ++round) {
        int status;
        while (waitpid(-1, &status, WNOHANG) > 0) {
        }
        const std::vector<pid_t> children = childrenOf(getpid());
        if (children.empty()) {
            if (waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD) return;
        }
        // Only direct children: a child this process has not reaped cannot have been replaced by
        // another process under the same PID.
        for (const pid_t child : children) kill(child, SIGKILL);
        usleep(round < 100 ? 1000 : 10000);
    }
}

// Nothing of the caller's beyond its standard descriptors and what the supervisor needs, not even a
// descriptor the caller left without close-on-exec: the supervisor outlives no one, but holds nothing
// of theirs open either.
void closeAllBut(const Launch& launch) {
    int keep[] = {launch.programIn, launch.programOut, launch.programErr, launch.status, launch.lifeline, launch.seccomp};
    std::sort(std::begin(keep), std::end(keep));
    unsigned next = 3;
    for (const int fd : keep) {
        if (fd < 3) continue;
        if (static_cast<unsigned>(fd) > next) closeRange(next, static_cast<unsigned>(fd) - 1);
        next = static_cast<unsigned>(fd) + 1;
    }
    closeRange(next, ~0U);
}

// Ignores the signals of a terminal and of the caller's process group, and blocks SIGCHLD outside
// ppoll; returns the mask ppoll waits with (SIGCHLD let through).
sigset_t handleSignals() {
    for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU}) signal(sig, SIG_IGN);
    struct sigaction action {};
    action.sa_handler = onSupervisorChild;
    action.sa_flags = SA_NOCLDSTOP;
    sigemptyset(&action.sa_mask);
    sigaction(SIGCHLD, &action, nullptr);
    sigset_t childSignal, waiting;
    sigemptyset(&childSignal);
    sigaddset(&childSignal, SIGCHLD);
    sigprocmask(SIG_BLOCK, &childSignal, &waiting);
    sigdelset(&waiting, SIGCHLD);
    return waiting;
}

// Forks the program and reports to the caller whether it started; returns its PID.
pid_t startProgram(const Launch& launch) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        sendMessage(launch.status, kSetupFailed, errno);
        _exit(1);
    }
    const pid_t program = fork();
    if (program < 0) {
        sendMessage(launch.status, kSetupFailed, errno);
        _exit(1);
    }
    if (program == 0) {
        close(report[0]);
        runProgram(launch, report[1]);
    }
    close(report[1]);
    close(launch.programIn);
    close(launch.programOut);
    close(launch.programErr);
    Message failure{};
    ssize_t got;
    while ((got = read(report[0], &failure, sizeof failure)) < 0 && errno == EINTR) {
    }
    close(report[0]);
    if (got == static_cast<ssize_t>(sizeof failure))
        sendMessage(launch.status, failure.kind, failure.value);
    else
        sendMessage(launch.status, kStarted, program);
    return program;
}

// The program's wait status from bubblewrap's: 128+N is death by signal N. bubblewrap's namespace dies
// with it (its init gets SIGKILL and comes back to this process): reaping it first puts the CPU time of
// everything it reaped into this process's children's time before the exit is reported.
int afterBubblewrap(int status) {
    for (int round = 0; round < 200; ++round) {
        int other;
        const pid_t done = waitpid(-1, &other, WNOHANG);
        if (done < 0) break;  // no child left
        if (done == 0) usleep(500);
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) > 128 && WEXITSTATUS(status) < 128 + NSIG)
        return WEXITSTATUS(status) - 128;  // the wait status of death by that signal
    return status;
}

// Reaps children and reports the program's exit until the caller closes the lifeline (or writes to it).
void superviseUntilEnd(const Launch& launch, pid_t program, const sigset_t& waiting) {
    bool programDone = false;
    for (;;) {
        int status = 0;
        pid_t done;
        while ((done = waitpid(-1, &status, WNOHANG)) > 0)
            if (done == program && !programDone) {
                programDone = true;
                if (launch.wrapped) status = afterBubblewrap(status);
                sendMessage(launch.status, kExited, status);
            }
        pollfd pfd{launch.lifeline, POLLIN, 0};
        const int ready = ppoll(&pfd, 1, nullptr, &waiting);
        if (ready > 0) return;  // a byte or end of file: the caller wants the tree gone
    }
}

}  // namespace

[[noreturn]] void runSupervisor(const Launch& launch) {
    closeAllBut(launch);
    setsid();
    if (launch.subreaper) prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    const sigset_t waiting = handleSignals();
    const pid_t program = startProgram(launch);
    superviseUntilEnd(launch, program, waiting);
    // In a PID namespace the kernel kills every process left in it when its init (this process) exits.
    if (launch.subreaper) killAllChildren();
    _exit(0);
}

pid_t cloneSupervisor(bool newNamespace) {
    if (newNamespace) {
        // fork() into a new PID namespace: clone with no new stack, as fork itself does.
        const long pid = syscall(SYS_clone, CLONE_NEWPID | SIGCHLD, nullptr, nullptr, nullptr, nullptr);
        if (pid >= 0) return static_cast<pid_t>(pid);
        // Not allowed here (no privilege, or nested too deep): a subreaper instead.
    }
    return fork();
}

}  // namespace reversi::sandbox
