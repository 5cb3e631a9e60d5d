// `reversi grade LAB SUBMISSION...`: marks students' submissions end to end as the course did
// (docs/grading.md). A submission is a directory holding one C source file, compiled with gcc inside
// the sandbox, or an executable named after the lab. Lab 6 and Part 1 run hidden cases generated from
// a seed (grade_cases.hpp) and compare the output byte for byte; Part 2 plays the course's opponents
// under the referee and marks as the handout did. A submission's files are first copied into the
// grader's private OUT/NAME/submission/ (grade_copy.hpp: regular files only, links never followed), and
// every program runs in the sandbox (platform/sandbox.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "programs/grade_class_files.hpp"
#include "programs/grade_options.hpp"

namespace reversi {

// One submission's grade.
struct SubmissionGrade {
    std::string name;         // the directory's name
    std::string path;         // its absolute path
    std::string lab;          // lab6, part1, part2
    int mark = 0, outOf = 0;
    int casesPassed = 0, casesRun = 0;  // Part 2: games won, games played
    // Part 2: games lost by the program's own fault (an illegal move, over time, a crash, wrong output);
    // -1 in a result stored before faults were counted. `grade --leaderboard` enters a program only when
    // it ran every game without one.
    int faultedGames = 0;
    std::string program;      // "compiled from NAME.c", "the executable lab7part2", or "" (none)
    std::vector<std::string> failures;  // one line per failed case or lost game (or why nothing ran)
    std::string detail;       // the detail file's text
    std::string key;          // what the grade depends on (options, version, the submission's files)
};

// The directory's name (trailing slashes ignored).
std::string submissionName(const std::string& dir);
// What a grade depends on: the options, the project's version and every file of the submission
// (names, sizes, modification times). A stored grade with the same key is reused.
std::string gradeKey(const std::string& dir, const GradeOptions& options);

// Every submission a directory, each of its own name, and the output directory made (0700, or 0750);
// throws std::invalid_argument.
void checkSubmissions(const std::vector<std::string>& submissions, const GradeOptions& options);
// The grade kept in OUT/NAME.json from an earlier run of the same grading (the same key), if any.
std::optional<SubmissionGrade> storedGrade(const std::string& dir, const GradeOptions& options);
// Its rows in the class files.
ClassRow classRow(const SubmissionGrade& grade);

// Grades one submission (compiles it when needed, into OUT/NAME/); writes nothing else.
SubmissionGrade gradeSubmission(const std::string& dir, const GradeOptions& options);

// One grade as a JSON object (one line), and back (std::invalid_argument).
std::string gradeJson(const SubmissionGrade& grade);
SubmissionGrade parseGradeJson(const std::string& text);
// Every grade: CSV (header "submission,lab,mark,out_of,cases_passed,cases_run,failures"), JSON, and
// the table for the terminal.
std::string gradesCsv(const std::vector<SubmissionGrade>& grades);
std::string gradesJson(const std::vector<SubmissionGrade>& grades, const GradeOptions& options);
std::string gradesTable(const std::vector<SubmissionGrade>& grades);

// Grades every submission, `jobs` at once (one process each), writing OUT/NAME.txt (the detail) and
// OUT/NAME.json as each one finishes, and rewriting `csv` and `json` (when not empty) then, with the
// rows of other submissions already there kept (grade_class_files.hpp). A submission whose stored grade
// has the same key is not graded again. `progress(done, total)` after each. Temporary files live in one
// directory removed at the end or by an interrupt (grade_workspace.hpp). Returns the grades in the order
// given; throws std::invalid_argument for unusable arguments (not a directory, two submissions of the
// same name, a --csv or --json path that cannot be written), before anything is graded.
using GradeProgress = std::function<void(int done, int total, const SubmissionGrade* finished)>;
std::vector<SubmissionGrade> gradeAll(const std::vector<std::string>& submissions, const GradeOptions& options,
                                      int jobs, const std::string& csv, const std::string& json,
                                      const GradeProgress& progress = {});

// `reversi grade`: checks the sizes, grades every submission (gradeAll) and prints the table and where
// the details are; returns the grades. Throws std::invalid_argument for options or submissions that
// cannot be used.
std::vector<SubmissionGrade> gradeCommand(const std::vector<std::string>& submissions, const GradeOptions& options,
                                          int jobs, const std::string& csv, const std::string& json,
                                          const GradeProgress& progress = {});

}  // namespace reversi
