// A grade where courses already grade (docs/grading.md): Gradescope's autograder results.json and
// PrairieLearn's external grader results.json, for one submission graded by `reversi grade`.
#pragma once

#include <string>
#include <vector>

#include "programs/grade.hpp"

namespace reversi {

// One part of a mark, as both systems list it: Part 2 one per opponent and size (2 marks when either
// game was won), Lab 6 and Part 1 one per hidden case (1 mark). Their points add up to the mark.
struct GradeTest {
    std::string name;
    int points = 0, maxPoints = 0;
    std::string output;  // why it lost its points, or what it won
};
std::vector<GradeTest> gradeTests(const SubmissionGrade& grade, const GradeOptions& options);

// Gradescope's results.json: `score` in points (the mark), `tests` with name, score, max_score, status,
// output and visibility, `leaderboard`; `feedback` (the student's detail file) as the overall output.
std::string gradescopeResults(const SubmissionGrade& grade, const GradeOptions& options, const std::string& feedback);
// PrairieLearn's results.json: `score` from 0 to 1, `gradable` false when there was no program to run
// (it does not compile, or nothing to compile), `succeeded`, `message`, `output`, `tests` with name,
// points and max_points.
std::string prairieLearnResults(const SubmissionGrade& grade, const GradeOptions& options, const std::string& feedback);

// Before grading: both need exactly one submission (std::invalid_argument otherwise).
void checkOneSubmission(const std::vector<std::string>& submissions, const std::string& gradescope,
                        const std::string& prairielearn);
// After grading: reads the submission's stored grade and detail file from OUT/ and writes the files
// asked for ("" : not asked).
void writeCourseResults(const std::string& submission, const GradeOptions& options, const std::string& gradescope,
                        const std::string& prairielearn);

}  // namespace reversi
