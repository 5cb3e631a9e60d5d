#include "programs/grade.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "arena/game_pool.hpp"
#include "arena/match.hpp"
#include "platform/atomic_file.hpp"
#include "platform/json_reader.hpp"
#include "platform/splitmix.hpp"
#include "platform/text_file.hpp"
#include "platform/version.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
    char text[1024];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    return text;
}

// A line of output for a message: quoted, control characters escaped, at most `limit` characters.
std::string quoted(const std::string& text, std::size_t limit = 80) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
        const unsigned char ch = static_cast<unsigned char>(text[i]);
        if (ch == '"' || ch == '\\')
            out += std::string("\\") + static_cast<char>(ch);
        else if (ch < 32 || ch >= 127)
            out += format("\\x%02x", ch);
        else
            out += static_cast<char>(ch);
    }
    if (text.size() > limit) out += "...";
    return out + "\"";
}

// A stored grade is a few KiB: a file far larger (or a device linked in place of one) is refused, and
// the submission graded again, instead of read into memory.
std::string readWhole(const std::string& path) { return readWholeFile(path, std::size_t{16} << 20); }

// --- running a program in the sandbox with limits -------------------------------------------------

struct Run {
    std::string output;
    bool exited = false;
    int status = 0;
    bool cpuExceeded = false, wallExceeded = false, outputExceeded = false;
    double cpu = 0, wall = 0;
    std::string stderrHead;
    std::string error;  // it could not be started
};

Run runSandboxed(const std::vector<std::string>& argv, const std::string& input, const SandboxOptions& sandboxOptions,
                 double cpuLimit, double wallLimit, std::size_t outputCap, std::size_t stderrBytes = 0) {
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
        return format("crashed (signal %d: %s)", WTERMSIG(run.status), strsignal(WTERMSIG(run.status)));
    if (WIFEXITED(run.status) && WEXITSTATUS(run.status) != 0) return format("exited with status %d", WEXITSTATUS(run.status));
    return {};
}

// "line 7: expected "b UWBU", got "b UWBU "" for the first line that differs.
std::string firstDifference(const std::string& expected, const std::string& actual) {
    std::size_t a = 0, b = 0;
    for (int line = 1;; ++line) {
        const std::size_t ea = expected.find('\n', a), eb = actual.find('\n', b);
        const std::string x = expected.substr(a, ea == std::string::npos ? std::string::npos : ea - a);
        const std::string y = actual.substr(b, eb == std::string::npos ? std::string::npos : eb - b);
        const bool xEnd = a >= expected.size(), yEnd = b >= actual.size();
        if (xEnd && yEnd) return "the same lines, but not the same bytes";
        if (xEnd) return format("line %d: expected the end of the output, got ", line) + quoted(y);
        if (yEnd) return format("line %d: expected ", line) + quoted(x) + ", got the end of the output";
        if (x != y || (ea == std::string::npos) != (eb == std::string::npos)) {
            if (x == y) return format("line %d: ", line) + quoted(x) + (ea == std::string::npos ? " should not end with a newline" : " does not end with a newline");
            return format("line %d: expected ", line) + quoted(x) + ", got " + quoted(y);
        }
        a = ea == std::string::npos ? expected.size() : ea + 1;
        b = eb == std::string::npos ? actual.size() : eb + 1;
    }
}

SandboxOptions sandboxFor(const GradeOptions& options) {
    SandboxOptions s;
    s.limits = options.limits;
    s.runAs = options.runAs;
    return s;
}

// --- the program: an executable, or compiled from the one C source --------------------------------

struct Program {
    std::string path;     // to run ("" when there is none)
    std::string how;      // for the grade
    std::string problem;  // why there is none
    std::string log;      // the compiler's command and output
};

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
                                          : format("%zu C source files (one is expected) and no executable named %s",
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
        program.problem = "does not compile" + (first.empty() ? format(" (gcc %s)", exitText(gcc).c_str())
                                                              : ": " + first.substr(0, 160));
        return program;
    }
    program.path = compiled;
    program.how = "compiled from " + source;
    return program;
}

// --- Lab 6 and Part 1: hidden cases ----------------------------------------------------------------

