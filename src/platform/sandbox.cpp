#include "platform/sandbox.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace reversi {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

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

std::string errnoText(int error) { return std::strerror(error); }

// REVERSI_SANDBOX: comma-separated switches for tests and for machines where a feature misbehaves:
// nocgroup (count CPU time from /proc), nonamespace (a subreaper instead of a PID namespace), and
// testjoinfailure (tests only: the cgroups are made but joining them fails).
bool sandboxSwitch(const char* name) {
    const char* text = std::getenv("REVERSI_SANDBOX");
    if (!text) return false;
    std::string all = std::string(",") + text + ",";
    return all.find(std::string(",") + name + ",") != std::string::npos;
}

std::string readSmallFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool writeSmallFile(const std::string& path, const std::string& text) {
    const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

// --- cgroups --------------------------------------------------------------------------------------

struct Mount {
    std::string point;
    std::string type;     // cgroup or cgroup2
    std::string options;  // super options (v1: the controllers)
};

std::vector<Mount> cgroupMounts() {
    std::vector<Mount> mounts;
    std::ifstream in("/proc/self/mountinfo");
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t dash = line.find(" - ");
        if (dash == std::string::npos) continue;
        std::istringstream head(line.substr(0, dash)), tail(line.substr(dash + 3));
        std::string id, parent, dev, root, point, type, source, options;
        head >> id >> parent >> dev >> root >> point;
        tail >> type >> source >> options;
        if (type == "cgroup" || type == "cgroup2") mounts.push_back({point, type, "," + options + ","});
    }
    return mounts;
}

// This process's cgroup path for a v1 controller, or for v2 (controller "").
std::string ownCgroup(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t a = line.find(':'), b = line.find(':', a + 1);
        if (a == std::string::npos || b == std::string::npos) continue;
        std::string controllers(1, ',');
        controllers.append(line, a + 1, b - a - 1).push_back(',');
        std::string wanted(1, ',');
        wanted.append(controller).push_back(',');
        if (controller.empty() ? line.compare(0, 3, "0::") == 0 : controllers.find(wanted) != std::string::npos)
            return line.substr(b + 1);
    }
    return {};
}

// Removes cgroups left by sandboxes of processes that no longer exist (killed before their cleanup).
void removeStaleCgroups(const std::string& parent) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(parent, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("reversi-", 0) != 0) continue;
        const long owner = std::strtol(name.c_str() + 8, nullptr, 10);
        if (owner > 0 && kill(static_cast<pid_t>(owner), 0) != 0 && errno == ESRCH) rmdir(entry.path().c_str());
    }
}

std::string makeCgroup(const Mount& mount, const std::string& own) {
    static std::atomic<int> sequence{0};
    const std::string parent = mount.point + (own == "/" ? "" : own);
    removeStaleCgroups(parent);
    const std::string dir =
        parent + "/reversi-" + std::to_string(getpid()) + "-" + std::to_string(sequence.fetch_add(1));
    if (mkdir(dir.c_str(), 0755) != 0) return {};
    return dir;
}

// --- /proc ----------------------------------------------------------------------------------------

// Fields of /proc/PID/stat after the command name: state is field 3. Returns false when unreadable.
bool procStat(pid_t pid, long& ppid, long& utime, long& cutime) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    char text[1024];
    const ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return false;
    text[n] = 0;
    const char* p = std::strrchr(text, ')');
    if (!p) return false;
    p += 2;
    long field[20] = {0};
    // Fields 3.. : state (a character), then numbers.
    int index = 3;
    while (*p && index <= 17) {
        if (index == 3) {
            ++p;
        } else {
            field[index] = std::strtol(p, const_cast<char**>(&p), 10);
        }
        while (*p == ' ') ++p;
        ++index;
    }
    ppid = field[4];
    utime = field[14];
    cutime = field[16];
    return index > 17;
}

// Direct children of a process, from /proc/PID/task/TID/children (every thread), or, without it, from
// every process's parent field.
std::vector<pid_t> childrenOf(pid_t pid) {
    std::vector<pid_t> children;
    const std::string taskDir = "/proc/" + std::to_string(pid) + "/task";
    std::error_code ec;
    bool any = false;
    for (const auto& task : fs::directory_iterator(taskDir, ec)) {
        std::ifstream in(task.path() / "children");
        if (!in) continue;
        any = true;
        long child;
        while (in >> child) children.push_back(static_cast<pid_t>(child));
    }
    if (any) return children;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        long ppid, utime, cutime;
        if (procStat(static_cast<pid_t>(std::stol(name)), ppid, utime, cutime) && ppid == pid)
            children.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return children;
}

