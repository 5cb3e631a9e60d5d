// Reading a line of input in bounded memory: a peer that never sends a newline (or sends gigabytes
// on one line) cannot make the program grow without limit.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace reversi {

// Reads the next line into `line` (without the '\n' and a trailing '\r'), keeping at most `maxKept`
// characters; the rest of an over-long line is read and dropped. False at end of input with nothing read.
bool readBoundedLine(std::istream& in, std::string& line, std::size_t maxKept);

}  // namespace reversi