void runCases(const Program& program, const GradeOptions& options, SubmissionGrade& grade) {
    const std::vector<LabCase> cases = hiddenCases(options.lab, options.seed, options.cases, options.edition);
    const SandboxOptions sandbox = sandboxFor(options);
    std::string text;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const LabCase& c = cases[i];
        const Run run = runSandboxed({program.path}, c.input, sandbox, options.caseCpuLimit, options.caseWallLimit,
                                     c.expected.size() * 2 + 65536);
        ++grade.casesRun;
        std::string why = exitText(run);
        if (!run.error.empty() || run.cpuExceeded || run.wallExceeded || run.outputExceeded || WIFSIGNALED(run.status)) {
            // Killed or crashed: failed, with what it printed compared as far as it went.
            if (run.output != c.expected && run.error.empty()) why += "; " + firstDifference(c.expected, run.output);
        } else if (run.output != c.expected) {
            why = firstDifference(c.expected, run.output) + (why.empty() ? "" : " (" + why + ")");
        } else {
            why.clear();  // the right output; an exit status alone does not fail a case
        }
        const std::string label = format("case %zu (%s)", i + 1, c.description.c_str());
        if (why.empty()) {
            ++grade.casesPassed;
            text += label + ": passed\n";
        } else {
            grade.failures.push_back(format("case %zu: ", i + 1) + why);
            text += label + ": FAILED: " + why + "\n";
            std::string input = c.input;
            std::replace(input.begin(), input.end(), '\n', ' ');
            text += "  input: " + (input.size() > 300 ? input.substr(0, 300) + "..." : input) + "\n";
        }
    }
    grade.mark = grade.casesPassed;
    grade.outOf = static_cast<int>(cases.size());
    grade.detail += text;
}

// --- Part 2: games against the course's opponents --------------------------------------------------

void playGames(const Program& program, const std::string& name, const GradeOptions& options, SubmissionGrade& grade) {
    Player student = parsePlayer("cmd:" + joinCommandLine({program.path}));
    student.name = name;
    if (options.unbuffered) {
        std::error_code ec;
        for (const char* library : {"/usr/libexec/coreutils/libstdbuf.so", "/usr/lib/coreutils/libstdbuf.so",
                                    "/usr/local/libexec/coreutils/libstdbuf.so"})
            if (fs::exists(library, ec)) {
                student.environment = {std::string("LD_PRELOAD=") + library, "_STDBUF_O=0"};
                break;
            }
    }
    const std::vector<Player> players{student, parsePlayer("smarter"), parsePlayer("smartest")};
    std::vector<GameTask> tasks;
    for (const int n : options.sizes)
        for (const int opponent : {1, 2})
            for (const bool studentBlack : {true, false}) {
                GameTask t;
                t.index = static_cast<int>(tasks.size());
                t.size = n;
                t.black = studentBlack ? 0 : opponent;
                t.white = studentBlack ? opponent : 0;
                t.seed = mixSeed(options.seed, static_cast<std::uint64_t>(t.index));
                tasks.push_back(t);
            }
    MatchOptions match;
    match.sizes = options.sizes;
    match.jobs = 1;
    match.referee.timeLimit = options.timeLimit;
    match.referee.limits = options.limits;
    match.referee.runAs = options.runAs;
    const std::vector<GameRecord> games = runGames(players, tasks, match);
    std::string text;
    std::map<std::pair<int, int>, bool> won;  // (opponent, size) -> won either game
    for (const GameRecord& g : games) {
        const bool black = g.task.black == 0;
        const char colour = black ? 'B' : 'W';
        const int opponent = black ? g.task.white : g.task.black;
        const GameResult& r = g.result;
        const int mine = black ? r.blackDiscs : r.whiteDiscs, theirs = black ? r.whiteDiscs : r.blackDiscs;
        const double longest = r.longestSeconds[black ? 0 : 1];
        std::string label = format("game %d (%dx%d, %s as %s against %s)", g.task.index + 1, g.task.size, g.task.size,
                                   name.c_str(), black ? "Black" : "White", players[opponent].name.c_str());
        ++grade.casesRun;
        if (r.winner == colour) {
            ++grade.casesPassed;
            won[{opponent, g.task.size}] = true;
            text += label + format(": won %d-%d; longest move %.3f s of CPU\n", mine, theirs, longest);
            continue;
        }
        won.emplace(std::make_pair(opponent, g.task.size), false);
        std::string why = r.forfeitBy == colour ? "lost by a fault: " + r.reason
                          : r.winner == 'D'     ? format("a draw, %d-%d", mine, theirs)
                                                : format("lost %d-%d on the board", mine, theirs);
        text += label + ": " + why + format("; longest completed move %.3f s of CPU\n", longest);
        grade.failures.push_back(format("game %d (%dx%d, %s, against %s): ", g.task.index + 1, g.task.size, g.task.size,
                                        black ? "Black" : "White", players[opponent].name.c_str()) +
                                 why);
    }
    grade.outOf = 4 * static_cast<int>(options.sizes.size());
    grade.mark = 0;
    for (const auto& [key, any] : won) grade.mark += any ? 2 : 0;
    grade.detail += text;
    grade.detail += "Marks: 2 for each opponent and size where either game was won.\n";
}