// Every live descendant of `root`, parents before their children.
std::vector<pid_t> descendantsOf(pid_t root) {
    std::vector<pid_t> all = childrenOf(root);
    for (std::size_t i = 0; i < all.size() && all.size() < 100000; ++i) {
        const std::vector<pid_t> more = childrenOf(all[i]);
        all.insert(all.end(), more.begin(), more.end());
    }
    return all;
}

bool allowedTo(const struct stat& info, mode_t ownerBits, uid_t uid, gid_t gid) {
    if (info.st_uid == uid) return (info.st_mode & ownerBits) == ownerBits;
    if (info.st_gid == gid) return (info.st_mode & (ownerBits >> 3)) == (ownerBits >> 3);
    return (info.st_mode & (ownerBits >> 6)) == (ownerBits >> 6);
}

// Whether a user (with its one group) may search every directory down to `path` and `path` itself.
bool reachableBy(const std::string& path, uid_t uid, gid_t gid) {
    std::error_code ec;
    const fs::path full = fs::absolute(path, ec).lexically_normal();
    fs::path at = "/";
    for (auto part = full.begin(); part != full.end(); ++part) {
        if (*part != "/") at /= *part;
        struct stat info {};
        if (stat(at.c_str(), &info) != 0 || !allowedTo(info, S_IXUSR, uid, gid)) return false;
    }
    return true;
}

// Whether a user may read and run `path`: search permission on every directory above it, read and
// execute permission on the file (a script needs both).
bool runnableBy(const std::string& path, uid_t uid, gid_t gid) {
    std::error_code ec;
    const fs::path full = fs::absolute(path, ec).lexically_normal();
    struct stat info {};
    return reachableBy(full.parent_path().string(), uid, gid) && stat(full.c_str(), &info) == 0 &&
           allowedTo(info, S_IRUSR | S_IXUSR, uid, gid);
}

int countProcessesOf(uid_t uid) {
    int count = 0;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        struct stat info {};
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (stat(entry.path().c_str(), &info) == 0 && info.st_uid == uid) ++count;
    }
    return count;
}

// --- the supervisor and the program (after fork: system calls only, everything prepared before) -----

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
};

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
    // Descriptors: 0-2 are the program's, 3 the exec report (closed by exec), nothing else.
    const int in = fcntl(launch.programIn, F_DUPFD, 10);
    const int out = fcntl(launch.programOut, F_DUPFD, 10);
    const int err = fcntl(launch.programErr, F_DUPFD, 10);
    const int report = fcntl(execReport, F_DUPFD_CLOEXEC, 10);
    if (in < 0 || out < 0 || err < 0 || report < 0) fail(kSetupFailed);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || dup3(report, 3, O_CLOEXEC) < 0) fail(kSetupFailed);
    execReport = 3;
    closeRange(4, ~0U);
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

[[noreturn]] void runSupervisor(const Launch& launch) {
    // Nothing of the caller's beyond its standard descriptors and what the supervisor needs, not even a
    // descriptor the caller left without close-on-exec: the supervisor outlives no one, but holds
    // nothing of theirs open either.
    int keep[] = {launch.programIn, launch.programOut, launch.programErr, launch.status, launch.lifeline};
    std::sort(std::begin(keep), std::end(keep));
    unsigned next = 3;
    for (const int fd : keep) {
        if (fd < 3) continue;
        if (static_cast<unsigned>(fd) > next) closeRange(next, static_cast<unsigned>(fd) - 1);
        next = static_cast<unsigned>(fd) + 1;
    }
    closeRange(next, ~0U);
    setsid();
    if (launch.subreaper) prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
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
    bool programDone = false;
    for (;;) {
        int status = 0;
        pid_t done;
        while ((done = waitpid(-1, &status, WNOHANG)) > 0)
            if (done == program && !programDone) {
                programDone = true;
                sendMessage(launch.status, kExited, status);
            }
        pollfd pfd{launch.lifeline, POLLIN, 0};
        const int ready = ppoll(&pfd, 1, nullptr, &waiting);
        if (ready > 0) break;  // a byte or end of file: the caller wants the tree gone
    }
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

}  // namespace

