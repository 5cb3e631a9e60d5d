// Positions as text: one position per line, in either of two formats.
//
//   OBF (8x8 only, the format of Othello engines and the FFO test suite):
//     64 squares from a1 row by row (a1..h1, a2..h2, ...: a1 is the top-left square), each X (black),
//     O (white) or - (empty); a space; the side to move X or O; optionally "; comment". In the comment,
//     annotations "A2:+38" give a move's exact score (as in the fforum-*.obf files).
//   The project's board text (every size 4..26):
//     n*n squares row by row, each B (black), W (white) or U (empty), as the lab programs print
//     them; a space; the side to move B or W; optionally "; comment".
//
// Squares are named the Othello way: column letter then row number, "d3" = column d, row 3 =
// Move{row 2, col 3} (the lab programs' "cd" is row c, column d). A pass is "pa" / "PA".
#pragma once

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "platform/text_file.hpp"
#include "rules/board.hpp"

namespace reversi {

struct PositionError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The limits of a position file: lines of 4096 characters, 16 MiB.
inline constexpr TextLimits kPositionFileLimits{4096, std::size_t{16} << 20};

struct MoveScore {
    Move move;
    int score = 0;
};

struct TextPosition {
    Board board{8};
    char toMove = kBlack;
    std::string comment;                 // text after ';' (trimmed)
    std::vector<MoveScore> annotations;  // "A2:+38" entries of the comment, in order
    // Best annotated score, if any annotation exists.
    bool hasBestScore() const { return !annotations.empty(); }
    int bestScore() const;
};

// Parses one line (OBF or board text; told apart by the characters used). Throws PositionError with
// a message saying what is wrong.
TextPosition parsePosition(std::string_view line);

// Every position of a file: blank lines and lines starting with '#' or '%' are skipped. Errors name
// the source and the line number. Bounded (kPositionFileLimits): a line of at most 4096 characters (a
// 26x26 board text and its comment), 16 MiB in all; a directory or a file that cannot be opened is a
// PositionError too ("DIR is a directory", "cannot open PATH: No such file or directory").
std::vector<TextPosition> readPositions(std::istream& in, const std::string& sourceName);
std::vector<TextPosition> readPositionFile(const std::string& path);

// OBF text of an 8x8 position (throws PositionError for another size).
std::string toObf(const Board& board, char toMove);
// The project's one-line board text (any size).
std::string toBoardText(const Board& board, char toMove);

// "d3" for Move{2, 3}; "pa" for kNoMove.
std::string squareName(Move move);
// Parses "d3" / "D3" (any size up to 26: "z26"); kNoMove with ok = false when malformed or off an
// n x n board. "pa"/"pass" gives kNoMove with ok = true and isPass = true.
struct ParsedSquare {
    Move move = kNoMove;
    bool ok = false;
    bool isPass = false;
};
ParsedSquare parseSquare(std::string_view text, int n);

}  // namespace reversi
