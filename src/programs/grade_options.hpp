// What a grading run is asked for (`reversi grade`'s options): the lab, the hidden cases' seed and
// count, the games' sizes and limits, where results go, and the sandbox's limits for submissions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "platform/sandbox.hpp"
#include "programs/grade_cases.hpp"

namespace reversi {

struct GradeOptions {
    GradedLab lab = GradedLab::kPart2;
    std::uint64_t seed = 1;
    int cases = 24;                  // Lab 6 and Part 1
    std::vector<int> sizes{8};       // Part 2
    double timeLimit = 1.0;          // Part 2: CPU seconds per move (the course's rule)
    double caseCpuLimit = 10;        // Lab 6 and Part 1: CPU seconds per case (the whole process tree)
    double caseWallLimit = 30;       // and wall-clock seconds per case
    Edition edition = Edition::k2018;
    std::string outDir = "grades";   // detail files, results, compiled programs
    std::string cLibraryDir;         // holds libreversi.a and lab7part2lib.h for Part 2 sources ("" : none)
    // Part 2: run the program with its standard output unbuffered (coreutils' libstdbuf, as `stdbuf -o0`),
    // so that a program that never flushes still shows each prompt before it waits, as at a terminal.
    bool unbuffered = true;
    SandboxLimits limits;
    std::string runAs = "auto";
};

}  // namespace reversi
