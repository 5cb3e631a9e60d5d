#include "platform/sandbox.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "platform/file_access.hpp"
#include "platform/process_tree.hpp"
#include "platform/sandbox_cgroups.hpp"
#include "platform/sandbox_supervisor.hpp"
#include "platform/seccomp_filter.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;
using namespace sandbox;
using Clock = std::chrono::steady_clock;

std::string errnoText(int error) { return std::strerror(error); }

// Where the private working directory and the captured standard error go: $TMPDIR when the
// program's user can reach it, else /tmp.
std::string tempRoot(const Launch& launch) {
    const char* tmp = std::getenv("TMPDIR");
    if (tmp && *tmp && launch.dropPrivileges && !reachableBy(tmp, launch.uid, launch.gid)) tmp = "/tmp";
    return tmp && *tmp ? tmp : "/tmp";
}

void setLimits(Launch& launch, const SandboxLimits& limits, bool pidsLimited) {
    auto limit = [](std::uint64_t value) {
        return rlimit{static_cast<rlim_t>(value), static_cast<rlim_t>(value)};
    };
    launch.memory = limit(limits.memoryBytes);
    launch.fileSize = limit(limits.fileBytes);
    launch.openFiles = limit(static_cast<std::uint64_t>(limits.openFiles));
    if (pidsLimited) return;
    // RLIMIT_NPROC counts every process of the user (root is exempt): allow what it has now plus the limit.
    const uid_t uid = launch.dropPrivileges ? launch.uid : getuid();
    if (uid != 0) {
        launch.limitProcesses = true;
        launch.processes = limit(static_cast<std::uint64_t>(countProcessesOf(uid) + limits.processes));
    }
}

// The program runs in its own directory: a program path relative to ours is made absolute (the
// arguments are the caller's business: resolveProgram makes a player's file arguments absolute).
// A program the user it runs as could not read (a submission in a private directory) runs from a
// copy in its working directory.
std::vector<std::string> programArgv(const std::vector<std::string>& argvIn, const Launch& launch,
                                     const std::string& workDir, const std::string& name, const SandboxOptions& options,
                                     bool walled) {
    std::vector<std::string> argv = argvIn;
    if (argv[0].find('/') != std::string::npos && argv[0][0] != '/') {
        std::error_code ec;
        argv[0] = fs::absolute(argv[0], ec).lexically_normal().string();
    }
    // The submission view shows the program nothing of the file system beyond the system's directories.
    const bool hidden = walled && options.view == SandboxView::kSubmission && !inSystemDirectory(argv[0]);
    if (argv[0].find('/') != std::string::npos &&
        (hidden || (launch.dropPrivileges && !runnableBy(argv[0], launch.uid, launch.gid)))) {
        const fs::path copy = fs::path(workDir) / fs::path(argv[0]).filename();
        std::error_code ec;
        fs::copy_file(argv[0], copy, fs::copy_options::overwrite_existing, ec);
        if (ec || (launch.dropPrivileges && chown(copy.c_str(), launch.uid, launch.gid) != 0) || chmod(copy.c_str(), 0500) != 0)
            throw std::runtime_error("cannot run \"" + name + "\": cannot copy it into its sandbox");
        argv[0] = "./" + copy.filename().string();  // relative to its directory, where it starts
    }
    return argv;
}

// A private file for the program's standard error, outside its working directory.
std::string makeErrorLog(const std::string& tempRoot) {
    std::string log = tempRoot + "/reversi-stderr-XXXXXX";
    const int fd = mkstemp(log.data());
    if (fd < 0) throw std::runtime_error("cannot make a file for standard error: " + errnoText(errno));
    close(fd);
    return log;
}

// Why the program cannot be started ("" when it can): bubblewrap would only say so after the start.
std::string programProblem(const std::string& program) {
    if (program.find('/') != std::string::npos)
        return access(program.c_str(), X_OK) == 0 ? std::string() : errnoText(errno);
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    for (std::size_t from = 0; from <= dirs.size();) {
        std::size_t to = dirs.find(':', from);
        if (to == std::string::npos) to = dirs.size();
        const std::string candidate = (to > from ? dirs.substr(from, to - from) : std::string(".")) + "/" + program;
        if (access(candidate.c_str(), X_OK) == 0) return {};
        from = to + 1;
    }
    return errnoText(ENOENT);
}

}  // namespace

// REVERSI_SANDBOX: nocgroup (count CPU time from /proc), nonamespace (a subreaper instead of a PID
// namespace), nobwrap; for tests only, testjoinfailure (the cgroups are made but joining them fails)
// and testlateexit (the referee held up after finding no output: RefereedProgram::readAfterExit).
bool sandboxSwitch(const char* name) {
    const char* text = std::getenv("REVERSI_SANDBOX");
    if (!text) return false;
    std::string all = std::string(",") + text + ",";
    return all.find(std::string(",") + name + ",") != std::string::npos;
}

SandboxPolicy& sandboxPolicy() {
    static SandboxPolicy policy;
    return policy;
}