const char* accountingName(CpuAccounting accounting) {
    switch (accounting) {
        case CpuAccounting::kCgroup2: return "cgroup v2 (cpu.stat)";
        case CpuAccounting::kCgroup1: return "cgroup v1 (cpuacct)";
        case CpuAccounting::kProc: return "/proc (live descendants and reaped ones)";
    }
    return "?";
}

Sandbox::~Sandbox() {
    end();
    if (!errorLog_.empty()) unlink(errorLog_.c_str());
}

std::string Sandbox::stderrHead(std::size_t maxBytes) const {
    if (errorLog_.empty()) return {};
    std::ifstream in(errorLog_, std::ios::binary);
    std::string text(maxBytes, '\0');
    in.read(text.data(), static_cast<std::streamsize>(maxBytes));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

std::string Sandbox::stderrTail(std::size_t maxBytes) const {
    if (errorLog_.empty()) return {};
    std::ifstream in(errorLog_, std::ios::binary);
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size <= 0) return {};
    const std::streamoff from = size > static_cast<std::streamoff>(maxBytes) ? size - static_cast<std::streamoff>(maxBytes) : 0;
    in.seekg(from);
    std::string text(static_cast<std::size_t>(size - from), '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    std::string line;
    for (const char ch : text) line += (ch == '\n' || ch == '\r' || ch == '\t') ? ' ' : (static_cast<unsigned char>(ch) < 32 ? '?' : ch);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    while (!line.empty() && line.front() == ' ') line.erase(0, 1);
    return from > 0 ? "..." + line : line;
}

void Sandbox::start(const std::vector<std::string>& argv, const SandboxOptions& options) {
    try {
        startOnce(argv, options, true);
    } catch (const CgroupUnusable&) {
        // Made but not joinable here (a container without delegation, say): count from /proc instead.
        startOnce(argv, options, false);
    }
}

void Sandbox::startOnce(const std::vector<std::string>& argvIn, const SandboxOptions& options, bool useCgroups) {
    if (argvIn.empty()) throw std::runtime_error("no program to run");
    if (started()) throw std::logic_error("Sandbox::start: already started");
    exited_ = false;
    exitStatus_ = 0;
    cpuHigh_ = 0;
    accounting_ = CpuAccounting::kProc;
    signal(SIGPIPE, SIG_IGN);
    const std::string name = argvIn[0].size() > 60 ? argvIn[0].substr(0, 60) + "..." : argvIn[0];
    Launch launch;
    try {
        // Who the program runs as.
        const bool root = geteuid() == 0;
        launch.dropPrivileges = root && !options.runAs.empty() && options.runAs != "root";
        if (launch.dropPrivileges) {
            const passwd* user = getpwnam(options.runAs.c_str());
            if (!user) throw std::runtime_error("no user \"" + options.runAs + "\" to run programs as");
            launch.uid = user->pw_uid;
            launch.gid = user->pw_gid;
        }
        // The private working directory, in $TMPDIR when the program's user can reach it, else in /tmp.
        const char* tmp = std::getenv("TMPDIR");
        if (tmp && *tmp && launch.dropPrivileges && !reachableBy(tmp, launch.uid, launch.gid)) tmp = "/tmp";
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/reversi-sandbox-XXXXXX";
        if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a working directory: " + errnoText(errno));
        workDir_ = pattern;
        for (const std::string& file : options.copyIn) {
            const fs::path target = fs::path(workDir_) / fs::path(file).filename();
            std::error_code ec;
            fs::copy_file(file, target, fs::copy_options::overwrite_existing, ec);
            if (ec) throw std::runtime_error("cannot copy " + file + " into the sandbox: " + ec.message());
            if (launch.dropPrivileges && chown(target.c_str(), launch.uid, launch.gid) != 0)
                throw std::runtime_error("cannot hand " + file + " to the sandbox: " + errnoText(errno));
        }
        if (launch.dropPrivileges && chown(workDir_.c_str(), launch.uid, launch.gid) != 0)
            throw std::runtime_error("cannot hand the working directory to the sandbox: " + errnoText(errno));
        launch.workDir = workDir_.c_str();
        launch.environment = options.environment;

        // cgroups: CPU time of the tree, and the process count.
        bool pidsLimited = false;
        if (useCgroups && !sandboxSwitch("nocgroup")) {
            const std::vector<Mount> mounts = cgroupMounts();
            for (const Mount& m : mounts) {
                if (m.type != "cgroup2" || !cpuFile_.empty()) continue;
                const std::string own = ownCgroup("");
                if (own.empty()) continue;
                const std::string dir = makeCgroup(m, own);
                if (dir.empty()) continue;
                cgroups_.push_back(dir);
                if (access((dir + "/cpu.stat").c_str(), R_OK) == 0) {
                    cpuFile_ = dir + "/cpu.stat";
                    accounting_ = CpuAccounting::kCgroup2;
                }
                if (access((dir + "/cgroup.kill").c_str(), W_OK) == 0) killFile_ = dir + "/cgroup.kill";
                if (access((dir + "/pids.max").c_str(), W_OK) == 0 &&
                    writeSmallFile(dir + "/pids.max", std::to_string(options.limits.processes)))
                    pidsLimited = true;
            }
            for (const Mount& m : mounts) {
                if (m.type != "cgroup") continue;
                const bool cpuacct = cpuFile_.empty() && m.options.find(",cpuacct,") != std::string::npos;
                const bool pids = !pidsLimited && m.options.find(",pids,") != std::string::npos;
                if (!cpuacct && !pids) continue;
                const std::string own = ownCgroup(pids ? "pids" : "cpuacct");
                if (own.empty()) continue;
                const std::string dir = makeCgroup(m, own);
                if (dir.empty()) continue;
                cgroups_.push_back(dir);
                if (pids && writeSmallFile(dir + "/pids.max", std::to_string(options.limits.processes)))
                    pidsLimited = true;
                if (cpuacct) {
                    cpuFile_ = access((dir + "/cpuacct.usage_user").c_str(), R_OK) == 0 ? dir + "/cpuacct.usage_user"
                                                                                        : dir + "/cpuacct.stat";
                    accounting_ = CpuAccounting::kCgroup1;
                }
            }
        }
        for (const std::string& dir : cgroups_) launch.cgroupProcs.push_back(dir + "/cgroup.procs");
        launch.failJoin = sandboxSwitch("testjoinfailure");

        // Limits.
        auto limit = [](std::uint64_t value) {
            return rlimit{static_cast<rlim_t>(value), static_cast<rlim_t>(value)};
        };
        launch.memory = limit(options.limits.memoryBytes);
        launch.fileSize = limit(options.limits.fileBytes);
        launch.openFiles = limit(static_cast<std::uint64_t>(options.limits.openFiles));
        if (!pidsLimited) {
            // RLIMIT_NPROC counts every process of the user (root is exempt): allow what it has now plus the limit.
            const uid_t uid = launch.dropPrivileges ? launch.uid : getuid();
            if (uid != 0) {
                launch.limitProcesses = true;
                launch.processes = limit(static_cast<std::uint64_t>(countProcessesOf(uid) + options.limits.processes));
            }
        }

        // The program runs in its own directory: a program path relative to ours is made absolute (the
        // arguments are the caller's business: resolveProgram makes a player's file arguments absolute).
        std::vector<std::string> argv = argvIn;
        if (argv[0].find('/') != std::string::npos && argv[0][0] != '/') {
            std::error_code ec;
            argv[0] = fs::absolute(argv[0], ec).lexically_normal().string();
        }
        // A program the user it runs as could not read (a submission in a private directory) runs from a
        // copy in its working directory.
        if (launch.dropPrivileges && argv[0].find('/') != std::string::npos && !runnableBy(argv[0], launch.uid, launch.gid)) {
            const fs::path copy = fs::path(workDir_) / fs::path(argv[0]).filename();
            std::error_code ec;
            fs::copy_file(argv[0], copy, fs::copy_options::overwrite_existing, ec);
            if (ec || chown(copy.c_str(), launch.uid, launch.gid) != 0 || chmod(copy.c_str(), 0500) != 0)
                throw std::runtime_error("cannot run \"" + name + "\": cannot copy it for the user " + options.runAs);
            argv[0] = "./" + copy.filename().string();  // relative to its directory, where it starts
        }
        for (std::string& a : argv) launch.argv.push_back(a.data());
        launch.argv.push_back(nullptr);

        if (options.stderrFile.empty() && options.captureStderr && errorLog_.empty()) {
            std::string log = std::string(tmp && *tmp ? tmp : "/tmp") + "/reversi-stderr-XXXXXX";
            const int fd = mkstemp(log.data());
            if (fd < 0) throw std::runtime_error("cannot make a file for standard error: " + errnoText(errno));
            close(fd);
            errorLog_ = log;
        }

        // Descriptors, all close-on-exec: the program gets its own copies on 0-2 and nothing else.
        int in[2], out[2], status[2], lifeline[2];
        if (pipe2(in, O_CLOEXEC) != 0) throw std::runtime_error("pipe: " + errnoText(errno));
        if (pipe2(out, O_CLOEXEC) != 0) {
            close(in[0]), close(in[1]);
            throw std::runtime_error("pipe: " + errnoText(errno));
        }
        if (pipe2(status, O_CLOEXEC) != 0) {
            for (const int fd : {in[0], in[1], out[0], out[1]}) close(fd);
            throw std::runtime_error("pipe: " + errnoText(errno));
        }
        if (pipe2(lifeline, O_CLOEXEC) != 0) {
            for (const int fd : {in[0], in[1], out[0], out[1], status[0], status[1]}) close(fd);
            throw std::runtime_error("pipe: " + errnoText(errno));
        }
        const std::string errPath = !options.stderrFile.empty() ? options.stderrFile
                                    : !errorLog_.empty()       ? errorLog_
                                                               : std::string("/dev/null");
        const int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (err < 0) {
            for (const int fd : {in[0], in[1], out[0], out[1], status[0], status[1], lifeline[0], lifeline[1]}) close(fd);
            throw std::runtime_error("cannot open " + options.stderrFile + ": " + errnoText(errno));
        }
        toChild_ = in[1];
        fromChild_ = out[0];
        status_ = status[0];
        lifeline_ = lifeline[1];
        launch.programIn = in[0];
        launch.programOut = out[1];
        launch.programErr = err;
        launch.status = status[1];
        launch.lifeline = lifeline[0];

        std::fflush(nullptr);
        const bool wantNamespace = !sandboxSwitch("nonamespace");
        pid_t pid = cloneSupervisor(wantNamespace);
        if (pid == 0) {
            // In the supervisor: in a new PID namespace its PID is 1, otherwise it is a subreaper.
            launch.subreaper = getpid() != 1;
            runSupervisor(launch);
        }
        const int forkError = errno;
        for (const int fd : {in[0], out[1], err, status[1], lifeline[0]}) close(fd);
        if (pid < 0) throw std::runtime_error("fork: " + errnoText(forkError));
        supervisor_ = pid;
        fcntl(fromChild_, F_SETFL, fcntl(fromChild_, F_GETFL) | O_NONBLOCK);
        fcntl(status_, F_SETFL, fcntl(status_, F_GETFL) | O_NONBLOCK);

        // The first report: started, or why not.
        Message first{};
        const auto deadline = Clock::now() + std::chrono::seconds(20);
        for (;;) {
            const ssize_t n = read(status_, &first, sizeof first);
            if (n == static_cast<ssize_t>(sizeof first)) break;
            if (n == 0) throw std::runtime_error("cannot run \"" + name + "\": the sandbox's supervisor died");
            if (Clock::now() > deadline) throw std::runtime_error("cannot run \"" + name + "\": the sandbox did not start");
            pollfd pfd{status_, POLLIN, 0};
            poll(&pfd, 1, 100);
        }
        if (first.kind == kExecFailed) throw std::runtime_error("cannot run \"" + name + "\": " + errnoText(first.value));
        if (first.kind == kCgroupFailed) throw CgroupUnusable{};
        if (first.kind == kSetupFailed)
            throw std::runtime_error("cannot run \"" + name + "\": setting up the sandbox failed: " + errnoText(first.value));
    } catch (...) {
        end();
        throw;
    }
}

void Sandbox::closeInput() {
    if (toChild_ >= 0) close(toChild_), toChild_ = -1;
}

void Sandbox::closeOutput() {
    if (fromChild_ >= 0) close(fromChild_), fromChild_ = -1;
}

void Sandbox::readStatus(bool block, int timeoutMs) {
    if (status_ < 0) return;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
        Message m{};
        const ssize_t n = read(status_, &m, sizeof m);
        if (n == static_cast<ssize_t>(sizeof m)) {
            if (m.kind == kExited) {
                exited_ = true;
                exitStatus_ = m.value;
            }
            continue;
        }
        if (n == 0) {  // the supervisor is gone: so is the program (or it was killed with it)
            if (!exited_) {
                exited_ = true;
                exitStatus_ = SIGKILL;
            }
            close(status_);
            status_ = -1;
            return;
        }
        if (errno == EINTR) continue;
        if (!block || exited_) return;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return;
        pollfd pfd{status_, POLLIN, 0};
        poll(&pfd, 1, static_cast<int>(std::min<long long>(left, 1000)));
    }
}

