#include "arena/refereed_program.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <thread>

#include "platform/child_process.hpp"

namespace reversi {

RefereedProgram::RefereedProgram(std::vector<std::string> argv, const RefereeOptions& options,
                           std::chrono::milliseconds exitGrace, ProgramSetup setup)
    : argv_(std::move(argv)), setup_(std::move(setup)), options_(options), exitGrace_(exitGrace) {}

RefereedProgram::~RefereedProgram() { stop(); }

void RefereedProgram::start() {
    try {
        SandboxOptions sandbox;
        sandbox.limits = options_.limits;
        sandbox.runAs = options_.runAs;
        sandbox.isolation = options_.isolation;
        sandbox.cpuTime = options_.cpuTime;
        sandbox.captureStderr = true;  // its last words explain an early exit
        sandbox.environment = setup_.environment;
        sandbox.view = setup_.view;
        sandbox.unbufferedOutput = setup_.unbuffered;  // every program a referee runs, as at a terminal
        sandbox_.start(argv_, sandbox);
    } catch (const std::runtime_error& e) {
        throw Fault{FaultCode::kCrash, e.what(), true};  // the sandbox failed, not the program
    }
}

void RefereedProgram::stop() {
    sandbox_.closeInput();
    waitForExit(exitGrace_);
}

RefereedProgram::Exit RefereedProgram::waitForExit(std::chrono::duration<double> grace) {
    Exit ended;
    if (!sandbox_.started()) return ended;
    AnswerClock waited;
    if (grace.count() <= 0 || !sandbox_.waitExitCounted(waited, grace.count(), &ended.status)) {
        ended.killedAfterGrace = grace.count() > 0 && !sandbox_.exited(&ended.status);
        sandbox_.end();
        sandbox_.exited(&ended.status);
        return ended;
    }
    sandbox_.end();  // whatever it left running
    return ended;
}

std::string RefereedProgram::stderrNote() const {
    const std::string tail = sandbox_.stderrTail();
    return tail.empty() ? std::string() : " (its standard error: \"" + tail + "\")";
}

bool RefereedProgram::writeAll(const std::string& text) {
    return sandbox_.input() >= 0 && reversi::writeAll(sandbox_.input(), text);
}

void RefereedProgram::readSome(std::string& buffer, AnswerClock& reply, const double* cpuMark, const std::string& late,
                               const std::string& exited, bool exitedNote) {
    stillWaiting();
    const double left = options_.effectiveWallLimit() - reply.look();
    if (left <= 0) {
        waitForExit(std::chrono::duration<double>(0));
        throw Fault{FaultCode::kTimeLimit, late};
    }
    if (cpuMark && cpuSeconds() - *cpuMark > options_.timeLimit) {
        waitForExit(std::chrono::duration<double>(0));
        char message[160];
        std::snprintf(message, sizeof message, "over the time limit: more than %.3f s of CPU time on its move (killed)",
                      options_.timeLimit);
        throw Fault{FaultCode::kTimeLimit, message};
    }
    pollfd p[2] = {{fromChild(), POLLIN, 0}, {exitDescriptor(), POLLIN, 0}};
    const int ready = poll(p, exitDescriptor() >= 0 ? 2 : 1, static_cast<int>(std::clamp(left * 1e3, 1.0, 10.0)));
    if (ready < 0 && errno != EINTR) throw Fault{FaultCode::kCrash, "poll failed"};
    char chunk[4096];
    ssize_t k = read(fromChild(), chunk, sizeof chunk);
    if (k < 0 && (errno == EINTR || errno == EAGAIN) && (k = readAfterExit(chunk, sizeof chunk)) < 0) return;
    if (k <= 0) throw Fault{FaultCode::kCrash, exitedNote ? exited + stderrNote() : exited};
    for (ssize_t i = 0; i < k; ++i)
        if (chunk[i] != '\r') buffer += chunk[i];
}

void RefereedProgram::stillWaiting() {
    if (!options_.waiting) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - lastWaiting_ < std::chrono::seconds(1)) return;
    lastWaiting_ = now;
    options_.waiting();
}

ssize_t RefereedProgram::readAfterExit(char* chunk, std::size_t size) {
    if (sandboxSwitch("testlateexit")) std::this_thread::sleep_for(std::chrono::milliseconds(500));  // tests only
    if (!programExited()) return -1;
    const ssize_t n = read(fromChild(), chunk, size);
    return n > 0 ? n : 0;
}

PlayerFault RefereedProgram::faultOf(const std::function<void()>& step) {
    try {
        step();
        return {};
    } catch (const Fault& f) {
        return f;
    }
}

PlayerFault RefereedProgram::quitThenStop(const std::function<void()>& sendQuit) {
    try {
        if (running()) sendQuit();
    } catch (const Fault&) {
    }
    stop();
    return {};
}

}  // namespace reversi
