// The hidden test cases of `reversi grade` for Lab 6 and Part 1 (docs/grading.md): generated from a seed,
// so that every grader with the same seed gets the same cases, with the expected output produced by
// this project's own lab programs (programs/lab_programs.hpp), byte for byte.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "programs/lab_programs.hpp"

namespace reversi {

enum class GradedLab { kLab6, kPart1, kPart2 };

// "lab6", "part1", "part2"; and back (throws std::invalid_argument for anything else).
const char* labName(GradedLab lab);
GradedLab parseLabName(const std::string& name);
// The executable a submission of this lab may hold instead of a source: lab6, lab7part1, lab7part2.
const char* labProgramName(GradedLab lab);

struct LabCase {
    std::string description;  // "12x12, computer W, 2 passes, ends with an invalid move"
    std::string input;        // standard input, whole
    std::string expected;     // standard output, exactly
};

// `count` cases for Lab 6 or Part 1 (not Part 2, which is graded by games). Sizes go round 4, 6, ...,
// 26, so 12 cases or more cover every size, and Part 1's computer plays each colour at each size
// within 24. Lab 6: random configurations (entries that overwrite one another included) and a move
// that is legal about half the time. Part 1: whole games in which the person plays random legal moves;
// every third case ends with an invalid move (a taken square, a square that flips nothing, or a square
// off the board), and every fourth has at least one pass.
std::vector<LabCase> hiddenCases(GradedLab lab, std::uint64_t seed, int count, Edition edition = Edition::k2018);

}  // namespace reversi