const char* isolationName(Isolation isolation) {
    return isolation == Isolation::kContainer ? "container" : isolation == Isolation::kAuto ? "auto" : "namespaces";
}

const char* cpuTimeName(CpuTime cpuTime) { return cpuTime == CpuTime::kUserSystem ? "user+system" : "user"; }

Isolation effectiveIsolation(Isolation asked) {
    if (asked == Isolation::kContainer || sandboxSwitch("nobwrap")) return Isolation::kContainer;
    std::string why;
    if (namespacesAvailable(why)) return Isolation::kNamespaces;
    if (asked == Isolation::kNamespaces)
        throw std::runtime_error("cannot wall programs off from each other here (" + why +
                                 "); in a container that holds one submission, run with --isolation container, or "
                                 "with --isolation auto to fall back to it");
    static bool said = false;
    if (!said)
        std::fprintf(stderr, "reversi: warning: no namespaces here (%s): running with --isolation container, "
                             "so programs running at once are NOT walled off from each other\n", why.c_str());
    said = true;
    return Isolation::kContainer;
}

std::string stdbufLibrary() {
    for (const char* library : {"/usr/libexec/coreutils/libstdbuf.so", "/usr/lib/coreutils/libstdbuf.so",
                                "/usr/local/libexec/coreutils/libstdbuf.so"})
        if (access(library, R_OK) == 0) return library;
    return {};
}

const char* accountingName(CpuAccounting accounting) {
    static constexpr const char* kNames[] = {"cgroup v2 (cpu.stat)", "cgroup v1 (cpuacct)",
                                             "/proc (live descendants and reaped ones)"};
    const auto index = static_cast<std::size_t>(accounting);
    return index < std::size(kNames) ? kNames[index] : "?";
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
        walled_ = effectiveIsolation(options.isolation) == Isolation::kNamespaces;
        withSystem_ = options.cpuTime == CpuTime::kUserSystem;
        if (walled_) {
            const std::string problem = programProblem(argvIn[0]);
            if (!problem.empty()) throw std::runtime_error("cannot run \"" + name + "\": " + problem);
        }
        chooseUser(launch, options);
        makeWorkDir(launch, options);
        const bool pidsLimited = useCgroups && !sandboxSwitch("nocgroup") && makeCgroups(options.limits.processes);
        for (const std::string& dir : cgroups_) launch.cgroupProcs.push_back(dir + "/cgroup.procs");
        launch.failJoin = sandboxSwitch("testjoinfailure");
        setLimits(launch, options.limits, pidsLimited);
        std::vector<std::string> argv = programArgv(argvIn, launch, workDir_, name, options, walled_);
        if (walled_) wrap(launch, argv, options);
        for (std::string& a : argv) launch.argv.push_back(a.data());
        launch.argv.push_back(nullptr);
        if (options.stderrFile.empty() && options.captureStderr && errorLog_.empty())
            errorLog_ = makeErrorLog(tempRoot(launch));
        openDescriptors(launch, options);
        forkSupervisor(launch);
        awaitStart(name);
    } catch (...) {
        end();
        throw;
    }
}

// Who the program runs as, when root: a user id of its own (runAs "auto"), the user runAs, or root.
void Sandbox::chooseUser(Launch& launch, const SandboxOptions& options) {
    const bool root = geteuid() == 0;
    launch.dropPrivileges = root && !options.runAs.empty() && options.runAs != "root";
    if (!launch.dropPrivileges) return;
    if (options.runAs == "auto") {
        uid_.acquire();
        launch.uid = uid_.uid();
        launch.gid = static_cast<gid_t>(uid_.uid());
        return;
    }
    const passwd* user = getpwnam(options.runAs.c_str());
    if (!user) throw std::runtime_error("no user \"" + options.runAs + "\" to run programs as");
    launch.uid = user->pw_uid;
    launch.gid = user->pw_gid;
}

// bubblewrap runs the program: argv becomes bubblewrap's command line, with the seccomp filter.
void Sandbox::wrap(Launch& launch, std::vector<std::string>& argv, const SandboxOptions& options) {
    launch.seccomp = seccompFilterFile();
    if (launch.seccomp < 0) throw std::runtime_error("cannot build the seccomp filter: " + errnoText(errno));
    std::vector<std::string> words{bwrapPath()};
    for (std::string& w : bwrapWords(options.view, workDir_, 4, argv)) words.push_back(std::move(w));
    argv.insert(argv.begin(), words.begin(), words.end());
    launch.wrapped = true;
}

void Sandbox::makeWorkDir(Launch& launch, const SandboxOptions& options) {
    std::string pattern = tempRoot(launch) + "/reversi-sandbox-XXXXXX";
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
    launch.environment.clear();
    if (const std::string stdbuf = stdbufLibrary(); options.unbufferedOutput && !stdbuf.empty())
        launch.environment = {"LD_PRELOAD=" + stdbuf, "_STDBUF_O=0"};  // the program's own settings come after
    launch.environment.insert(launch.environment.end(), options.environment.begin(), options.environment.end());
}

