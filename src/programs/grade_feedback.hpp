// What a student may read of a grade (the detail file, docs/grading.md "Feedback a student may read"):
// a failed case's first difference, an honest crash report (the signal named, where the output
// stopped), and a lost game's moves as `reversi replay` reads them; never the seed of the hidden cases
// or the grader's paths.
#pragma once

#include <string>
#include <vector>

#include "rules/board.hpp"

namespace reversi {

// Where `actual` first differs from `expected`: "line 2: expected \"a UUUU\", got \"a UUUU \"", "line 5:
// expected ..., got the end of the output", ...
std::string firstDifference(const std::string& expected, const std::string& actual);

// "killed by SIGSEGV (Segmentation fault)".
std::string signalText(int sig);
// A program killed by `sig` after printing `output`: "killed by SIGSEGV (Segmentation fault); its output
// stopped after line 12, \"...\"" (or "before it printed anything").
std::string crashReport(int sig, const std::string& output);

// A game's moves as one line `reversi replay` reads from a file: "8 f5d6c3...".
std::string replayableMoves(int size, const std::vector<Move>& moves);

}  // namespace reversi