bool Sandbox::exited(int* status) {
    readStatus(false, 0);
    if (exited_ && status) *status = exitStatus_;
    return exited_;
}

bool Sandbox::waitExit(double seconds, int* status) {
    readStatus(true, static_cast<int>(seconds * 1000));
    if (exited_ && status) *status = exitStatus_;
    return exited_;
}

double Sandbox::cpuSeconds() {
    double total = -1;
    if (!cpuFile_.empty()) {
        const std::string text = readSmallFile(cpuFile_);
        if (accounting_ == CpuAccounting::kCgroup2) {
            const std::size_t at = text.find("user_usec ");
            if (at != std::string::npos) total = std::strtod(text.c_str() + at + 10, nullptr) / 1e6;
        } else if (cpuFile_.size() >= 10 && cpuFile_.compare(cpuFile_.size() - 10, 10, "usage_user") == 0) {
            if (!text.empty()) total = std::strtod(text.c_str(), nullptr) / 1e9;
        } else {
            const std::size_t at = text.find("user ");
            if (at != std::string::npos)
                total = std::strtod(text.c_str() + at + 5, nullptr) / static_cast<double>(sysconf(_SC_CLK_TCK));
        }
    }
    if (total < 0 && supervisor_ > 0) {
        // /proc: what the supervisor has reaped, then every live descendant, parents first (a process
        // reaped between two reads is then missed once, never counted twice).
        long ppid, utime, cutime;
        long ticks = 0;
        if (procStat(supervisor_, ppid, utime, cutime)) ticks += cutime;
        for (const pid_t pid : descendantsOf(supervisor_))
            if (procStat(pid, ppid, utime, cutime)) ticks += utime + cutime;
        total = static_cast<double>(ticks) / static_cast<double>(sysconf(_SC_CLK_TCK));
    }
    if (total > cpuHigh_) cpuHigh_ = total;
    return cpuHigh_;
}

