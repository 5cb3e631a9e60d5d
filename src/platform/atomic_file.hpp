// Saving files so that an interrupt, a crash or a full disk never leaves half a file behind.
#pragma once

#include <string>

namespace reversi {

// Writes `text` to `path` through a temporary file in the same directory and a rename, so that a
// crash or interrupt never leaves half a file. Throws std::runtime_error on failure.
void writeFileAtomically(const std::string& path, const std::string& text);

}  // namespace reversi
