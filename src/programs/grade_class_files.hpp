// The class's marks files (`reversi grade --csv FILE --json FILE`): checked before anything is graded,
// and rewritten whole as each submission finishes with the rows of this run's submissions replaced and
// every other row kept, so that re-grading one student (the key: the submission folder's base name)
// leaves the rest of the class's marks as they were.
#pragma once

#include <sys/types.h>

#include <string>
#include <utility>
#include <vector>

#include "platform/json_text.hpp"

namespace reversi {

// The first line of every marks CSV.
inline const std::string kGradesCsvHeader = "submission,lab,mark,out_of,cases_passed,cases_run,failures";

// One submission's row in each file.
struct ClassRow {
    std::string name;  // the submission folder's base name: the key
    std::string csv;   // its CSV line, without the newline
    Json json;         // its object
};

class ClassFiles {
public:
    // Checks `csv` and `json` ("" : not written): their folder exists, they are not directories, and an
    // existing file is a marks file of `reversi grade` (a CSV with its header, a JSON object with
    // "submissions"), whose rows are kept. Throws std::invalid_argument with a one-line reason.
    ClassFiles(std::string csv, std::string json);
    // Rewrites both files: the kept rows in their order, each replaced by this run's row of the same
    // submission once it has one, then this run's other rows in the order given. The JSON file is
    // `document` (an object) with these rows as its "submissions". A new file gets `mode`; an existing
    // one keeps its own.
    void write(const std::vector<ClassRow>& finished, Json document, mode_t mode) const;

private:
    std::string csv_, json_;
    std::vector<std::pair<std::string, std::string>> csvRows_;  // submission, its line
    std::vector<std::pair<std::string, Json>> jsonRows_;        // submission, its object
};

}  // namespace reversi
