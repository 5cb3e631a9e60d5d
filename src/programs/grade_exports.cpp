#include "programs/grade_exports.hpp"

#include <cstdlib>
#include <filesystem>
#include <numeric>
#include <stdexcept>

#include "platform/atomic_file.hpp"
#include "platform/json_text.hpp"
#include "platform/printable.hpp"
#include "platform/text_file.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

// The number K of a failure line "game K (...): ..." or "case K: ...", or 0.
int failureNumber(const std::string& line, const std::string& word) {
    if (line.compare(0, word.size() + 1, word + " ") != 0) return 0;
    return std::atoi(line.c_str() + word.size() + 1);
}

// The failure lines of numbers `first` and `second` (1-based) of `word`.
std::vector<std::string> failuresOf(const SubmissionGrade& grade, const std::string& word, int first, int second) {
    std::vector<std::string> lines;
    for (const std::string& f : grade.failures) {
        const int k = failureNumber(f, word);
        if (k == first || k == second) lines.push_back(f);
    }
    return lines;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    return text;
}

// Part 2: games are played size by size, smarter then smartest, the student Black then White
// (grade.cpp's gradingGames), so games 4i+2o+1 and +2 are size i against opponent o.
std::vector<GradeTest> gameTests(const SubmissionGrade& grade, const GradeOptions& options) {
    std::vector<GradeTest> tests;
    for (std::size_t i = 0; i < options.sizes.size(); ++i)
        for (int o = 0; o < 2; ++o) {
            const int n = options.sizes[i], first = static_cast<int>(4 * i) + 2 * o + 1;
            const std::vector<std::string> lost = failuresOf(grade, "game", first, first + 1);
            GradeTest t{formatText("%dx%d against %s", n, n, o == 0 ? "smarter" : "smartest"), 0, 2, joined(lost)};
            if (lost.size() < 2) {
                t.points = 2;
                t.output = "won at least one of its two games (Black and White)\n" + t.output;
            }
            tests.push_back(t);
        }
    return tests;
}

std::vector<GradeTest> caseTests(const SubmissionGrade& grade) {
    std::vector<GradeTest> tests;
    for (int k = 1; k <= grade.outOf; ++k) {
        const std::vector<std::string> failed = failuresOf(grade, "case", k, k);
        tests.push_back({formatText("hidden case %d", k), failed.empty() ? 1 : 0, 1,
                         failed.empty() ? "passed\n" : joined(failed)});
    }
    return tests;
}

// Nothing ran (or the failures do not say which part failed): the whole mark as one test.
std::vector<GradeTest> wholeMark(const SubmissionGrade& grade) {
    return {{std::string(grade.lab) + ": the whole mark", grade.mark, grade.outOf,
             grade.failures.empty() ? "passed\n" : joined(grade.failures)}};
}

bool gradable(const SubmissionGrade& grade) { return !grade.program.empty(); }

}  // namespace

std::vector<GradeTest> gradeTests(const SubmissionGrade& grade, const GradeOptions& options) {
    if (!gradable(grade)) return wholeMark(grade);
    std::vector<GradeTest> tests = options.lab == GradedLab::kPart2 ? gameTests(grade, options) : caseTests(grade);
    const int points = std::accumulate(tests.begin(), tests.end(), 0, [](int sum, const GradeTest& t) { return sum + t.points; });
    const int most = std::accumulate(tests.begin(), tests.end(), 0, [](int sum, const GradeTest& t) { return sum + t.maxPoints; });
    // The parts must add up to the mark; any doubt, and the mark is given whole.
    return points == grade.mark && most == grade.outOf ? tests : wholeMark(grade);
}

std::string gradescopeResults(const SubmissionGrade& grade, const GradeOptions& options, const std::string& feedback) {
    Json tests = Json::array();
    int number = 0;
    for (const GradeTest& t : gradeTests(grade, options))
        tests.push_back(Json{{"name", t.name},
                             {"number", std::to_string(++number)},
                             {"score", t.points},
                             {"max_score", t.maxPoints},
                             {"status", t.points == t.maxPoints ? "passed" : "failed"},
                             {"output", t.output},
                             {"output_format", "text"},
                             {"tags", Json::array({grade.lab})},
                             {"visibility", "visible"}});
    Json results{{"score", grade.mark},
                 {"output", feedback},
                 {"output_format", "text"},
                 {"visibility", "visible"},
                 {"stdout_visibility", "hidden"},  // the grader's own log, for the course's staff
                 {"extra_data", Json{{"lab", grade.lab}, {"out_of", grade.outOf}, {"program", grade.program}}},
                 {"tests", tests}};
    results["leaderboard"] = Json::array({Json{{"name", "mark"}, {"value", grade.mark}},
                                          Json{{"name", grade.lab == "part2" ? "games won" : "cases passed"},
                                               {"value", grade.casesPassed}}});
    return jsonDocument(results);
}

std::string prairieLearnResults(const SubmissionGrade& grade, const GradeOptions& options, const std::string& feedback) {
    const bool ok = gradable(grade);
    Json tests = Json::array();
    if (ok)
        for (const GradeTest& t : gradeTests(grade, options))
            tests.push_back(Json{{"name", t.name},
                                 {"description", t.maxPoints == 2 ? "2 marks when either game is won" : "1 mark"},
                                 {"points", t.points},
                                 {"max_points", t.maxPoints},
                                 {"message", t.points == t.maxPoints ? "passed" : "failed"},
                                 {"output", t.output}});
    const double score = ok && grade.outOf > 0 ? static_cast<double>(grade.mark) / grade.outOf : 0.0;
    const std::string message = ok ? formatText("Mark: %d out of %d", grade.mark, grade.outOf)
                                   : "Not graded: " + (grade.failures.empty() ? std::string("no program") : grade.failures[0]);
    return jsonDocument(Json{{"gradable", ok}, {"succeeded", true}, {"score", score}, {"message", message},
                             {"output", feedback}, {"tests", tests}});
}

void checkOneSubmission(const std::vector<std::string>& submissions, const std::string& gradescope,
                        const std::string& prairielearn) {
    if (gradescope.empty() && prairielearn.empty()) return;
    if (submissions.size() != 1)
        throw std::invalid_argument(std::string(gradescope.empty() ? "--prairielearn" : "--gradescope") +
                                    " grades exactly one submission, and " + std::to_string(submissions.size()) +
                                    " were given (one run per student, as the autograder runs it)");
}

void writeCourseResults(const std::string& submission, const GradeOptions& options, const std::string& gradescope,
                        const std::string& prairielearn) {
    if (gradescope.empty() && prairielearn.empty()) return;
    const std::string base = options.outDir + "/" + submissionName(submission);
    const SubmissionGrade grade = parseGradeJson(readWholeFile(base + ".json", std::size_t{16} << 20));
    std::error_code ec;
    const std::string feedback = fs::exists(base + ".txt", ec) ? readWholeFile(base + ".txt", std::size_t{16} << 20) : "";
    for (const auto& [path, text] : {std::pair{gradescope, gradescopeResults(grade, options, feedback)},
                                     std::pair{prairielearn, prairieLearnResults(grade, options, feedback)}}) {
        if (path.empty()) continue;
        if (fs::path(path).has_parent_path()) fs::create_directories(fs::path(path).parent_path(), ec);
        writeFileAtomically(path, text);
    }
}

}  // namespace reversi