std::string optionsText(const GradeOptions& options) {
    std::string text = format("lab %s; seed %llu", labName(options.lab), static_cast<unsigned long long>(options.seed));
    if (options.lab == GradedLab::kPart2) {
        text += "; sizes";
        for (std::size_t i = 0; i < options.sizes.size(); ++i) text += (i ? "," : " ") + std::to_string(options.sizes[i]);
        text += format("; %.3f s of CPU per move", options.timeLimit);
        if (!options.unbuffered) text += "; programs' own output buffering";
    } else {
        text += format("; %d cases; %.0f s of CPU per case", options.cases, options.caseCpuLimit);
        if (options.lab == GradedLab::kPart1) text += options.edition == Edition::k2022 ? "; 2022 edition" : "; 2018 edition";
    }
    return text;
}

}  // namespace

std::string submissionName(const std::string& dir) {
    std::error_code ec;
    fs::path p = fs::absolute(dir, ec).lexically_normal();
    if (p.filename().empty()) p = p.parent_path();
    return p.filename().string();
}

std::string gradeKey(const std::string& dir, const GradeOptions& options) {
    std::string files;
    std::error_code ec;
    std::vector<std::string> entries;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        struct stat info {};
        if (stat(entry.path().c_str(), &info) != 0 || !S_ISREG(info.st_mode)) continue;
        entries.push_back(entry.path().filename().string() + ":" + std::to_string(info.st_size) + ":" +
                          std::to_string(info.st_mtim.tv_sec) + "." + std::to_string(info.st_mtim.tv_nsec));
    }
    std::sort(entries.begin(), entries.end());
    for (const std::string& e : entries) files += e + ";";
    std::uint64_t hash = 0x1234;
    for (const char ch : files) hash = mixSeed(hash, static_cast<unsigned char>(ch));
    return std::string("reversi ") + REVERSI_VERSION + "; " + optionsText(options) +
           format("; memory %llu MiB; files %016llx", static_cast<unsigned long long>(options.limits.memoryBytes >> 20),
                  static_cast<unsigned long long>(hash));
}

SubmissionGrade gradeSubmission(const std::string& dir, const GradeOptions& options) {
    SubmissionGrade grade;
    std::error_code ec;
    grade.name = submissionName(dir);
    grade.path = fs::absolute(dir, ec).lexically_normal().string();
    grade.lab = labName(options.lab);
    grade.key = gradeKey(dir, options);
    grade.outOf = options.lab == GradedLab::kPart2 ? 4 * static_cast<int>(options.sizes.size()) : options.cases;
    grade.detail = "Submission: " + grade.name + " (" + grade.path + ")\nGraded: " + optionsText(options) + "\n";
    const Program program = findProgram(dir, grade.name, options);
    if (!program.log.empty()) grade.detail += "Compiling:\n" + program.log + (program.log.back() == '\n' ? "" : "\n");
    if (program.path.empty()) {
        grade.failures.push_back(program.problem);
        grade.detail += "No program to run: " + program.problem + "\n";
    } else {
        grade.program = program.how;
        grade.detail += "Program: " + program.how + "\n";
        if (options.lab == GradedLab::kPart2)
            playGames(program, grade.name, options, grade);
        else
            runCases(program, options, grade);
    }
    grade.detail += format("Mark: %d out of %d\n", grade.mark, grade.outOf);
    return grade;
}

