// `reversi perft`: the move-path counts of every depth (bitboard/perft.hpp) printed as a table with
// their time and rate, optionally checked against the lab's char-array rules.
#pragma once

#include <string>

namespace reversi {

struct PerftTableOptions {
    int size = 8;
    int depth = 9;
    std::string from;        // a start position (OBF or board text); empty: the standard start
    bool reference = false;  // count with the char-array rules instead of bitboards
    bool crossCheck = false; // count both ways and compare
};

struct PerftTableStatus {
    int exit = 0;         // 0: done, 1: a cross-check mismatch, 2: see below
    std::string error;    // --from cannot be used (one line, printable)
    int outputErrno = 0;  // standard output failed: the errno of the failed flush
};

// Prints the table on standard output (printf, flushed after every depth).
PerftTableStatus printPerftTable(const PerftTableOptions& o);

}  // namespace reversi
