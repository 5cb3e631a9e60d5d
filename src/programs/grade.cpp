#include "programs/grade.hpp"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "arena/game_pool.hpp"
#include "arena/match.hpp"
#include "arena/worker_pool.hpp"
#include "platform/atomic_file.hpp"
#include "platform/interrupt.hpp"
#include "programs/grade_class_files.hpp"
#include "programs/grade_copy.hpp"
#include "programs/grade_cost.hpp"
#include "programs/grade_feedback.hpp"
#include "programs/grade_workspace.hpp"
#include "programs/grade_program.hpp"
#include "platform/json_text.hpp"
#include "platform/splitmix.hpp"
#include "platform/text_file.hpp"
#include "platform/version.hpp"
#include "platform/printable.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

// A stored grade is a few KiB: a file far larger (or a device linked in place of one) is refused, and
// the submission graded again, instead of read into memory.
std::string readWhole(const std::string& path) { return readWholeFile(path, std::size_t{16} << 20); }

// --- Lab 6 and Part 1: hidden cases ----------------------------------------------------------------

// Why a case failed, or "" when it passed.
std::string caseVerdict(const Run& run, const LabCase& c) {
    if (run.error.empty() && !run.cpuExceeded && !run.wallExceeded && !run.outputExceeded && WIFSIGNALED(run.status)) {
        const std::string crash = crashReport(WTERMSIG(run.status), run.output);
        return run.output == c.expected ? crash : crash + "; " + firstDifference(c.expected, run.output);
    }
    std::string why = exitText(run);
    if (!run.error.empty() || run.cpuExceeded || run.wallExceeded || run.outputExceeded) {
        // Killed: failed, with what it printed compared as far as it went.
        if (run.output != c.expected && run.error.empty()) why += "; " + firstDifference(c.expected, run.output);
        return why;
    }
    if (run.output != c.expected) return firstDifference(c.expected, run.output) + (why.empty() ? "" : " (" + why + ")");
    return {};  // the right output; an exit status alone does not fail a case
}

void runCases(const Program& program, const GradeOptions& options, SubmissionGrade& grade) {
    const std::vector<LabCase> cases = hiddenCases(options.lab, options.seed, options.cases, options.edition);
    SandboxOptions sandbox = sandboxFor(options);
    sandbox.unbufferedOutput = options.unbuffered;  // a crash keeps what was printed before it
    std::string text;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const LabCase& c = cases[i];
        const Run run = runSandboxed({program.path}, c.input, sandbox, options.caseCpuLimit, options.caseWallLimit,
                                     c.expected.size() * 2 + 65536);
        ++grade.casesRun;
        const std::string why = caseVerdict(run, c);
        const std::string label = formatText("case %zu (%s)", i + 1, c.description.c_str());
        if (why.empty()) {
            ++grade.casesPassed;
            text += label + ": passed\n";
            continue;
        }
        grade.failures.push_back(formatText("case %zu: ", i + 1) + why);
        text += label + ": FAILED: " + why + "\n";
        if (options.feedbackInputs) {
            std::string input = c.input;
            std::replace(input.begin(), input.end(), '\n', ' ');
            text += "  input: " + input + "\n";
        }
    }
    grade.mark = grade.casesPassed;
    grade.outOf = static_cast<int>(cases.size());
    grade.detail += text;
}

// --- Part 2: games against the course's opponents --------------------------------------------------

// Both colours against smarter (player 1) and smartest (player 2) at every size; the student is player 0.
std::vector<GameTask> gradingGames(const GradeOptions& options) {
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
    return tasks;
}

void playGames(const Program& program, const std::string& name, const GradeOptions& options, SubmissionGrade& grade) {
    const std::vector<PlayerSpec> players{studentPlayer(program, name, options), parsePlayer("smarter"),
                                      parsePlayer("smartest")};
    const std::vector<GameTask> tasks = gradingGames(options);
    MatchOptions match;
    match.sizes = options.sizes;
    match.jobs = 1;
    match.referee = studentReferee(options);
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
        std::string label = formatText("game %d (%dx%d, %s as %s against %s)", g.task.index + 1, g.task.size, g.task.size,
                                   name.c_str(), black ? "Black" : "White", players[opponent].name.c_str());
        ++grade.casesRun;
        if (r.winner == colour) {
            ++grade.casesPassed;
            won[{opponent, g.task.size}] = true;
            text += label + formatText(": won %d-%d; longest move %.3f s of CPU\n", mine, theirs, longest);
            continue;
        }
        won.emplace(std::make_pair(opponent, g.task.size), false);
        if (r.forfeitBy == colour) ++grade.faultedGames;
        std::string why = r.forfeitBy == colour ? "lost by a fault: " + r.reason
                          : r.winner == 'D'     ? formatText("a draw, %d-%d", mine, theirs)
                                                : formatText("lost %d-%d on the board", mine, theirs);
        text += label + ": " + why + formatText("; longest completed move %.3f s of CPU\n", longest);
        text += "  moves (save this line in a file and run `reversi replay FILE`): " +
                replayableMoves(g.task.size, r.moves) + "\n";
        grade.failures.push_back(formatText("game %d (%dx%d, %s, against %s): ", g.task.index + 1, g.task.size, g.task.size,
                                        black ? "Black" : "White", players[opponent].name.c_str()) +
                                 why);
    }
    grade.outOf = 4 * static_cast<int>(options.sizes.size());
    grade.mark = 0;
    for (const auto& [key, any] : won) grade.mark += any ? 2 : 0;
    grade.detail += text;
    grade.detail += "Marks: 2 for each opponent and size where either game was won.\n";
}

