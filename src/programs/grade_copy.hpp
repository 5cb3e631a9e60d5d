// Taking a submission in: its files are copied into a private directory of the grader's before anything
// is compiled or run, each opened without following a link (O_NOFOLLOW) and accepted only as a regular
// file, so that a symlink to a file the students may not read (the grader runs as root) is refused,
// never read, compiled or quoted in a grade. Git-based submission systems keep symlinks.
#pragma once

#include <sys/types.h>

#include <string>

namespace reversi {

// Copies the regular files directly in `source` into `target` (made afresh with mode `dirMode`; each
// file 0600, or 0700 when it was executable, less what `dirMode` withholds from the group). Returns ""
// when every entry was copied, or why the submission is refused ("Lab7Part2.c is a symbolic link; ...")
// for a symlink, a device, a FIFO, a socket or an unreadable file; subdirectories are not copied.
std::string copySubmission(const std::string& source, const std::string& target, mode_t dirMode);

}  // namespace reversi
