// The sandbox (src/platform/sandbox.hpp) on its own: what a program inside sees (descriptors, session,
// directory, user, limits), the CPU time of its whole tree in every accounting mode, and the end of
// everything it started, however it tries to escape. docs/sandbox.md lists the guarantees.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "platform/sandbox.hpp"
#include "process_table.hpp"

using namespace reversi;

namespace {

// Everything the program prints until it closes its output or exits (at most `seconds`).
std::string readAll(Sandbox& box, double seconds = 20) {
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        char chunk[4096];
        const ssize_t n = read(box.output(), chunk, sizeof chunk);
        if (n > 0) {
            text.append(chunk, static_cast<std::size_t>(n));
            continue;
        }
        if (n == 0) break;
        if (box.exited()) {
            // What it printed before exiting is already in the pipe.
            const ssize_t more = read(box.output(), chunk, sizeof chunk);
            if (more > 0) {
                text.append(chunk, static_cast<std::size_t>(more));
                continue;
            }
            break;
        }
        pollfd pfd{box.output(), POLLIN, 0};
        poll(&pfd, 1, 10);
    }
    return text;
}

std::map<std::string, std::string> keyValues(const std::string& text) {
    std::map<std::string, std::string> values;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t eq = line.find('=');
        if (eq != std::string::npos) values[line.substr(0, eq)] = line.substr(eq + 1);
    }
    return values;
}

// Sets REVERSI_SANDBOX for the scope.
struct SandboxMode {
    explicit SandboxMode(const char* value) {
        if (value)
            setenv("REVERSI_SANDBOX", value, 1);
        else
            unsetenv("REVERSI_SANDBOX");
    }
    ~SandboxMode() { unsetenv("REVERSI_SANDBOX"); }
};

const char* kModes[] = {nullptr, "nocgroup", "nonamespace", "nocgroup,nonamespace"};

}  // namespace

TEST_CASE("sandbox: only descriptors 0-2, its own session and group, a private directory, limits", "[sandbox]") {
    // Descriptors this process holds without close-on-exec must not reach the program.
    const int leaked = open("/dev/null", O_RDONLY);
    int leakedPipe[2];
    REQUIRE(pipe(leakedPipe) == 0);
    std::string workDir;
    {
        Sandbox box;
        SandboxOptions options;
        options.limits.fileBytes = 1 << 20;
        box.start({"python3", "-c",
                   "import os, resource\n"
                   "fds = []\n"
                   "for fd in range(3, 1024):\n"
                   "    try:\n"
                   "        os.fstat(fd); fds.append(fd)\n"
                   "    except OSError: pass\n"
                   "print('fds=' + ','.join(map(str, fds)))\n"
                   "print('sid=%d' % os.getsid(0)); print('pgid=%d' % os.getpgid(0)); print('pid=%d' % os.getpid())\n"
                   "print('cwd=' + os.getcwd()); print('tmpdir=' + os.environ.get('TMPDIR', ''))\n"
                   "print('uid=%d' % os.getuid())\n"
                   "print('core=%d' % resource.getrlimit(resource.RLIMIT_CORE)[0])\n"
                   "print('fsize=%d' % resource.getrlimit(resource.RLIMIT_FSIZE)[0])\n"
                   "print('as=%d' % resource.getrlimit(resource.RLIMIT_AS)[0])\n"
                   "open('scratch', 'w').write('x')\n"},
                  options);
        workDir = box.workDir();
        const auto values = keyValues(readAll(box));
        INFO("accounting: " << accountingName(box.accounting()));
        CHECK(values.at("fds").empty());
        CHECK(values.at("sid") != std::to_string(getsid(0)));
        // Its own process group: its own (walled: bubblewrap's init leads it, inside its own namespace).
        CHECK(values.at("pgid") == (box.walled() ? std::string("1") : values.at("pid")));
        CHECK(values.at("cwd") == workDir);
        CHECK(values.at("tmpdir") == workDir);
        if (geteuid() == 0) {  // a user id of its own, from the reserved range
            CHECK(std::stoi(values.at("uid")) >= 61000);
            CHECK(std::stoi(values.at("uid")) <= 61999);
        }
        CHECK(values.at("core") == "0");
        CHECK(values.at("fsize") == std::to_string(1 << 20));
        CHECK(values.at("as") == std::to_string(SandboxLimits{}.memoryBytes));
        int status = -1;
        CHECK(box.waitExit(5, &status));
        CHECK(status == 0);
        CHECK(std::filesystem::exists(workDir + "/scratch"));
    }
    CHECK_FALSE(std::filesystem::exists(workDir));  // removed with the sandbox
    close(leaked);
    close(leakedPipe[0]);
    close(leakedPipe[1]);
}

TEST_CASE("sandbox: the CPU time of the whole tree, in every accounting mode", "[sandbox]") {
    for (const char* mode : kModes) {
        const SandboxMode set(mode);
        Sandbox box;
        // The CPU is burnt by a grandchild: sh runs python, which forks a child that burns 0.5 s.
        box.start({"sh", "-c",
                   "python3 -c \"import os, time\n"
                   "if os.fork() == 0:\n"
                   "    t, x = time.process_time(), 0\n"
                   "    while time.process_time() - t < 0.5:\n"
                   "        for i in range(20000): x += i\n"
                   "    os._exit(0)\n"
                   "os.wait()\"; true"});
        int status = -1;
        REQUIRE(box.waitExit(30, &status));
        INFO((mode ? mode : "default") << ": " << accountingName(box.accounting()));
        CHECK(status == 0);
        const double cpu = box.cpuSeconds();
        CHECK(cpu >= 0.4);  // a 0.5 s burn, of which the kernel may count a little as system time
        CHECK(cpu < 3);
        if (mode && std::string(mode).find("nocgroup") != std::string::npos)
            CHECK(box.accounting() == CpuAccounting::kProc);
    }
}