std::string gradeJson(const SubmissionGrade& g) {
    std::string j = "{\"submission\": " + jsonQuote(g.name) + ", \"path\": " + jsonQuote(g.path) +
                    ", \"lab\": " + jsonQuote(g.lab) + format(", \"mark\": %d, \"out_of\": %d, \"cases_passed\": %d, "
                                                              "\"cases_run\": %d",
                                                              g.mark, g.outOf, g.casesPassed, g.casesRun) +
                    ", \"program\": " + jsonQuote(g.program) + ", \"failures\": [";
    for (std::size_t i = 0; i < g.failures.size(); ++i) j += (i ? ", " : "") + jsonQuote(g.failures[i]);
    return j + "], \"key\": " + jsonQuote(g.key) + "}";
}

SubmissionGrade parseGradeJson(const std::string& text) {
    const JsonValue j = parseJson(text);
    SubmissionGrade g;
    g.name = j.at("submission").asString();
    g.path = j.at("path").asString();
    g.lab = j.at("lab").asString();
    g.mark = static_cast<int>(j.at("mark").asInteger());
    g.outOf = static_cast<int>(j.at("out_of").asInteger());
    g.casesPassed = static_cast<int>(j.at("cases_passed").asInteger());
    g.casesRun = static_cast<int>(j.at("cases_run").asInteger());
    g.program = j.at("program").asString();
    for (const JsonValue& f : j.at("failures").asArray()) g.failures.push_back(f.asString());
    g.key = j.at("key").asString();
    return g;
}

namespace {

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (const char ch : text) {
        if (ch == '"') out += '"';
        out += ch == '\n' || ch == '\r' ? ' ' : ch;
    }
    return out + "\"";
}

}  // namespace

std::string gradesCsv(const std::vector<SubmissionGrade>& grades) {
    std::string csv = "submission,lab,mark,out_of,cases_passed,cases_run,failures\n";
    for (const SubmissionGrade& g : grades) {
        std::string failures;
        for (const std::string& f : g.failures) failures += (failures.empty() ? "" : " | ") + f;
        csv += csvField(g.name) + "," + g.lab + format(",%d,%d,%d,%d,", g.mark, g.outOf, g.casesPassed, g.casesRun) +
               csvField(failures) + "\n";
    }
    return csv;
}

std::string gradesJson(const std::vector<SubmissionGrade>& grades, const GradeOptions& options) {
    std::string j = "{\n  \"lab\": " + jsonQuote(labName(options.lab)) +
                    format(",\n  \"seed\": %llu,\n  \"submissions\": [\n", static_cast<unsigned long long>(options.seed));
    for (std::size_t i = 0; i < grades.size(); ++i) j += "    " + gradeJson(grades[i]) + (i + 1 < grades.size() ? ",\n" : "\n");
    return j + "  ]\n}\n";
}

std::string gradesTable(const std::vector<SubmissionGrade>& grades) {
    std::size_t width = 10;
    for (const SubmissionGrade& g : grades) width = std::max(width, g.name.size());
    std::string text = format("%-*s %-5s %9s %9s  %s\n", static_cast<int>(width), "submission", "lab", "mark", "passed",
                              "first problem");
    for (const SubmissionGrade& g : grades) {
        std::string first = g.failures.empty() ? std::string() : g.failures.front();
        if (first.size() > 90) first = first.substr(0, 87) + "...";
        if (g.failures.size() > 1) first += format(" (+%zu more)", g.failures.size() - 1);
        text += format("%-*s %-5s %4d / %-2d %4d / %-2d  %s\n", static_cast<int>(width), g.name.c_str(), g.lab.c_str(),
                       g.mark, g.outOf, g.casesPassed, g.casesRun, first.c_str());
    }
    return text;
}

