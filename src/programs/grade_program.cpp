#include "programs/grade_program.hpp"
#include "platform/answer_clock.hpp"
#include "platform/printable.hpp"
#include "programs/course_library.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace reversi {

namespace {

namespace fs = std::filesystem;

}  // namespace

// --- running a program in the sandbox with limits -------------------------------------------------


namespace {

struct RunLimits {
    double cpu, wall;    // seconds
    std::size_t output;  // bytes
};

// Writes what the pipe takes of `input` past `written`; closes the program's input at the end of it, or
// when the program stopped reading. True when something was written.
bool writeSome(Sandbox& box, const std::string& input, std::size_t& written) {
    if (box.input() < 0 || written >= input.size()) return false;
    bool progress = false;
    const ssize_t w = write(box.input(), input.data() + written, input.size() - written);
    if (w > 0) {
        written += static_cast<std::size_t>(w);
        progress = true;
    } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        box.closeInput();  // it stopped reading
    }
    if (written == input.size()) box.closeInput();
    return progress;
}

// Feeds the program its input and reads its output until it ends or passes a limit.
// `clock` counts the wall-clock time as the referee does (AnswerClock): a pause of the whole machine
// is not the program's.
void exchange(Sandbox& box, const std::string& input, const RunLimits& limits, AnswerClock& clock, Run& run) {
    std::size_t written = 0;
    for (;;) {
        bool progress = false;
        char chunk[65536];
        const ssize_t n = read(box.output(), chunk, sizeof chunk);
        if (n > 0) {
            run.output.append(chunk, static_cast<std::size_t>(n));
            progress = true;
            if (run.output.size() > limits.output) {
                run.outputExceeded = true;
                return;
            }
        } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            // End of output: wait for the exit.
            run.exited = box.waitExitCounted(clock, limits.wall, &run.status);
            run.wallExceeded = !run.exited;
            return;
        }
        progress = writeSome(box, input, written) || progress;
        if (!progress && box.exited(&run.status)) {
            // Its own exit ends its output; read what is left in the pipe.
            ssize_t more;
            while ((more = read(box.output(), chunk, sizeof chunk)) > 0) run.output.append(chunk, static_cast<std::size_t>(more));
            run.exited = true;
            return;
        }
        if (box.cpuSeconds() > limits.cpu) {
            run.cpuExceeded = true;
            return;
        }
        if (clock.look() > limits.wall) {
            run.wallExceeded = true;
            return;
        }
        if (!progress) {
            pollfd pfds[3] = {{box.output(), POLLIN, 0}, {box.statusDescriptor(), POLLIN, 0},
                              {box.input(), POLLOUT, 0}};
            const nfds_t count = box.input() >= 0 && written < input.size() ? 3 : (box.statusDescriptor() >= 0 ? 2 : 1);
            poll(pfds, count, 10);
        }
    }
}

}  // namespace

