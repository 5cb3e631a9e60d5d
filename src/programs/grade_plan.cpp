#include "programs/grade_plan.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "arena/results_store.hpp"
#include "platform/atomic_file.hpp"
#include "platform/json_text.hpp"
#include "platform/printable.hpp"
#include "platform/sandbox.hpp"
#include "platform/text_file.hpp"
#include "programs/grade_cost.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

std::string absolute(const std::string& path) {
    std::error_code ec;
    return fs::absolute(path, ec).lexically_normal().string();
}

}  // namespace

std::string gradePlanLine(const std::string& reversi, const std::string& submission, const GradeOptions& options) {
    std::string line = shellQuote(reversi) + " grade " + labName(options.lab) + " " + shellQuote(absolute(submission)) +
                       " --out " + shellQuote(absolute(options.outDir)) +
                       formatText(" --seed %llu", static_cast<unsigned long long>(options.seed));
    if (options.lab == GradedLab::kPart2) {
        std::string sizes;
        for (const int n : options.sizes) {
            if (!sizes.empty()) sizes += ',';
            sizes += std::to_string(n);
        }
        line += " --sizes " + sizes + formatText(" --time-limit %.17g", options.timeLimit);
        if (!options.cLibraryDir.empty()) line += " --c-library " + shellQuote(absolute(options.cLibraryDir));
    } else {
        line += formatText(" --cases %d --case-time-limit %.17g", options.cases, options.caseCpuLimit);
        if (options.lab == GradedLab::kPart1) line += options.edition == Edition::k2022 ? " --edition 2022" : " --edition 2018";
        if (options.feedbackInputs) line += " --feedback-inputs";
    }
    line += formatText(" --memory-limit %llu", static_cast<unsigned long long>(options.limits.memoryBytes >> 20)) +
            " --run-as " + shellQuote(options.runAs);
    if (options.groupReadable) line += " --group-readable";
    if (options.sourcesOnly) line += " --sources-only";
    if (!options.unbuffered) line += " --keep-buffering";
    line += std::string(" --isolation ") + isolationName(sandboxPolicy().isolation) + " --cpu-time " +
            cpuTimeName(sandboxPolicy().cpuTime);
    return line + "\n";
}

int writeGradePlan(const std::vector<std::string>& submissions, const GradeOptions& options, const std::string& file) {
    const std::string reversi = fs::read_symlink("/proc/self/exe").string();
    std::string lines;
    int count = 0;
    for (const std::string& dir : submissions)
        if (!storedGrade(dir, options)) {
            lines += gradePlanLine(reversi, dir, options);
            ++count;
        }
    writeFileAtomically(file, lines, options.fileMode());
    return count;
}

std::vector<SubmissionGrade> storedGrades(const std::vector<std::string>& submissions, const GradeOptions& options,
                                          std::vector<std::string>& missing) {
    std::vector<SubmissionGrade> grades;
    for (const std::string& dir : submissions) {
        if (auto stored = storedGrade(dir, options))
            grades.push_back(std::move(*stored));
        else
            missing.push_back(submissionName(dir));
    }
    if (!submissions.empty()) return grades;
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(options.outDir, ec))
        if (entry.path().extension() == ".json" && entry.is_regular_file(ec)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
        try {
            SubmissionGrade g = parseGradeJson(readWholeFile(file.string(), std::size_t{16} << 20));
            if (g.lab == labName(options.lab)) grades.push_back(std::move(g));
        } catch (const std::exception&) {
            // not a stored grade
        }
    }
    return grades;
}

void gradePlanCommand(const std::vector<std::string>& submissions, const GradeOptions& options, int jobs,
                      const std::string& file) {
    checkSubmissions(submissions, options);
    const int count = writeGradePlan(submissions, options, file);
    const int done = static_cast<int>(submissions.size()) - count;
    if (count == 0) {
        std::cerr << "reversi grade: nothing left to grade: all " << done << " submissions are graded in "
                  << options.outDir << " (" << file << " is empty); `reversi grade " << labName(options.lab)
                  << " --merge " << options.outDir << " --csv FILE` builds the class files\n";
        return;
    }
    std::cerr << "reversi grade: " << count << " command" << (count == 1 ? "" : "s") << " written to " << file << " ("
              << done << " already graded in " << options.outDir << "); run them, for example with `parallel -j "
              << std::max(1, jobs) << " < " << file << "`, then `reversi grade " << labName(options.lab) << " --merge "
              << options.outDir << " --csv FILE`\nreversi grade: " << costEstimate(count, options, jobs) << "\n";
}

std::vector<SubmissionGrade> gradeMergeCommand(const std::vector<std::string>& submissions, const GradeOptions& options,
                                               const std::string& csv, const std::string& json) {
    const ClassFiles classFiles(csv, json);
    std::error_code ec;
    if (!fs::is_directory(options.outDir, ec)) throw std::invalid_argument("--merge " + options.outDir + " is not a directory");
    std::vector<std::string> missing;
    const std::vector<SubmissionGrade> grades = storedGrades(submissions, options, missing);
    std::vector<ClassRow> rows;
    for (const SubmissionGrade& g : grades) rows.push_back(classRow(g));
    classFiles.write(rows, parseJsonText(gradesJson({}, options)), options.fileMode());
    std::cout << gradesTable(grades);
    if (!missing.empty()) {
        std::string names;
        for (const std::string& name : missing) names += (names.empty() ? "" : ", ") + name;
        std::cerr << "reversi grade: not graded yet (or changed since): " << missing.size() << " of "
                  << submissions.size() << " (" << names << "); run the rest of the plan, then merge again\n";
    }
    return grades;
}

}  // namespace reversi
