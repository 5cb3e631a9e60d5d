// Writing to another process through a pipe. Programs are started by the sandbox (sandbox.hpp).
#pragma once

#include <string>

namespace reversi {

// Writes all of text to fd (a pipe to another process), retrying short and interrupted writes; false
// when the reader has gone (or another write error).
bool writeAll(int fd, const std::string& text);

}  // namespace reversi
