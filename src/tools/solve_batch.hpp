// `reversi solve`: the exact solve of every position of a file (the FFO test suites), one line per
// position and a summary line ("N positions, N nodes, ..., N mismatches": the figures benchmarks
// record), on one thread or several, each with its own transposition table.
#pragma once

#include <string>

namespace reversi {

struct SolveBatchOptions {
    std::string file;
    int jobs = 1;
    bool check = false;    // compare with the file's annotations ("A2:+38")
    int first = 1;         // first position solved (1-based)
    int last = 0;          // last position solved (0: the file's last)
    int tableBits = 21;    // log2 of each job's 8x8 table entries
    int firstNumber = 1;   // number shown for the file's first position
};

struct SolveBatchStatus {
    int exit = 0;         // 0: every position solved (and checked), 1: a mismatch, 2: see below
    std::string error;    // a file or selection that cannot be used (one line, printable)
    int outputErrno = 0;  // standard output failed: the errno of the failed flush
};

// Solves the selected positions, printing on standard output (printf, flushed after every line).
SolveBatchStatus solvePositionFile(const SolveBatchOptions& o);

}  // namespace reversi
