#include "programs/grade_program.hpp"
#include "platform/printable.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace reversi {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

}  // namespace

// --- running a program in the sandbox with limits -------------------------------------------------


Run runSandboxed(const std::vector<std::string>& argv, const std::string& input, const SandboxOptions& sandboxOptions,
                 double cpuLimit, double wallLimit, std::size_t outputCap, std::size_t stderrBytes) {
    Run run;
    Sandbox box;
    SandboxOptions options = sandboxOptions;
    options.captureStderr = true;
    const auto start = Clock::now();
    try {
        box.start(argv, options);
    } catch (const std::exception& e) {
        run.error = e.what();
        return run;
    }
    const int in = box.input();
    fcntl(in, F_SETFL, fcntl(in, F_GETFL) | O_NONBLOCK);
    std::size_t written = 0;
    if (input.empty()) box.closeInput();
    for (;;) {
        bool progress = false;
        char chunk[65536];
        const ssize_t n = read(box.output(), chunk, sizeof chunk);
        if (n > 0) {
            run.output.append(chunk, static_cast<std::size_t>(n));
            progress = true;
            if (run.output.size() > outputCap) {
                run.outputExceeded = true;
                break;
            }
        } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            // End of output: wait for the exit below.
            if (box.waitExit(std::max(0.0, wallLimit - std::chrono::duration<double>(Clock::now() - start).count()),
                             &run.status))
                run.exited = true;
            else
                run.wallExceeded = true;
            break;
        }
        if (box.input() >= 0 && written < input.size()) {
            const ssize_t w = write(box.input(), input.data() + written, input.size() - written);
            if (w > 0) {
                written += static_cast<std::size_t>(w);
                progress = true;
            } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
                box.closeInput();  // it stopped reading
            }
            if (written == input.size()) box.closeInput();
        }
        if (!progress && box.exited(&run.status)) {
            // Its own exit ends its output; read what is left in the pipe.
            ssize_t more;
            while ((more = read(box.output(), chunk, sizeof chunk)) > 0) run.output.append(chunk, static_cast<std::size_t>(more));
            run.exited = true;
            break;
        }
        if (box.cpuSeconds() > cpuLimit) {
            run.cpuExceeded = true;
            break;
        }
        if (std::chrono::duration<double>(Clock::now() - start).count() > wallLimit) {
            run.wallExceeded = true;
            break;
        }
        if (!progress) {
            pollfd pfds[3] = {{box.output(), POLLIN, 0}, {box.statusDescriptor(), POLLIN, 0},
                              {box.input(), POLLOUT, 0}};
            const nfds_t count = box.input() >= 0 && written < input.size() ? 3 : (box.statusDescriptor() >= 0 ? 2 : 1);
            poll(pfds, count, 10);
        }
    }
    run.cpu = box.cpuSeconds();
    box.end();
    if (!run.exited) box.exited(&run.status);
    run.wall = std::chrono::duration<double>(Clock::now() - start).count();
    if (stderrBytes) run.stderrHead = box.stderrHead(stderrBytes);
    return run;
}

std::string exitText(const Run& run) {
    if (!run.error.empty()) return run.error;
    if (run.cpuExceeded) return "over the CPU limit (killed)";
    if (run.wallExceeded) return "over the wall-clock limit (killed)";
    if (run.outputExceeded) return "printed far more than expected (killed)";
    if (WIFSIGNALED(run.status))
        return formatText("crashed (signal %d: %s)", WTERMSIG(run.status), strsignal(WTERMSIG(run.status)));
    if (WIFEXITED(run.status) && WEXITSTATUS(run.status) != 0) return formatText("exited with status %d", WEXITSTATUS(run.status));
    return {};
}


SandboxOptions sandboxFor(const GradeOptions& options) {
    SandboxOptions s;
    s.limits = options.limits;
    s.runAs = options.runAs;
    return s;
}

// --- the program: an executable, or compiled from the one C source --------------------------------