// What was graded, as the student may read it: no seed.
std::string feedbackOptionsText(const GradeOptions& options) {
    std::string text = formatText("lab %s", labName(options.lab));
    if (options.lab == GradedLab::kPart2) {
        text += "; sizes";
        for (std::size_t i = 0; i < options.sizes.size(); ++i) text += (i ? "," : " ") + std::to_string(options.sizes[i]);
        text += formatText("; %.3f s of CPU per move", options.timeLimit);
        if (!options.unbuffered) text += "; programs' own output buffering";
    } else {
        text += formatText("; %d cases; %.0f s of CPU per case", options.cases, options.caseCpuLimit);
        if (options.lab == GradedLab::kPart1) text += options.edition == Edition::k2022 ? "; 2022 edition" : "; 2018 edition";
    }
    if (options.sourcesOnly) text += "; C sources only";
    return text;
}

// All a grade depends on: the seed too.
std::string optionsText(const GradeOptions& options) {
    return feedbackOptionsText(options) + formatText("; seed %llu", static_cast<unsigned long long>(options.seed)) +
           (options.feedbackInputs ? "; failed inputs shown" : "");
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
        struct stat info {};  // the entry itself, never what a link points to
        if (lstat(entry.path().c_str(), &info) != 0 || S_ISDIR(info.st_mode)) continue;
        entries.push_back(entry.path().filename().string() + ":" + std::to_string(info.st_mode) + ":" +
                          std::to_string(info.st_size) + ":" +
                          std::to_string(info.st_mtim.tv_sec) + "." + std::to_string(info.st_mtim.tv_nsec));
    }
    std::sort(entries.begin(), entries.end());
    for (const std::string& e : entries) files += e + ";";
    std::uint64_t hash = 0x1234;
    for (const char ch : files) hash = mixSeed(hash, static_cast<unsigned char>(ch));
    return std::string("reversi ") + REVERSI_VERSION + "; " + optionsText(options) +
           formatText("; memory %llu MiB; files %016llx", static_cast<unsigned long long>(options.limits.memoryBytes >> 20),
                  static_cast<unsigned long long>(hash));
}

namespace {
void gradeProgram(const std::string& copy, const GradeOptions& options, SubmissionGrade& grade);
}  // namespace

SubmissionGrade gradeSubmission(const std::string& dir, const GradeOptions& options) {
    SubmissionGrade grade;
    std::error_code ec;
    grade.name = submissionName(dir);
    grade.path = fs::absolute(dir, ec).lexically_normal().string();
    grade.lab = labName(options.lab);
    grade.key = gradeKey(dir, options);
    grade.outOf = options.lab == GradedLab::kPart2 ? 4 * static_cast<int>(options.sizes.size()) : options.cases;
    grade.detail = "Submission: " + grade.name + "\nGraded: " + feedbackOptionsText(options) + "\n";
    // Compiled and run from the grader's own copy, never from the submission's directory itself.
    const std::string own = options.outDir + "/" + grade.name;
    mkdir(own.c_str(), options.dirMode());
    const std::string refused = copySubmission(dir, own + "/submission", options.dirMode());
    if (refused.empty()) {
        gradeProgram(own + "/submission", options, grade);
    } else {
        grade.failures.push_back(refused);
        grade.detail += "Refused: " + refused + "\n";
    }
    grade.detail += formatText("Mark: %d out of %d\n", grade.mark, grade.outOf);
    return grade;
}

namespace {

void gradeProgram(const std::string& copy, const GradeOptions& options, SubmissionGrade& grade) {
    const Program program = findProgram(copy, grade.name, options);
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
}

}  // namespace