std::vector<pid_t> Sandbox::processes() const {
    if (supervisor_ <= 0) return {};
    return descendantsOf(supervisor_);
}

void Sandbox::removeCgroups() {
    for (const std::string& dir : cgroups_) {
        const auto deadline = Clock::now() + std::chrono::seconds(5);
        while (rmdir(dir.c_str()) != 0 && errno == EBUSY && Clock::now() < deadline) usleep(2000);
    }
    cgroups_.clear();
    cpuFile_.clear();
    killFile_.clear();
}

void Sandbox::end() {
    if (supervisor_ > 0) {
        if (!killFile_.empty()) writeSmallFile(killFile_, "1");
        if (lifeline_ >= 0) close(lifeline_), lifeline_ = -1;
        // The supervisor exits once every process of the tree is gone.
        const auto deadline = Clock::now() + std::chrono::seconds(10);
        int status = 0;
        for (;;) {
            const pid_t done = waitpid(supervisor_, &status, WNOHANG);
            if (done == supervisor_ || (done < 0 && errno != EINTR)) break;
            if (Clock::now() > deadline) {
                kill(supervisor_, SIGKILL);
                while (waitpid(supervisor_, &status, 0) < 0 && errno == EINTR) {
                }
                break;
            }
            usleep(1000);
        }
        readStatus(false, 0);
        if (!exited_) {
            exited_ = true;
            exitStatus_ = SIGKILL;
        }
        supervisor_ = -1;
    }
    if (lifeline_ >= 0) close(lifeline_), lifeline_ = -1;
    closeInput();
    closeOutput();
    if (status_ >= 0) close(status_), status_ = -1;
    removeCgroups();
    if (!workDir_.empty()) {
        std::error_code ec;
        fs::remove_all(workDir_, ec);
        workDir_.clear();
    }
}

}  // namespace reversi
