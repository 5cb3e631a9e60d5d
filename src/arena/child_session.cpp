#include "arena/child_session.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

#include "platform/child_process.hpp"

namespace reversi {

ChildSession::ChildSession(std::vector<std::string> argv, const RefereeOptions& options,
                           std::chrono::milliseconds exitGrace)
    : argv_(std::move(argv)), options_(options), exitGrace_(exitGrace) {}

ChildSession::~ChildSession() { stop(); }

void ChildSession::start() {
    try {
        const ChildPipes child = spawnWithPipes(argv_);
        pid_ = child.pid;
        toChild_ = child.toChild;
        fromChild_ = child.fromChild;
    } catch (const std::runtime_error& e) {
        throw Fault{e.what()};
    }
}

void ChildSession::stop() {
    if (toChild_ >= 0) close(toChild_), toChild_ = -1;
    if (fromChild_ >= 0) close(fromChild_), fromChild_ = -1;
    waitForExit(exitGrace_);
}

ChildSession::Exit ChildSession::waitForExit(std::chrono::duration<double> grace) {
    using Clock = std::chrono::steady_clock;
    Exit ended;
    if (pid_ <= 0) return ended;
    bool killed = grace.count() <= 0;
    if (killed) kill(pid_, SIGKILL);
    const auto deadline = Clock::now() + grace;
    for (;;) {
        const pid_t done = waitpid(pid_, &ended.status, killed ? 0 : WNOHANG);
        if (done == pid_) break;
        if (done < 0 && errno == EINTR) continue;
        if (done < 0) break;  // not our child any more (ECHILD): nothing to wait for
        if (Clock::now() >= deadline) {
            kill(pid_, SIGKILL);
            killed = ended.killedAfterGrace = true;
            continue;
        }
        usleep(2000);
    }
    pid_ = -1;
    return ended;
}

bool ChildSession::writeAll(const std::string& text) { return reversi::writeAll(toChild_, text); }

double ChildSession::cpuSeconds() const { return processUserCpuSeconds(pid_); }

}  // namespace reversi
