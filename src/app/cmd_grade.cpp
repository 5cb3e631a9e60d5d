// `reversi grade LAB SUBMISSION...`: marks a folder of students' submissions (docs/grading.md).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "platform/interrupt.hpp"
#include "programs/grade.hpp"

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
};

// libreversi.a and lab7part2lib.h, where the build puts them: beside this executable.
std::string defaultCLibrary() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    const fs::path dir = self.parent_path();
    return fs::exists(dir / "libreversi.a", ec) && fs::exists(dir / "lab7part2lib.h", ec) ? dir.string() : std::string();
}

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

int run(GradeSettings& s) {
    installInterruptHandler();  // Ctrl-C: status 130; the submissions already graded stay graded
    try {
        GradeOptions& options = s.options;
        options.lab = parseLabName(s.lab);
        options.edition = s.edition == 2022 ? Edition::k2022 : Edition::k2018;
        options.limits.memoryBytes = static_cast<std::uint64_t>(s.memoryLimit) << 20;
        options.cLibraryDir = s.cLibrary.empty() ? defaultCLibrary() : s.cLibrary;
        const bool tty = isatty(2);
        gradeCommand(s.submissions, options, s.jobs, s.csv, s.json,
                     [tty](int done, int total, const SubmissionGrade* g) { showProgress(done, total, g, tty); });
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "reversi grade: " << e.what() << "\n";
        return kExitUsage;
    }
}

}  // namespace

void addGradeCommands(CLI::App& app, Action& action) {
    auto s = std::make_shared<GradeSettings>();
    CLI::App* grade = app.add_subcommand("grade", "Marks students' submissions of lab6, part1 or part2 end to end");
    grade->add_option("lab", s->lab, "lab6, part1 or part2")->required()->check(CLI::IsMember({"lab6", "part1", "part2"}));
    grade->add_option("submissions", s->submissions,
                      "Submission directories, each holding one C source file or an executable named lab6, lab7part1 "
                      "or lab7part2")
        ->required()
        ->expected(1, 1000000);
    grade->add_option("--seed", s->options.seed, "Seed of the hidden cases (lab6, part1) and of the games")
        ->capture_default_str();
    grade->add_option("--cases", s->options.cases, "Hidden cases per submission (lab6, part1)")
        ->check(CLI::Range(1, 10000))
        ->capture_default_str();
    grade->add_option("--sizes", s->options.sizes, "Board sizes of the games (part2), comma-separated")
        ->delimiter(',')
        ->capture_default_str();
    grade->add_option("--time-limit", s->options.timeLimit, "CPU seconds per move (part2; the course's rule is 1)")
        ->check(CLI::Range(0.001, 3600.0))
        ->capture_default_str();
    grade->add_option("--case-time-limit", s->options.caseCpuLimit, "CPU seconds per hidden case (lab6, part1)")
        ->check(CLI::Range(0.01, 3600.0))
        ->capture_default_str();
    grade->add_option("--edition", s->edition, "The handout whose prompts part1 expects: 2018 or 2022")
        ->check(CLI::IsMember({2018, 2022}))
        ->capture_default_str();
    grade->add_option("-j,--jobs", s->jobs, "Submissions graded at once (each in its own process)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    grade->add_option("--out", s->options.outDir,
                      "Directory for the detail file of each submission (NAME.txt), its stored result (NAME.json) "
                      "and compiled programs; a rerun resumes from it")
        ->capture_default_str();
    grade->add_option("--csv", s->csv, "Write the marks here as CSV (submission,lab,mark,out_of,...) as each "
                                       "submission finishes");
    grade->add_option("--json", s->json, "Write the grades here as JSON as each submission finishes");
    grade->add_option("--c-library", s->cLibrary,
                      "Directory with libreversi.a and lab7part2lib.h offered to part2 sources (default: beside reversi)");
    grade->add_option("--memory-limit", s->memoryLimit, "MiB of address space for each process of a submission")
        ->check(CLI::Range(16, 1 << 20))
        ->capture_default_str();
    grade->add_option("--run-as", s->options.runAs,
                      "When run as root: the user submissions run as (auto: a user id of each program's own)")
        ->capture_default_str();
    addSandboxOptions(*grade);
    grade->add_flag("!--keep-buffering", s->options.unbuffered,
                    "part2: run programs with their own output buffering (by default their standard output is "
                    "unbuffered, so that a program that never flushes its prompts can still be played)");
    addExamples(*grade, {"reversi grade part2 submissions/*/ --csv marks.csv --jobs 2",
                         "reversi grade part1 submissions/*/ --seed 2024 --csv marks.csv --json marks.json",
                         "reversi grade lab6 submissions/alice/ --out grades/   (then read grades/alice.txt)"});
    grade->callback([s, &action] { action = [s] { return run(*s); }; });
}

}  // namespace reversi::app
