#include "arena/child_session.hpp"

#include <stdexcept>

#include "platform/child_process.hpp"

namespace reversi {

ChildSession::ChildSession(std::vector<std::string> argv, const RefereeOptions& options,
                           std::chrono::milliseconds exitGrace, std::vector<std::string> environment)
    : argv_(std::move(argv)), environment_(std::move(environment)), options_(options), exitGrace_(exitGrace) {}

ChildSession::~ChildSession() { stop(); }

void ChildSession::start() {
    try {
        SandboxOptions sandbox;
        sandbox.limits = options_.limits;
        sandbox.runAs = options_.runAs;
        sandbox.captureStderr = true;  // its last words explain an early exit
        sandbox.environment = environment_;
        sandbox_.start(argv_, sandbox);
    } catch (const std::runtime_error& e) {
        throw Fault{e.what()};
    }
}

void ChildSession::stop() {
    sandbox_.closeInput();
    waitForExit(exitGrace_);
}

ChildSession::Exit ChildSession::waitForExit(std::chrono::duration<double> grace) {
    Exit ended;
    if (!sandbox_.started()) return ended;
    if (grace.count() <= 0 || !sandbox_.waitExit(grace.count(), &ended.status)) {
        ended.killedAfterGrace = grace.count() > 0 && !sandbox_.exited(&ended.status);
        sandbox_.end();
        sandbox_.exited(&ended.status);
        return ended;
    }
    sandbox_.end();  // whatever it left running
    return ended;
}

std::string ChildSession::stderrNote() const {
    const std::string tail = sandbox_.stderrTail();
    return tail.empty() ? std::string() : " (its standard error: \"" + tail + "\")";
}

bool ChildSession::writeAll(const std::string& text) {
    return sandbox_.input() >= 0 && reversi::writeAll(sandbox_.input(), text);
}

}  // namespace reversi
