// A class beyond one machine (docs/grading.md "A class beyond one machine"): `reversi grade --plan
// FILE` writes one self-contained `reversi grade` command per submission still to grade, for GNU
// parallel or a Slurm array, each keeping its result in the grades directory as any run does; `reversi
// grade --merge DIR` builds the class CSV and JSON from those results.
#pragma once

#include <string>
#include <vector>

#include "programs/grade.hpp"

namespace reversi {

// The command that grades `submission` alone with `options` (absolute paths), for a batch runner.
std::string gradePlanLine(const std::string& reversi, const std::string& submission, const GradeOptions& options);

// Writes FILE (one line per submission without a stored grade of the same key; the others are done).
// Returns how many lines it wrote. Throws std::invalid_argument for unusable submissions.
int writeGradePlan(const std::vector<std::string>& submissions, const GradeOptions& options, const std::string& file);

// The stored grades in options.outDir: of `submissions` (those whose files changed since, or with no
// result, are named in `missing`), or of every submission there of the lab when none is given.
std::vector<SubmissionGrade> storedGrades(const std::vector<std::string>& submissions, const GradeOptions& options,
                                          std::vector<std::string>& missing);

// `reversi grade LAB SUBMISSION... --plan FILE`: checks the submissions, writes the plan, and says on
// standard error how many commands it holds, what they cost and how to run them.
void gradePlanCommand(const std::vector<std::string>& submissions, const GradeOptions& options, int jobs,
                      const std::string& file);
// `reversi grade LAB [SUBMISSION...] --merge DIR`: the stored grades into the class files (`csv`, `json`,
// keeping their other rows) and the table on standard output; the submissions not graded yet named on
// standard error. Returns the stored grades merged.
std::vector<SubmissionGrade> gradeMergeCommand(const std::vector<std::string>& submissions, const GradeOptions& options,
                                               const std::string& csv, const std::string& json);

}  // namespace reversi