namespace {

Json gradeObject(const SubmissionGrade& g) {
    Json j{{"submission", g.name},       {"path", g.path},
           {"lab", g.lab},               {"mark", g.mark},
           {"out_of", g.outOf},          {"cases_passed", g.casesPassed},
           {"cases_run", g.casesRun},    {"program", g.program},
           {"failures", g.failures},     {"key", g.key}};
    // Part 2 only, and only when counted: a grade stored by an earlier version is written back as it was.
    if (g.lab == labName(GradedLab::kPart2) && g.faultedGames >= 0) j["faulted_games"] = g.faultedGames;
    return j;
}

}  // namespace

std::string gradeJson(const SubmissionGrade& g) { return jsonLine(gradeObject(g)); }

SubmissionGrade parseGradeJson(const std::string& text) {
    const Json j = parseJsonText(text);
    SubmissionGrade g;
    g.name = jsonString(j, "submission");
    g.path = jsonString(j, "path");
    g.lab = jsonString(j, "lab");
    g.mark = static_cast<int>(jsonInteger(j, "mark"));
    g.outOf = static_cast<int>(jsonInteger(j, "out_of"));
    g.casesPassed = static_cast<int>(jsonInteger(j, "cases_passed"));
    g.casesRun = static_cast<int>(jsonInteger(j, "cases_run"));
    g.faultedGames = j.contains("faulted_games") ? static_cast<int>(jsonInteger(j, "faulted_games")) : -1;
    g.program = jsonString(j, "program");
    g.failures = jsonStrings(j, "failures");
    g.key = jsonString(j, "key");
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
    std::string csv = kGradesCsvHeader + "\n";
    for (const SubmissionGrade& g : grades) {
        std::string failures;
        for (const std::string& f : g.failures) failures += (failures.empty() ? "" : " | ") + f;
        csv += csvField(g.name) + "," + g.lab + formatText(",%d,%d,%d,%d,", g.mark, g.outOf, g.casesPassed, g.casesRun) +
               csvField(failures) + "\n";
    }
    return csv;
}

std::string gradesJson(const std::vector<SubmissionGrade>& grades, const GradeOptions& options) {
    Json j;
    j["lab"] = labName(options.lab);
    j["seed"] = options.seed;
    j["submissions"] = Json::array();
    for (const SubmissionGrade& g : grades) j["submissions"].push_back(gradeObject(g));
    return jsonDocument(j);
}

std::string gradesTable(const std::vector<SubmissionGrade>& grades) {
    std::size_t width = 10;
    for (const SubmissionGrade& g : grades) width = std::max(width, g.name.size());
    std::string text = formatText("%-*s %-5s %9s %9s  %s\n", static_cast<int>(width), "submission", "lab", "mark", "passed",
                              "first problem");
    for (const SubmissionGrade& g : grades) {
        // Whole: a message cut short loses the difference it was quoting.
        std::string first = g.failures.empty() ? std::string() : g.failures.front();
        if (g.failures.size() > 1) first += formatText(" (+%zu more)", g.failures.size() - 1);
        // Passed as the mark counts: cases; for Part 2, opponents beaten at a size (either game won).
        const bool games = g.lab == labName(GradedLab::kPart2);
        const int passed = games ? g.mark / 2 : g.casesPassed, of = games ? g.outOf / 2 : g.outOf;
        text += formatText("%-*s %-5s %4d / %-2d %4d / %-2d  %s\n", static_cast<int>(width), g.name.c_str(), g.lab.c_str(),
                           g.mark, g.outOf, passed, of, first.c_str());
    }
    return text;
}

namespace {

std::string storedGradePath(const std::string& dir, const GradeOptions& options) {
    return options.outDir + "/" + submissionName(dir) + ".json";
}

// In a grading worker: grades one submission and writes its detail and result files.
[[noreturn]] void gradeInWorker(const std::string& dir, const GradeOptions& options) {
    int status = 0;
    try {
        const SubmissionGrade grade = gradeSubmission(dir, options);
        const InterruptsDeferred deferred;  // the detail and the result both, or neither
        writeFileAtomically(options.outDir + "/" + grade.name + ".txt", grade.detail, options.fileMode());
        writeFileAtomically(storedGradePath(dir, options), gradeJson(grade) + "\n", options.fileMode());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "reversi grade: %s: %s\n", dir.c_str(), e.what());
        status = 1;
    }
    std::fflush(nullptr);
    _exit(status);
}

