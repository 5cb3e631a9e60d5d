// A grading run's private temporary directory, $TMPDIR/reversi-grade-XXXXXX (0711: sandboxed programs
// pass through it to their own working directories, no one can list it). It is TMPDIR for the run, so
// every sandbox's working directory and captured standard error are made inside it; it is removed at
// the end, and by an interrupt (SIGINT, SIGTERM, SIGHUP: platform/interrupt.hpp) with everything in it,
// so that a killed run leaves nothing in /tmp.
#pragma once

#include <string>

namespace reversi {

class GradeWorkspace {
public:
    GradeWorkspace();   // throws std::runtime_error when it cannot be made
    ~GradeWorkspace();  // removes it and restores TMPDIR
    GradeWorkspace(const GradeWorkspace&) = delete;
    GradeWorkspace& operator=(const GradeWorkspace&) = delete;

private:
    std::string dir_;
    std::string previous_;  // TMPDIR before
    bool hadPrevious_ = false;
};

}  // namespace reversi
