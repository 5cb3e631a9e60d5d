// The course's graded library for Part 2 sources (docs/c-library.md): liblab7part2.a and its header
// lab7part2lib.h, which declare the course's two opponents and nothing else. `reversi grade part2`
// links every Part 2 source against it and refuses to grade without it.
#pragma once

#include <string>

namespace reversi {

inline constexpr const char* kCourseArchive = "liblab7part2.a";
inline constexpr const char* kCourseHeader = "lab7part2lib.h";

// True when `dir` holds both files.
bool holdsCourseLibrary(const std::string& dir);

// The directory of the course library: `given` (--c-library) when not empty, else the first of
// EXE_DIR/course/ (a build tree) and EXE_DIR/../lib/reversi/ (installed) that holds it, EXE_DIR being the
// running executable's. Throws std::invalid_argument, saying where it looked, when none does.
std::string findCourseLibrary(const std::string& given);

}  // namespace reversi
