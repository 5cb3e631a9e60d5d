// The class's marks files (`reversi grade --csv FILE --json FILE`): checked before anything is graded,
// and rewritten whole as each submission finishes with the rows of this run's submissions replaced and
// every other row kept, so that re-grading one student (the key: the submission folder's base name)
// leaves the rest of the class's marks as they were.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "platform/json_text.hpp"
#include "programs/grade.hpp"

namespace reversi {

class ClassFiles {
public:
    // Checks `csv` and `json` ("" : not written): their folder exists, they are not directories, and an
    // existing file is a marks file of `reversi grade` (a CSV with its header, a JSON object with
    // "submissions"), whose rows are kept. Throws std::invalid_argument with a one-line reason.
    ClassFiles(std::string csv, std::string json);
    // Rewrites both files: the kept rows in their order, each replaced by this run's grade of the same
    // submission once it has one, then this run's other grades in the order given; files 0600, or as
    // `options` says (and as an existing file was).
    void write(const std::vector<SubmissionGrade>& finished, const GradeOptions& options) const;

private:
    std::string csv_, json_;
    std::vector<std::pair<std::string, std::string>> csvRows_;  // submission, its line
    std::vector<std::pair<std::string, Json>> jsonRows_;        // submission, its object
};

}  // namespace reversi
