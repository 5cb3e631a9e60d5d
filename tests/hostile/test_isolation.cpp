// Isolation between programs running at once (issue 29, defect 1): two sandboxes alive together, one a
// victim holding a secret in its working directory, the other a hostile program that knows the victim's
// host PID and directory and tries /proc, /proc/PID/mem, the victim's files, files left in /tmp and
// /dev/shm, ptrace and process_vm_readv (on its own child: seccomp) and the network. Every attempt
// worked before bubblewrap, seccomp and the per-program user ids; each must fail now, in both views.
// Also: a referee killed with SIGKILL leaves no program running, nor does a killed supervisor.
#include <catch2/catch.hpp>

#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>

#include "platform/sandbox.hpp"
#include "process_table.hpp"

using namespace reversi;

namespace {

// Lines of the program's output until it exits (at most `seconds`), as key=value pairs.
std::map<std::string, std::string> outputValues(Sandbox& box, double seconds = 20) {
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        char chunk[4096];
        const ssize_t n = read(box.output(), chunk, sizeof chunk);
        if (n > 0) text.append(chunk, static_cast<std::size_t>(n));
        if (n == 0 || (n < 0 && box.exited() && read(box.output(), chunk, 0) <= 0 && box.waitExit(0.2))) {
            const ssize_t more = read(box.output(), chunk, sizeof chunk);
            if (more > 0) text.append(chunk, static_cast<std::size_t>(more));
            break;
        }
        pollfd pfd{box.output(), POLLIN, 0};
        poll(&pfd, 1, 10);
    }
    std::map<std::string, std::string> values;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (const std::size_t eq = line.find('='); eq != std::string::npos) values[line.substr(0, eq)] = line.substr(eq + 1);
    return values;
}

// The host PID of the process of `box` whose command line holds `tag`.
pid_t hostPidWith(const Sandbox& box, const std::string& tag) {
    for (const pid_t pid : box.processes()) {
        std::ifstream cmdline("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
        std::stringstream text;
        text << cmdline.rdbuf();
        if (text.str().find(tag) != std::string::npos && text.str().rfind("python3", 0) == 0) return pid;
    }
    return -1;
}

// A socket listening on 127.0.0.1 (an ephemeral port): what the hostile program tries to reach.
struct Listener {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int port = 0;
    Listener() {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof address;
        if (bind(fd, reinterpret_cast<sockaddr*>(&address), size) == 0 && listen(fd, 4) == 0 &&
            getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0)
            port = ntohs(address.sin_port);
    }
    ~Listener() { close(fd); }
};

void expectRefused(const std::map<std::string, std::string>& values, const std::string& key) {
    INFO(key << ": " << (values.count(key) ? values.at(key) : "(not printed)"));
    REQUIRE(values.count(key) == 1);
    CHECK(values.at(key).rfind("refused", 0) == 0);
}

}  // namespace

TEST_CASE("isolation: a hostile program cannot reach another running at the same time", "[sandbox][isolation]") {
    const Listener listener;
    REQUIRE(listener.port > 0);
    for (const SandboxView view : {SandboxView::kSubmission, SandboxView::kCommandLine}) {
        const std::string tag = uniqueTag("isolation");
        Sandbox victim;
        SandboxOptions options;
        options.view = view;
        victim.start({"python3", "-c",
                      "import time\nopen('secret.txt', 'w').write('s3cret')\nprint('ready', flush=True)\n"
                      "time.sleep(30)\n",
                      tag + "-victim"},
                     options);
        char ready[6] = {};
        for (int i = 0; i < 2000 && read(victim.output(), ready, 5) <= 0; ++i) usleep(5000);
        REQUIRE(std::string(ready) == "ready");
        const pid_t victimPid = hostPidWith(victim, tag + "-victim");
        REQUIRE(victimPid > 0);

        Sandbox attacker;
        SandboxOptions attackerOptions = options;
        attackerOptions.copyIn = {REVERSI_ISOLATION_ATTACKER};
        attacker.start({"python3", "isolation_attacker.py", tag, std::to_string(victimPid), victim.workDir(),
                        std::to_string(listener.port)},
                       attackerOptions);
        const auto values = outputValues(attacker);
        INFO((view == SandboxView::kSubmission ? "submission view" : "command-line view"));
        for (const char* key : {"find", "mem", "read", "write", "ptrace", "vmread", "connect"}) expectRefused(values, key);
        CHECK(values.count("leave") == 1);
        CHECK_FALSE(std::filesystem::exists(victim.workDir() + "/planted-" + tag));
        if (geteuid() == 0) {  // a user id of each program's own
            std::ifstream status("/proc/" + std::to_string(victimPid) + "/status");
            std::string line, uid;
            while (std::getline(status, line))
                if (line.rfind("Uid:", 0) == 0) std::istringstream(line.substr(4)) >> uid;
            CHECK(values.at("uid") != uid);
        }
        attacker.end();
        victim.end();
        CHECK_FALSE(std::filesystem::exists("/tmp/left-" + tag));  // private /tmp and /dev/shm, gone with it
        CHECK_FALSE(std::filesystem::exists("/dev/shm/left-" + tag));
        CHECK(processesGone(tag));
    }
}

TEST_CASE("isolation: a referee killed with SIGKILL leaves no program running", "[sandbox][isolation]") {
    for (const char* mode : {static_cast<const char*>(nullptr), "nocgroup,nonamespace"}) {
        const std::string tag = uniqueTag("orphan");
        int ready[2];
        REQUIRE(pipe(ready) == 0);
        const pid_t referee = fork();
        if (referee == 0) {
            if (mode) setenv("REVERSI_SANDBOX", mode, 1);
            Sandbox box;
            box.start({"sh", "-c", "sleep 30 & sleep 30; : " + tag});
            (void)!write(ready[1], "x", 1);
            pause();
            _exit(0);
        }
        close(ready[1]);
        char byte;
        REQUIRE(read(ready[0], &byte, 1) == 1);
        close(ready[0]);
        REQUIRE_FALSE(processesWithTag(tag).empty());
        kill(referee, SIGKILL);
        waitpid(referee, nullptr, 0);
        INFO((mode ? mode : "default"));
        CHECK(processesGone(tag));
    }
}

TEST_CASE("isolation: a supervisor killed with SIGKILL takes the program with it", "[sandbox][isolation]") {
    // Without a PID namespace of the supervisor's own, only the death signal of the program's bubblewrap
    // (set after the user change) ends it: the program used to live on under init.
    setenv("REVERSI_SANDBOX", "nocgroup,nonamespace", 1);
    const std::string tag = uniqueTag("supervisor");
    Sandbox box;
    box.start({"sh", "-c", "sleep 30; : " + tag});
    REQUIRE_FALSE(processesWithTag(tag).empty());
    kill(box.supervisorPid(), SIGKILL);
    CHECK(processesGone(tag));
    unsetenv("REVERSI_SANDBOX");
}