bool Sandbox::makeCgroups(int processes) {
    bool pidsLimited = false;
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
        if (access((dir + "/pids.max").c_str(), W_OK) == 0 && writeSmallFile(dir + "/pids.max", std::to_string(processes)))
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
        if (pids && writeSmallFile(dir + "/pids.max", std::to_string(processes))) pidsLimited = true;
        if (cpuacct) {
            const char* nanoseconds = withSystem_ ? "/cpuacct.usage" : "/cpuacct.usage_user";
            cpuFile_ = access((dir + nanoseconds).c_str(), R_OK) == 0 ? dir + nanoseconds : dir + "/cpuacct.stat";
            accounting_ = CpuAccounting::kCgroup1;
        }
    }
    return pidsLimited;
}

void Sandbox::openDescriptors(Launch& launch, const SandboxOptions& options) {
    // All close-on-exec: the program gets its own copies on 0-2 and nothing else.
    int in[2], out[2], status[2], lifeline[2];
    int* const pipes[] = {in, out, status, lifeline};
    for (std::size_t i = 0; i < std::size(pipes); ++i) {
        if (pipe2(pipes[i], O_CLOEXEC) == 0) continue;
        const int error = errno;
        for (std::size_t j = 0; j < i; ++j) close(pipes[j][0]), close(pipes[j][1]);
        throw std::runtime_error("pipe: " + errnoText(error));
    }
    const std::string errPath = !options.stderrFile.empty() ? options.stderrFile
                                : !errorLog_.empty()       ? errorLog_
                                                           : std::string("/dev/null");
    const int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (err < 0) {
        const int error = errno;
        for (int* const p : pipes) close(p[0]), close(p[1]);
        throw std::runtime_error("cannot open " + options.stderrFile + ": " + errnoText(error));
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
}

void Sandbox::forkSupervisor(Launch& launch) {
    std::fflush(nullptr);
    const bool wantNamespace = !sandboxSwitch("nonamespace");
    pid_t pid = cloneSupervisor(wantNamespace);
    if (pid == 0) {
        // In the supervisor: in a new PID namespace its PID is 1, otherwise it is a subreaper.
        launch.subreaper = getpid() != 1;
        runSupervisor(launch);
    }
    const int forkError = errno;
    for (const int fd : {launch.programIn, launch.programOut, launch.programErr, launch.status, launch.lifeline}) close(fd);
    if (launch.seccomp >= 0) close(launch.seccomp);
    if (pid < 0) throw std::runtime_error("fork: " + errnoText(forkError));
    supervisor_ = pid;
    fcntl(fromChild_, F_SETFL, fcntl(fromChild_, F_GETFL) | O_NONBLOCK);
    fcntl(status_, F_SETFL, fcntl(status_, F_GETFL) | O_NONBLOCK);
}

void Sandbox::awaitStart(const std::string& name) {
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

bool Sandbox::waitExitCounted(AnswerClock& clock, double limit, int* status) {
    while (!waitExit(0.01, status))  // 10 ms: the looks kLongestGap expects
        if (clock.look() > limit) return false;
    return true;
}

double Sandbox::cpuSeconds() {
    double total = -1;
    if (!cpuFile_.empty()) {
        const std::string text = readSmallFile(cpuFile_);
        if (accounting_ == CpuAccounting::kCgroup2) {
            const char* field = withSystem_ ? "usage_usec " : "user_usec ";
            const std::size_t at = text.find(field);
            if (at != std::string::npos) total = std::strtod(text.c_str() + at + std::strlen(field), nullptr) / 1e6;
        } else if (cpuFile_.find("/cpuacct.usage") != std::string::npos) {
            if (!text.empty()) total = std::strtod(text.c_str(), nullptr) / 1e9;
        } else {
            const std::size_t at = text.find("user ");
            const std::size_t system = text.find("system ");
            double ticks = at != std::string::npos ? std::strtod(text.c_str() + at + 5, nullptr) : -1;
            if (withSystem_ && system != std::string::npos) ticks += std::strtod(text.c_str() + system + 7, nullptr);
            if (ticks >= 0) total = ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
        }
    }
    if (total < 0 && supervisor_ > 0) {
        // /proc: what the supervisor has reaped, then every live descendant, parents first (a process
        // reaped between two reads is then missed once, never counted twice).
        long ppid, utime, cutime;
        long ticks = 0;
        if (procStat(supervisor_, ppid, utime, cutime, withSystem_)) ticks += cutime;
        for (const pid_t pid : descendantsOf(supervisor_))
            if (procStat(pid, ppid, utime, cutime, withSystem_)) ticks += utime + cutime;
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
    uid_.release();  // no process of the tree is left to use it
    if (!workDir_.empty()) {
        std::error_code ec;
        fs::remove_all(workDir_, ec);
        workDir_.clear();
    }
}

}  // namespace reversi
