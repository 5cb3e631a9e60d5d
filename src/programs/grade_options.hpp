// What a grading run is asked for (`reversi grade`'s options): the lab, the hidden cases' seed and
// count, the games' sizes and limits, where results go, and the sandbox's limits for submissions.
#pragma once

#include <sys/types.h>

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
    std::string cLibraryDir;         // the course's liblab7part2.a and lab7part2lib.h, for Part 2 sources
    bool sourcesOnly = false;        // refuse executables: grade C sources only
    // Run the program with its standard output unbuffered (coreutils' libstdbuf, as `stdbuf -o0`), as at a
    // terminal: a Part 2 program that never flushes still shows each prompt before it waits, and a
    // program that crashes keeps what it printed before (`--keep-buffering` turns it off).
    bool unbuffered = true;
    SandboxLimits limits;
    std::string runAs = "auto";
    // Marks, detail files, results and compiled programs are the grader's alone (0600 files, 0700
    // directories) unless the grader shares them with the group (0640, 0750): `--group-readable`.
    bool groupReadable = false;
    // The detail file shows a failed case's whole input (by default its kind, size and first difference
    // only, so that hidden cases stay hidden across resubmissions).
    bool feedbackInputs = false;

    mode_t fileMode() const { return groupReadable ? 0640 : 0600; }
    mode_t dirMode() const { return groupReadable ? 0750 : 0700; }
};

}  // namespace reversi
