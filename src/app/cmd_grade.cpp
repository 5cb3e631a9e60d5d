// `reversi grade LAB SUBMISSION...`: marks a folder of students' submissions (docs/grading.md).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "leaderboard/league_grading.hpp"
#include "platform/interrupt.hpp"
#include "programs/course_library.hpp"
#include "programs/grade.hpp"
#include "programs/grade_exports.hpp"
#include "programs/grade_plan.hpp"

namespace reversi::app {

namespace {

namespace fs = std::filesystem;

struct GradeSettings {
    std::string lab;
    std::vector<std::string> submissions;
    GradeOptions options;
    int edition = 2018;
    int jobs = 1;
    int memoryLimit = 1024;
    std::string csv;
    std::string json;
    std::string cLibrary;
    std::string plan;   // --plan FILE
    std::string merge;  // --merge DIR
    std::string gradescope, prairielearn;  // results.json for one submission
    std::string leaderboard;  // --leaderboard DB
};

void showProgress(int done, int total, const SubmissionGrade* finished, bool tty) {
    if (finished && !tty)
        std::fprintf(stderr, "reversi grade: %s: %d / %d\n", finished->name.c_str(), finished->mark, finished->outOf);
    if (!tty || total == 0) return;
    constexpr int kWidth = 40;
    const int filled = done * kWidth / total;
    std::string bar(static_cast<std::size_t>(filled), '=');
    if (filled < kWidth) bar += '>' + std::string(static_cast<std::size_t>(kWidth - filled - 1), ' ');
    std::fprintf(stderr, "\r[%s] %d/%d submissions", bar.c_str(), done, total);
    if (done == total) std::fprintf(stderr, "\r%*s\r", kWidth + 40, "");
    std::fflush(stderr);
}

// --leaderboard DB: enters every Part 2 program whose graded games ran without a fault of its own.
void enterLeaderboard(const GradeSettings& s, const std::vector<SubmissionGrade>& grades) {
    LeagueDb db(s.leaderboard, LeagueDb::Mode::kCreate);
    const AddOptions add{s.options.cLibraryDir.empty() ? s.cLibrary : s.options.cLibraryDir};
    for (const GradedEntry& e : enterGraded(db, grades, add)) {
        if (e.entered)
            std::cout << "leaderboard " << s.leaderboard << ": " << e.name
                      << (e.outcome == AddOutcome::kAdded      ? " added"
                          : e.outcome == AddOutcome::kReplaced ? " replaced"
                                                               : " unchanged")
                      << "\n";
        else
            std::cerr << "reversi grade: " << e.name << " not entered in the leaderboard: " << e.problem << "\n";
    }
}

int run(GradeSettings& s) {
    installInterruptHandler();  // Ctrl-C: status 130; the submissions already graded stay graded
    try {
        GradeOptions& options = s.options;
        options.lab = parseLabName(s.lab);
        options.edition = s.edition == 2022 ? Edition::k2022 : Edition::k2018;
        options.limits.memoryBytes = static_cast<std::uint64_t>(s.memoryLimit) << 20;
        if (!s.leaderboard.empty() && options.lab != GradedLab::kPart2)
            throw std::invalid_argument("--leaderboard enters Part 2 programs: grade part2");
        if (!s.leaderboard.empty()) LeagueDb(s.leaderboard, LeagueDb::Mode::kCreate);  // a bad path stops here, not after grading
        if (!s.merge.empty()) {
            if (!s.plan.empty()) throw std::invalid_argument("--merge DIR reads results; --plan FILE writes commands: give one");
            options.outDir = s.merge;
            const std::vector<SubmissionGrade> grades = gradeMergeCommand(s.submissions, options, s.csv, s.json);
            if (!s.leaderboard.empty()) enterLeaderboard(s, grades);
            return 0;
        }
        if (s.submissions.empty()) throw std::invalid_argument("no submission given (or --merge DIR)");
        if (options.lab == GradedLab::kPart2) options.cLibraryDir = findCourseLibrary(s.cLibrary);
        checkOneSubmission(s.submissions, s.gradescope, s.prairielearn);
        if (!s.plan.empty()) {
            if (!s.csv.empty() || !s.json.empty() || !s.leaderboard.empty())
                throw std::invalid_argument("--plan writes commands only: give --csv, --json and --leaderboard to --merge");
            gradePlanCommand(s.submissions, options, s.jobs, s.plan);
            return 0;
        }
        const bool tty = isatty(2);
        const std::vector<SubmissionGrade> grades =
            gradeCommand(s.submissions, options, s.jobs, s.csv, s.json,
                         [tty](int done, int total, const SubmissionGrade* g) { showProgress(done, total, g, tty); });
        if (!s.leaderboard.empty()) enterLeaderboard(s, grades);
        writeCourseResults(s.submissions[0], options, s.gradescope, s.prairielearn);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "reversi grade: " << e.what() << "\n";
        return kExitUsage;
    }
}

// Where results go: --out, --plan, --merge, --csv, --json, --group-readable, --feedback-inputs.
void addOutputOptions(CLI::App& grade, GradeSettings& s) {
    grade.add_option("--out", s.options.outDir,
                     "Directory for the detail file of each submission (NAME.txt), its stored result (NAME.json) "
                     "and compiled programs; a rerun resumes from it")
        ->capture_default_str();
    addPlanAndMerge(grade, s.plan, s.merge,
                    "Grade nothing: write one `reversi grade` command per submission still to grade into this "
                    "file, for GNU parallel or a Slurm array (each keeps its result in --out); then --merge",
                    "Grade nothing: build --csv and --json from the results in this directory (the --out of the "
                    "planned commands), of the submissions given or of every one there");
    grade.add_option("--csv", s.csv, "Write the marks here as CSV (submission,lab,mark,out_of,...) as each "
                                      "submission finishes");
    grade.add_option("--json", s.json, "Write the grades here as JSON as each submission finishes");
    grade.add_flag("--group-readable", s.options.groupReadable,
                    "Write the marks, detail files and compiled programs readable by the group (0640, 0750) "
                    "instead of by the grader alone (0600, 0700)");
    grade.add_option("--leaderboard", s.leaderboard,
                     "part2: enter every program whose graded games ran without a fault of its own (won or lost) "
                     "into this league database, named by its folder (made when missing; with --plan, give it to "
                     "--merge)");
    grade.add_flag("--feedback-inputs", s.options.feedbackInputs,
                    "lab6, part1: show a failed case's whole input in the detail file (by default its kind, size "
                    "and first difference only, so that the hidden cases stay hidden across resubmissions)");
}

}  // namespace

void addGradeCommands(CLI::App& app, Action& action) {
    auto s = std::make_shared<GradeSettings>();
    CLI::App* grade = app.add_subcommand("grade", "Marks students' submissions of lab6, part1 or part2 end to end");
    grade->add_option("lab", s->lab, "lab6, part1 or part2")->required()->check(CLI::IsMember({"lab6", "part1", "part2"}));
    grade->add_option("submissions", s->submissions,
                      "Submission directories, each holding one C source file or an executable named lab6, lab7part1 "
                      "or lab7part2")
        ->expected(0, 1000000);
    grade->add_option("--seed", s->options.seed, "Seed of the hidden cases (lab6, part1) and of the games")
        ->capture_default_str();
    grade->add_option("--cases", s->options.cases, "Hidden cases per submission (lab6, part1)")
        ->check(CLI::Range(1, 10000))
        ->capture_default_str();
    grade->add_option("--sizes", s->options.sizes, "Board sizes of the games (part2), comma-separated")
        ->delimiter(',')
        ->capture_default_str();
    grade->add_option("--time-limit", s->options.timeLimit, "CPU seconds per move (part2; the course's rule is 1)")
        ->check(FiniteRange(0.001, 3600.0))
        ->capture_default_str();
    grade->add_option("--case-time-limit", s->options.caseCpuLimit, "CPU seconds per hidden case (lab6, part1)")
        ->check(FiniteRange(0.01, 3600.0))
        ->capture_default_str();
    grade->add_option("--edition", s->edition, "The handout whose prompts part1 expects: 2018 or 2022")
        ->check(CLI::IsMember({2018, 2022}))
        ->capture_default_str();
    grade->add_option("-j,--jobs", s->jobs, "Submissions graded at once (each in its own process)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    addOutputOptions(*grade, *s);
    grade->add_option("--c-library", s->cLibrary,
                      "Directory of the course's graded library (liblab7part2.a and lab7part2lib.h) that part2 sources "
                      "are linked with (default: build/course/ or PREFIX/lib/reversi/ beside reversi)");
    grade->add_option("--gradescope", s->gradescope,
                      "Write Gradescope's autograder results.json here (exactly one submission; docs/grading.md)");
    grade->add_option("--prairielearn", s->prairielearn,
                      "Write PrairieLearn's external grader results.json here (exactly one submission)");
    grade->add_flag("--sources-only", s->options.sourcesOnly,
                    "Grade C sources only: refuse a submission's executable (accepted by default)");
    grade->add_option("--memory-limit", s->memoryLimit, "MiB of address space for each process of a submission")
        ->check(CLI::Range(16, 1 << 20))
        ->capture_default_str();
    grade->add_option("--run-as", s->options.runAs,
                      "When run as root: the user submissions run as (auto: a user id of each program's own)")
        ->capture_default_str();
    addSandboxOptions(*grade);
    grade->add_flag("!--keep-buffering", s->options.unbuffered,
                    "Run programs with their own output buffering (by default their standard output is "
                    "unbuffered, so that a program that never flushes its prompts can still be played, and a "
                    "crash keeps what was printed before it)");
    addExamples(*grade, {"reversi grade part2 submissions/*/ --csv marks.csv --jobs 2",
                         "reversi grade part1 submissions/*/ --seed 2024 --csv marks.csv --json marks.json",
                         "reversi grade lab6 submissions/alice/ --out grades/   (then read grades/alice.txt)",
                         "reversi grade part2 submissions/*/ --plan jobs.txt && parallel -j 2 < jobs.txt",
                         "reversi grade part2 submissions/*/ --merge grades/ --csv marks.csv --json marks.json",
                         "reversi grade part2 submissions/*/ --csv marks.csv --leaderboard league.db"});
    grade->callback([s, &action] { action = [s] { return run(*s); }; });
}

}  // namespace reversi::app
