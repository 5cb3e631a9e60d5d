// What grading a class costs, printed before a run and with --plan (docs/grading.md "A class beyond
// one machine"): from times measured on a 2-core machine, for a quick program and for one that uses all
// the time it is allowed.
#pragma once

#include <string>

#include "programs/grade_options.hpp"

namespace reversi {

// "900 submissions of part2 at --jobs 2: about 6 min to 15.1 h (a submission takes about 1 s, up to
// 2 min when its program uses all the time it is allowed)".
std::string costEstimate(int count, const GradeOptions& options, int jobs);

// Its parts, for other estimates (the leaderboard's, before any game is measured): seconds a game at
// size n takes between programs as quick as the course's opponents, and the seconds one side adds
// when it uses all its time on every move.
double quickGameSeconds(int n);
double sideAtLimitSeconds(int n, double timeLimit);

// A duration in words: "45 s", "12 min", "3.5 h".
std::string durationText(double seconds);

}  // namespace reversi