std::vector<SubmissionGrade> gradeAll(const std::vector<std::string>& submissions, const GradeOptions& options,
                                      int jobs, const std::string& csv, const std::string& json,
                                      const GradeProgress& progress) {
    std::error_code ec;
    std::set<std::string> names;
    for (const std::string& dir : submissions) {
        if (!fs::is_directory(dir, ec))
            throw std::invalid_argument(dir + " is not a directory (a submission is a directory holding a C source "
                                              "file or an executable named " + labProgramName(options.lab) + ")");
        if (!names.insert(submissionName(dir)).second)
            throw std::invalid_argument("two submissions are named " + submissionName(dir) +
                                        ": each submission's directory needs its own name");
    }
    fs::create_directories(options.outDir, ec);
    if (!fs::is_directory(options.outDir, ec)) throw std::invalid_argument("cannot create " + options.outDir);
    const int total = static_cast<int>(submissions.size());
    std::vector<SubmissionGrade> grades(submissions.size());
    std::vector<bool> finished(submissions.size(), false);
    auto resultPath = [&](std::size_t i) { return options.outDir + "/" + submissionName(submissions[i]) + ".json"; };
    auto writeSummaries = [&] {
        std::vector<SubmissionGrade> done;
        for (std::size_t i = 0; i < grades.size(); ++i)
            if (finished[i]) done.push_back(grades[i]);
        if (!csv.empty()) writeFileAtomically(csv, gradesCsv(done));
        if (!json.empty()) writeFileAtomically(json, gradesJson(done, options));
    };
    // Grades kept from an earlier run of the same grading.
    std::vector<std::size_t> todo;
    int done = 0;
    for (std::size_t i = 0; i < submissions.size(); ++i) {
        try {
            if (fs::exists(resultPath(i), ec)) {
                SubmissionGrade stored = parseGradeJson(readWhole(resultPath(i)));
                if (stored.key == gradeKey(submissions[i], options)) {
                    grades[i] = std::move(stored);
                    finished[i] = true;
                    ++done;
                    continue;
                }
            }
        } catch (const std::exception&) {
            // graded again
        }
        todo.push_back(i);
    }
    if (progress) progress(done, total, nullptr);
    if (done) writeSummaries();
    // One process per submission: a crash or a hang in grading one cannot take the others with it.
    std::map<pid_t, std::size_t> running;
    std::size_t next = 0;
    std::fflush(nullptr);
    while (next < todo.size() || !running.empty()) {
        while (next < todo.size() && static_cast<int>(running.size()) < std::max(1, jobs)) {
            const std::size_t i = todo[next++];
            std::fflush(nullptr);
            const pid_t pid = fork();
            if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
            if (pid == 0) {
                int status = 0;
                try {
                    const SubmissionGrade grade = gradeSubmission(submissions[i], options);
                    writeFileAtomically(options.outDir + "/" + grade.name + ".txt", grade.detail);
                    writeFileAtomically(resultPath(i), gradeJson(grade) + "\n");
                } catch (const std::exception& e) {
                    std::fprintf(stderr, "reversi grade: %s: %s\n", submissions[i].c_str(), e.what());
                    status = 1;
                }
                std::fflush(nullptr);
                _exit(status);
            }
            running[pid] = i;
        }
        int status = 0;
        const pid_t pid = waitpid(-1, &status, 0);
        if (pid < 0) {
            if (errno == EINTR) continue;
            break;
        }
        const auto at = running.find(pid);
        if (at == running.end()) continue;
        const std::size_t i = at->second;
        running.erase(at);
        try {
            grades[i] = parseGradeJson(readWhole(resultPath(i)));
        } catch (const std::exception&) {
            grades[i] = SubmissionGrade{};
            grades[i].name = submissionName(submissions[i]);
            grades[i].path = fs::absolute(submissions[i], ec).string();
            grades[i].lab = labName(options.lab);
            grades[i].outOf = options.lab == GradedLab::kPart2 ? 4 * static_cast<int>(options.sizes.size()) : options.cases;
            grades[i].failures.push_back(format("grading failed (its grader's status %d)", status));
        }
        finished[i] = true;
        ++done;
        writeSummaries();
        if (progress) progress(done, total, &grades[i]);
    }
    return grades;
}

}  // namespace reversi