Program findProgram(const std::string& dir, const std::string& name, const GradeOptions& options) {
    Program program;
    const std::string exeName = labProgramName(options.lab);
    const fs::path exe = fs::path(dir) / exeName;
    std::error_code ec;
    if (fs::is_regular_file(exe, ec) && access(exe.c_str(), X_OK) == 0) {
        program.path = fs::absolute(exe, ec).string();
        program.how = std::string("the executable ") + exeName;
        return program;
    }
    std::vector<fs::path> sources;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file(ec) && entry.path().extension() == ".c") sources.push_back(entry.path());
    if (sources.size() != 1) {
        program.problem = sources.empty() ? std::string("no C source file and no executable named ") + exeName
                                          : formatText("%zu C source files (one is expected) and no executable named %s",
                                                   sources.size(), exeName.c_str());
        return program;
    }
    const std::string source = sources[0].filename().string();
    std::vector<std::string> copyIn{sources[0].string()};
    std::vector<std::string> argv{"gcc", "-std=c99", "-O2", "-Wall", "-o", exeName, source};
    if (options.lab == GradedLab::kPart2 && !options.cLibraryDir.empty()) {
        // The course's header and library beside the source, as students had them: gcc ... -L. -lreversi
        const std::string header = options.cLibraryDir + "/lab7part2lib.h";
        const std::string library = options.cLibraryDir + "/libreversi.a";
        if (fs::exists(header, ec) && fs::exists(library, ec)) {
            copyIn.push_back(header);
            copyIn.push_back(library);
            argv.push_back("-L.");
            argv.push_back("-lreversi");
        }
    }
    argv.push_back("-lm");
    SandboxOptions sandbox = sandboxFor(options);
    sandbox.copyIn = copyIn;
    sandbox.limits.fileBytes = std::max<std::uint64_t>(sandbox.limits.fileBytes, 256ull << 20);
    sandbox.limits.memoryBytes = std::max<std::uint64_t>(sandbox.limits.memoryBytes, 2ull << 30);
    // The compiled program is copied out of the sandbox's working directory (into OUT/NAME/) before the
    // sandbox ends and removes it.
    Sandbox box;
    SandboxOptions options2 = sandbox;
    options2.captureStderr = true;
    std::string command;
    for (const std::string& a : argv) command += (command.empty() ? "" : " ") + a;
    program.log = "$ " + command + "\n";
    try {
        box.start(argv, options2);
    } catch (const std::exception& e) {
        program.problem = std::string("cannot run the compiler: ") + e.what();
        return program;
    }
    box.closeInput();
    const auto start = Clock::now();
    int status = 0;
    bool done = false;
    while (!(done = box.waitExit(0.05, &status))) {
        if (box.cpuSeconds() > 60 || std::chrono::duration<double>(Clock::now() - start).count() > 120) break;
    }
    std::string compiled;
    const fs::path out = fs::path(options.outDir) / name / exeName;
    if (done && WIFEXITED(status) && WEXITSTATUS(status) == 0 && fs::is_regular_file(fs::path(box.workDir()) / exeName, ec)) {
        fs::create_directories(out.parent_path(), ec);
        fs::copy_file(fs::path(box.workDir()) / exeName, out, fs::copy_options::overwrite_existing, ec);
        if (!ec) {
            fs::permissions(out, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                     fs::perms::others_read | fs::perms::others_exec, ec);
            compiled = fs::absolute(out, ec).string();
        }
    }
    box.end();
    const std::string messages = box.stderrHead(16384);
    program.log += messages.empty() ? "(no messages)\n" : messages;
    if (!done) {
        program.problem = "does not compile: the compiler ran over its limits (60 s of CPU, 120 s)";
        return program;
    }
    if (compiled.empty()) {
        // The first error line says most.
        std::string first;
        std::istringstream lines(messages);
        std::string line;
        while (std::getline(lines, line))
            if (line.find("error") != std::string::npos) {
                first = line;
                break;
            }
        Run gcc;
        gcc.exited = true;
        gcc.status = status;
        program.problem = "does not compile" + (first.empty() ? formatText(" (gcc %s)", exitText(gcc).c_str())
                                                              : ": " + first.substr(0, 160));
        return program;
    }
    program.path = compiled;
    program.how = "compiled from " + source;
    return program;
}

}  // namespace reversi