TEST_CASE("sandbox: end() kills the whole tree, escapees and SIGTERM-proof processes included", "[sandbox]") {
    for (const char* mode : kModes) {
        const SandboxMode set(mode);
        const std::string tag = uniqueTag("sandbox-escape");
        {
            Sandbox box;
            // A grandchild in a session of its own, reparented away, ignoring SIGTERM, spinning; then a
            // child that stops itself; then the program says "ready" and sleeps.
            box.start({"python3", "-c",
                       "import os, signal, sys, time\n"
                       "if os.fork() == 0:\n"
                       "    os.setsid()\n"
                       "    if os.fork() == 0:\n"
                       "        signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                       "        while True: pass\n"
                       "    os._exit(0)\n"
                       "os.wait()\n"
                       "if os.fork() == 0:\n"
                       "    os.kill(os.getpid(), signal.SIGSTOP)\n"
                       "print('ready', flush=True)\n"
                       "time.sleep(60)\n",
                       tag});
            std::string got;
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
            while (got.find("ready") == std::string::npos && std::chrono::steady_clock::now() < deadline) {
                char chunk[64];
                const ssize_t n = read(box.output(), chunk, sizeof chunk);
                if (n > 0) got.append(chunk, static_cast<std::size_t>(n));
                usleep(5000);
            }
            REQUIRE(got.find("ready") != std::string::npos);
            INFO((mode ? mode : "default") << ": " << accountingName(box.accounting()));
            CHECK(processesWithTag(tag).size() >= 3);
            CHECK(box.processes().size() >= 3);
            box.end();
            CHECK(processesGone(tag));
            int status = 0;
            CHECK(box.exited(&status));
            CHECK(WIFSIGNALED(status));
        }
        CHECK(processesGone(tag));
    }
}

TEST_CASE("sandbox: the process limit holds a fork bomb", "[sandbox]") {
    for (const char* mode : {static_cast<const char*>(nullptr), "nocgroup"}) {
        const SandboxMode set(mode);
        const std::string tag = uniqueTag("sandbox-bomb");
        Sandbox box;
        SandboxOptions options;
        options.limits.processes = 16;
        box.start({"python3", "-c",
                   "import os, time\n"
                   "n = 0\n"
                   "for i in range(200):\n"
                   "    try:\n"
                   "        if os.fork() == 0:\n"
                   "            time.sleep(30); os._exit(0)\n"
                   "        n += 1\n"
                   "    except OSError: break\n"
                   "print('forked=%d' % n, flush=True)\n",
                   tag},
                  options);
        const auto values = keyValues(readAll(box));
        INFO((mode ? mode : "default") << ": " << accountingName(box.accounting()));
        REQUIRE(values.count("forked"));
        CHECK(std::stoi(values.at("forked")) < 200);
        if (!mode) CHECK(std::stoi(values.at("forked")) < 16);
        box.end();
        CHECK(processesGone(tag));
    }
}

TEST_CASE("sandbox: a program that cannot be run", "[sandbox]") {
    Sandbox box;
    CHECK_THROWS_WITH(box.start({"/nonexistent/program"}), Catch::Contains("cannot run \"/nonexistent/program\""));
    CHECK_FALSE(box.started());
    CHECK(box.workDir().empty());
}

TEST_CASE("sandbox: a program its user could not reach runs from a copy", "[sandbox]") {
    if (geteuid() != 0) return;  // only root changes the user
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / uniqueTag("sandbox-private");
    fs::create_directories(dir / "inner");
    fs::permissions(dir, fs::perms::owner_all);  // 0700: nobody cannot pass
    const fs::path program = dir / "inner" / "hello.sh";
    {
        std::ofstream out(program);
        out << "#!/bin/sh\necho \"hello from $(pwd)\"\n";
    }
    fs::permissions(program, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec |
                                 fs::perms::group_read | fs::perms::others_read);
    Sandbox box;
    box.start({program.string()});
    const std::string workDir = box.workDir();
    const std::string text = readAll(box);
    CHECK(text == "hello from " + workDir + "\n");
    fs::remove_all(dir);
}

TEST_CASE("sandbox: cgroups that cannot be joined fall back to the /proc accounting", "[sandbox]") {
    const SandboxMode set("testjoinfailure");
    Sandbox box;
    box.start({"sh", "-c", "echo ran"});
    CHECK(readAll(box) == "ran\n");
    CHECK(box.accounting() == CpuAccounting::kProc);
}

TEST_CASE("sandbox: --cpu-time user+system charges the time spent in system calls", "[sandbox]") {
    // dd with one-byte blocks spends most of its time in the kernel: from a half to four fifths of it,
    // depending on the machine. Three million blocks, since a million took only 0.05 s of user time on
    // a fast machine: five ticks of the /proc accounting, too few to tell from nothing.
    for (const char* mode : {static_cast<const char*>(nullptr), "nocgroup"}) {
        const SandboxMode set(mode);
        double seconds[2] = {0, 0};
        for (const CpuTime cpuTime : {CpuTime::kUser, CpuTime::kUserSystem}) {
            Sandbox box;
            SandboxOptions options;
            options.cpuTime = cpuTime;
            box.start({"dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=3000000"}, options);
            int status = -1;
            REQUIRE(box.waitExit(60, &status));
            CHECK(status == 0);
            seconds[cpuTime == CpuTime::kUserSystem] = box.cpuSeconds();
        }
        INFO((mode ? mode : "default") << ": user " << seconds[0] << " s, user+system " << seconds[1] << " s");
        CHECK(seconds[0] > 0.05);
        CHECK(seconds[1] > 1.4 * seconds[0]);
    }
}
