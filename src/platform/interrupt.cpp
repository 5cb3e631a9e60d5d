#include "platform/interrupt.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>

namespace reversi {

namespace {

volatile std::sig_atomic_t g_mainPid = 0;

extern "C" void onInterruptSignal(int sig) {
    // Only async-signal-safe calls: getpid, write, _exit.
    if (static_cast<std::sig_atomic_t>(::getpid()) == g_mainPid) {
        const char* text = sig == SIGINT ? "\nreversi: interrupted\n" : "\nreversi: terminated\n";
        const ssize_t ignored = ::write(2, text, std::strlen(text));
        (void)ignored;
    }
    ::_exit(128 + sig);
}

}  // namespace

void installInterruptHandler() {
    g_mainPid = static_cast<std::sig_atomic_t>(::getpid());
    struct sigaction action {};
    action.sa_handler = onInterruptSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

}  // namespace reversi
