#include "platform/interrupt.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace reversi {

namespace {

volatile std::sig_atomic_t g_mainPid = 0;
char g_cleanupDir[PATH_MAX] = "";  // removeOnInterrupt's directory ("" : none)
volatile std::sig_atomic_t g_adoptOrphans = 0;
volatile std::sig_atomic_t g_returnAfterInterrupt = 0;
volatile std::sig_atomic_t g_pendingInterrupt = 0;

// Everything below runs in the signal handler: system calls only (async-signal-safe), no allocation.

void pause10ms() {
    const timespec ten{0, 10 * 1000 * 1000};
    nanosleep(&ten, nullptr);
}

// The next decimal number in text[at..], or -1 at the end.
long nextNumber(const char* text, long size, long& at) {
    while (at < size && (text[at] < '0' || text[at] > '9')) ++at;
    if (at >= size) return -1;
    long value = 0;
    while (at < size && text[at] >= '0' && text[at] <= '9') value = value * 10 + (text[at++] - '0');
    return value;
}

// Sends `sig` to this process's children in its process group (its workers: a sandbox's supervisor has a
// session of its own and ends when its caller does), waits up to 5 s for them, then kills the rest.
void endWorkers(int sig) {
    char path[64] = "/proc/self/task/";
    char digits[24];
    int length = 0;
    for (long pid = ::getpid(); pid > 0; pid /= 10) digits[length++] = static_cast<char>('0' + pid % 10);
    std::size_t at = std::strlen(path);
    while (length > 0) path[at++] = digits[--length];
    std::memcpy(path + at, "/children", 10);
    char list[4096];
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    const long size = fd < 0 ? 0 : ::read(fd, list, sizeof list);
    if (fd >= 0) ::close(fd);
    pid_t workers[256];
    int count = 0;
    long pos = 0;
    for (long pid; count < 256 && (pid = nextNumber(list, size, pos)) > 0;)
        if (::getpgid(static_cast<pid_t>(pid)) == ::getpgrp()) workers[count++] = static_cast<pid_t>(pid);
    for (int i = 0; i < count; ++i) ::kill(workers[i], sig);
    for (int waited = 0; waited < 500; ++waited) {
        bool left = false;
        for (int i = 0; i < count; ++i) {
            if (workers[i] > 0 && ::waitpid(workers[i], nullptr, WNOHANG) == 0) {
                left = true;
            } else {
                workers[i] = 0;  // ended (or not ours to wait for)
            }
        }
        if (!left) return;
        pause10ms();
    }
    for (int i = 0; i < count; ++i)
        if (workers[i] > 0) ::kill(workers[i], SIGKILL), ::waitpid(workers[i], nullptr, 0);
}

struct DirectoryEntry {  // what getdents64 returns
    ino64_t inode;
    off64_t offset;
    unsigned short length;
    unsigned char type;
    char name[1];
};

// Removes `name` in the directory `parent` with everything in it; true when it is gone.
bool removeTree(int parent, const char* name, int depth) {
    if (::unlinkat(parent, name, 0) == 0 || errno == ENOENT) return true;
    const int fd = depth < 32 ? ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
    if (fd >= 0) {
        alignas(8) char buffer[4096];
        long n;
        while ((n = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer)) > 0)
            for (long at = 0; at < n;) {
                const auto* entry = reinterpret_cast<const DirectoryEntry*>(buffer + at);
                at += entry->length;
                if (std::strcmp(entry->name, ".") != 0 && std::strcmp(entry->name, "..") != 0)
                    removeTree(fd, entry->name, depth + 1);
            }
        ::close(fd);
    }
    return ::unlinkat(parent, name, AT_REMOVEDIR) == 0 || errno == ENOENT;
}

extern "C" void onInterruptSignal(int sig) {
    if (static_cast<std::sig_atomic_t>(::getpid()) != g_mainPid) ::_exit(128 + sig);  // a worker: silently
    const char* text = sig == SIGINT ? "\nreversi: interrupted\n" : "\nreversi: terminated\n";
    const ssize_t ignored = ::write(2, text, std::strlen(text));
    (void)ignored;
    endWorkers(sig);
    for (int waited = 0; g_adoptOrphans && waited < 300; ++waited) {
        pid_t reaped;
        while ((reaped = ::waitpid(-1, nullptr, WNOHANG)) > 0) {
        }
        if (reaped < 0 && errno == ECHILD) break;  // none left
        pause10ms();
    }
    // A program being killed by its sandbox may still write for a moment: try for up to 2 s.
    for (int tries = 0; g_cleanupDir[0] && tries < 200 && !removeTree(AT_FDCWD, g_cleanupDir, 0); ++tries) pause10ms();
    if (g_returnAfterInterrupt && !g_pendingInterrupt) {
        g_pendingInterrupt = sig;
        return;
    }
    ::_exit(128 + sig);
}

sigset_t interruptSignals() {
    sigset_t set;
    sigemptyset(&set);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, sig);
    return set;
}

}  // namespace

void installInterruptHandler() {
    g_mainPid = static_cast<std::sig_atomic_t>(::getpid());
    struct sigaction action {};
    action.sa_handler = onInterruptSignal;
    action.sa_mask = interruptSignals();  // one signal handled at a time
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &action, nullptr);
}

void adoptOrphansOnInterrupt() {
    ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    g_adoptOrphans = 1;
}

void returnAfterInterrupt() { g_returnAfterInterrupt = 1; }
void exitOnInterrupt() { g_returnAfterInterrupt = 0; }

int pendingInterrupt() { return g_pendingInterrupt; }

void removeOnInterrupt(const std::string& dir) {
    char absolute[PATH_MAX] = "";
    if (!dir.empty() && dir[0] != '/' && !::getcwd(absolute, sizeof absolute)) absolute[0] = 0;
    std::string path = dir.empty() || dir[0] == '/' ? dir : std::string(absolute) + "/" + dir;
    if (path.size() >= sizeof g_cleanupDir) path.clear();
    const InterruptsDeferred deferred;  // never half a path seen by the handler
    std::memcpy(g_cleanupDir, path.c_str(), path.size() + 1);
}

InterruptsDeferred::InterruptsDeferred() {
    const sigset_t set = interruptSignals();
    sigprocmask(SIG_BLOCK, &set, &previous_);
}

InterruptsDeferred::~InterruptsDeferred() { sigprocmask(SIG_SETMASK, &previous_, nullptr); }

}  // namespace reversi