Run runSandboxed(const std::vector<std::string>& argv, const std::string& input, const SandboxOptions& sandboxOptions,
                 double cpuLimit, double wallLimit, std::size_t outputCap, std::size_t stderrBytes) {
    Run run;
    Sandbox box;
    SandboxOptions options = sandboxOptions;
    options.captureStderr = true;
    AnswerClock clock;
    try {
        box.start(argv, options);
    } catch (const std::exception& e) {
        run.error = e.what();
        return run;
    }
    const int in = box.input();
    fcntl(in, F_SETFL, fcntl(in, F_GETFL) | O_NONBLOCK);
    if (input.empty()) box.closeInput();
    exchange(box, input, RunLimits{cpuLimit, wallLimit, outputCap}, clock, run);
    run.cpu = box.cpuSeconds();
    box.end();
    if (!run.exited) box.exited(&run.status);
    run.wall = clock.look();
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


namespace {

// gcc's command for `source` (and what is copied beside it): for Part 2, the course's graded library
// and its header (course_library.hpp), as students had them (gcc ... -L. -llab7part2), never libreversi
// with our engine. Throws std::runtime_error when the course library is missing.
std::vector<std::string> compilerCommand(const std::string& source, const std::string& exeName,
                                         const GradeOptions& options, std::vector<std::string>& copyIn) {
    std::vector<std::string> argv{"gcc", "-std=c99", "-O2", "-Wall", "-o", exeName, source};
    if (options.lab == GradedLab::kPart2) {
        if (!holdsCourseLibrary(options.cLibraryDir))
            throw std::runtime_error("the course library (" + std::string(kCourseArchive) + ") is missing from '" +
                                     options.cLibraryDir + "'");
        copyIn.push_back(options.cLibraryDir + "/" + kCourseHeader);
        copyIn.push_back(options.cLibraryDir + "/" + kCourseArchive);
        argv.push_back("-L.");
        argv.push_back("-llab7part2");
    }
    argv.push_back("-lm");
    return argv;
}

// Copies the compiled program out of the sandbox's working directory (before the sandbox ends and removes
// it) to `out`; returns its absolute path, or "" when there is none.
std::string keepCompiled(const Sandbox& box, const std::string& exeName, const fs::path& out, mode_t dirMode) {
    std::error_code ec;
    if (!fs::is_regular_file(fs::path(box.workDir()) / exeName, ec)) return {};
    mkdir(out.parent_path().c_str(), dirMode);
    fs::copy_file(fs::path(box.workDir()) / exeName, out, fs::copy_options::overwrite_existing, ec);
    if (ec) return {};
    chmod(out.c_str(), dirMode);  // a program: the grader's alone (0700), or the group's too (0750)
    return fs::absolute(out, ec).string();
}

// Why the compiler made no program: the first error line says most.
std::string compileProblem(const std::string& messages, int status) {
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
    return "does not compile" + (first.empty() ? formatText(" (gcc %s)", exitText(gcc).c_str()) : ": " + first.substr(0, 160));
}

// Compiles `source` in the sandbox into OUT/NAME/, within 60 s of CPU and 120 s.
Program compile(const fs::path& source, const std::string& name, const GradeOptions& options) {
    Program program;
    const std::string exeName = labProgramName(options.lab);
    std::vector<std::string> copyIn{source.string()};
    std::vector<std::string> argv;
    try {
        argv = compilerCommand(source.filename().string(), exeName, options, copyIn);
    } catch (const std::runtime_error& e) {
        program.problem = std::string("cannot compile: ") + e.what();
        return program;
    }
    SandboxOptions sandbox = sandboxFor(options);
    sandbox.copyIn = copyIn;
    sandbox.limits.fileBytes = std::max<std::uint64_t>(sandbox.limits.fileBytes, 256ull << 20);
    sandbox.limits.memoryBytes = std::max<std::uint64_t>(sandbox.limits.memoryBytes, 2ull << 30);
    sandbox.captureStderr = true;
    Sandbox box;
    std::string command;
    for (const std::string& a : argv) command += (command.empty() ? "" : " ") + a;
    program.log = "$ " + command + "\n";
    try {
        box.start(argv, sandbox);
    } catch (const std::exception& e) {
        program.problem = std::string("cannot run the compiler: ") + e.what();
        return program;
    }
    box.closeInput();
    AnswerClock clock;
    int status = 0;
    bool done = false;
    while (!(done = box.waitExit(0.05, &status)))
        if (box.cpuSeconds() > 60 || clock.look() > 120) break;
    const bool built = done && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    const std::string compiled =
        built ? keepCompiled(box, exeName, fs::path(options.outDir) / name / exeName, options.dirMode()) : "";
    box.end();
    const std::string messages = box.stderrHead(16384);
    program.log += messages.empty() ? "(no messages)\n" : messages;
    if (!done) {
        program.problem = "does not compile: the compiler ran over its limits (60 s of CPU, 120 s)";
    } else if (compiled.empty()) {
        program.problem = compileProblem(messages, status);
    } else {
        program.path = compiled;
        program.how = "compiled from " + source.filename().string();
    }
    return program;
}

}  // namespace

Program findProgram(const std::string& dir, const std::string& name, const GradeOptions& options) {
    Program program;
    const std::string exeName = labProgramName(options.lab);
    const fs::path exe = fs::path(dir) / exeName;
    std::error_code ec;
    const bool executable = fs::is_regular_file(exe, ec) && access(exe.c_str(), X_OK) == 0;
    if (executable && !options.sourcesOnly) {
        program.path = fs::absolute(exe, ec).string();
        program.how = std::string("the executable ") + exeName;
        return program;
    }
    std::vector<fs::path> sources;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file(ec) && entry.path().extension() == ".c") sources.push_back(entry.path());
    if (sources.size() == 1) return compile(sources[0], name, options);
    if (sources.empty() && executable) {
        program.problem = "only an executable (" + exeName + "): this grading accepts C sources only (--sources-only)";
        return program;
    }
    program.problem = sources.empty() ? std::string("no C source file and no executable named ") + exeName
                                      : formatText("%zu C source files (one is expected) and no executable named %s",
                                                   sources.size(), exeName.c_str());
    return program;
}

PlayerSpec studentPlayer(const Program& program, const std::string& name, const GradeOptions& options) {
    PlayerSpec student = parsePlayer("cmd:" + joinCommandLine({program.path}));
    student.name = name;
    student.submission = true;
    student.unbuffered = options.unbuffered;
    return student;
}

RefereeOptions studentReferee(const GradeOptions& options) {
    RefereeOptions referee;
    referee.timeLimit = options.timeLimit;
    referee.limits = options.limits;
    referee.runAs = options.runAs;
    return referee;
}

}  // namespace reversi