// The grade of a submission whose grader left no result (`status`: the grader's wait status).
SubmissionGrade failedGrading(const std::string& dir, const GradeOptions& options, int status) {
    std::error_code ec;
    SubmissionGrade grade;
    grade.name = submissionName(dir);
    grade.path = fs::absolute(dir, ec).string();
    grade.lab = labName(options.lab);
    grade.outOf = options.lab == GradedLab::kPart2 ? 4 * static_cast<int>(options.sizes.size()) : options.cases;
    grade.failures.push_back(formatText("grading failed (its grader's status %d)", status));
    return grade;
}

}  // namespace

void checkSubmissions(const std::vector<std::string>& submissions, const GradeOptions& options) {
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
    if (fs::create_directories(options.outDir, ec)) chmod(options.outDir.c_str(), options.dirMode());
    if (!fs::is_directory(options.outDir, ec)) throw std::invalid_argument("cannot create " + options.outDir);
}

std::optional<SubmissionGrade> storedGrade(const std::string& dir, const GradeOptions& options) {
    std::error_code ec;
    try {
        if (fs::exists(storedGradePath(dir, options), ec)) {
            SubmissionGrade stored = parseGradeJson(readWhole(storedGradePath(dir, options)));
            if (stored.key == gradeKey(dir, options)) return stored;
        }
    } catch (const std::exception&) {
        // graded again
    }
    return std::nullopt;
}

ClassRow classRow(const SubmissionGrade& g) {
    std::string csv = gradesCsv({g}).substr(kGradesCsvHeader.size() + 1);
    csv.pop_back();  // the newline
    return ClassRow{g.name, csv, gradeObject(g)};
}

std::vector<SubmissionGrade> gradeAll(const std::vector<std::string>& submissions, const GradeOptions& options,
                                      int jobs, const std::string& csv, const std::string& json,
                                      const GradeProgress& progress) {
    const ClassFiles classFiles(csv, json);  // before anything is graded: a bad path stops the run here
    checkSubmissions(submissions, options);
    const GradeWorkspace workspace;
    const int total = static_cast<int>(submissions.size());
    std::vector<SubmissionGrade> grades(submissions.size());
    std::vector<bool> finished(submissions.size(), false);
    auto writeSummaries = [&] {
        std::vector<ClassRow> done;
        for (std::size_t i = 0; i < grades.size(); ++i)
            if (finished[i]) done.push_back(classRow(grades[i]));
        const InterruptsDeferred deferred;  // an interrupt keeps the marks written so far, whole
        classFiles.write(done, parseJsonText(gradesJson({}, options)), options.fileMode());
    };
    std::vector<std::size_t> todo;
    int done = 0;
    for (std::size_t i = 0; i < submissions.size(); ++i) {
        std::optional<SubmissionGrade> stored = storedGrade(submissions[i], options);
        if (!stored) {
            todo.push_back(i);
            continue;
        }
        grades[i] = std::move(*stored);
        finished[i] = true;
        ++done;
    }
    if (todo.size() >= 2) std::cerr << "reversi grade: " << costEstimate(static_cast<int>(todo.size()), options, jobs) << "\n";
    if (progress) progress(done, total, nullptr);
    if (done) writeSummaries();
    // One process per submission: a crash or a hang in grading one cannot take the others with it.
    WorkerPool pool;
    pool.jobs = jobs;
    pool.work = [&](std::size_t job, int) { gradeInWorker(submissions[todo[job]], options); };
    pool.finished = [&](std::size_t job, const WorkerEnd& end) {
        const std::size_t i = todo[job];
        try {
            grades[i] = parseGradeJson(readWhole(storedGradePath(submissions[i], options)));
        } catch (const std::exception&) {
            grades[i] = failedGrading(submissions[i], options, end.status);
        }
        finished[i] = true;
        ++done;
        writeSummaries();
        if (progress) progress(done, total, &grades[i]);
    };
    runWorkers(todo.size(), pool);
    return grades;
}

std::vector<SubmissionGrade> gradeCommand(const std::vector<std::string>& submissions, const GradeOptions& options,
                                          int jobs, const std::string& csv, const std::string& json,
                                          const GradeProgress& progress) {
    for (const int n : options.sizes)
        if (!isValidSize(n)) throw std::invalid_argument("board size " + std::to_string(n) + " is not an even number from 4 to 26");
    if (options.sizes.empty()) throw std::invalid_argument("no board size given");
    const std::vector<SubmissionGrade> grades = gradeAll(submissions, options, jobs, csv, json, progress);
    std::cout << gradesTable(grades);
    std::cout << "Details: " << options.outDir << "/NAME.txt for each submission";
    if (!csv.empty()) std::cout << "; marks: " << csv;
    if (!json.empty()) std::cout << "; JSON: " << json;
    std::cout << "\n";
    return grades;
}

}  // namespace reversi
