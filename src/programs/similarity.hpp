// `reversi similarity SUBMISSION...`: the most similar pairs of students' C sources, found by Debian's
// similarity-tester (sim_c), run in the sandbox on private copies of the sources. Evidence for a
// person to read (percentages and the matching regions), never a mark (docs/grading.md#similarity).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace reversi {

// One run of matching tokens: lines of the first submission and of the second.
struct SimilarRegion {
    int firstFrom = 0, firstTo = 0, secondFrom = 0, secondTo = 0;
    int tokens = 0;
};

struct SimilarPair {
    std::size_t first = 0, second = 0;       // indexes into SimilarityReport::names
    double firstShare = 0, secondShare = 0;  // percent of each one's tokens found in the other
    int tokens = 0;                          // matching tokens in all
    std::vector<SimilarRegion> regions;      // largest first
};

struct SimilarityOptions {
    std::string base;          // the course's starter code, left out of every comparison ("" : none)
    int minimumRun = 24;       // sim_c's minimum run, in tokens (its default)
    std::string program = "sim_c";
};

struct SimilarityReport {
    std::vector<std::string> names;   // a submission's directory name, or a file's name
    std::vector<int> tokens;          // tokens of each (after leaving the starter code out)
    std::vector<std::string> notes;   // submissions left out, and why
    std::vector<SimilarPair> pairs;   // most similar first
    bool base = false;
};

// Compares every pair of submissions (directories holding C sources, concatenated in name order, or C
// source files). Throws std::invalid_argument for unusable arguments (fewer than two sources, a path
// that is neither) and std::runtime_error when sim_c cannot be run.
SimilarityReport compareSubmissions(const std::vector<std::string>& submissions, const SimilarityOptions& options);

// The `top` most similar pairs with their regions, for the terminal; and the whole report as JSON.
std::string similarityText(const SimilarityReport& report, std::size_t top);
std::string similarityJson(const SimilarityReport& report);

// sim_c's `-n` output: "FILE: line A-B |FILE: line C-D [N]" runs and "File FILE: N tokens" lines.
struct SimRun {
    std::string first, second;
    SimilarRegion region;
};
std::vector<SimRun> parseSimRuns(const std::string& output);
int parseSimTokens(const std::string& output, const std::string& file);

}  // namespace reversi
