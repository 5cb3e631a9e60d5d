// Game records for people: reading a typed move in either notation, the compact move list
// ("8 f5d6c3..."), saving and loading games, and replaying a move list with the passes put back.
//
// Notations (both unambiguous by whether the second character is a digit):
//   lab "rc"   two letters, row then column: "ef" is row e, column f
//   Othello    column letter, then the 1-based row number: "f5" is column f, row 5 (= row e)
// Saved games: '#' comment lines, then either "size N" and the moves, or the compact "N f5d6c3...";
// moves in either notation, separated or not; passes are implicit.
#pragma once

#include "platform/atomic_file.hpp"
#include "platform/text_file.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/board.hpp"
#include "rules/notation.hpp"

namespace reversi {

// One typed move. On failure `move` is kNoMove and `error` says why, in words for a person.
struct ParsedMove {
    Move move = kNoMove;
    std::string error;
    bool ok() const { return error.empty(); }
};
// Parses a move in either notation on an n x n board (letters in either case). Only checks the
// square is on the board, not that the move is legal.
ParsedMove parseMoveText(std::string_view text, int n);

// "8 f5d6c3...": the size and the compact move list on one line.
std::string compactRecord(int size, const std::vector<Move>& moves);

struct RecordedGame {
    int size = 8;
    std::vector<Move> moves;       // in order; passes are implicit
    std::vector<std::string> comments;  // the '#' lines (without the '#'), for information only
};

// The text of a saved game: `comments` as '#' lines, then the compact record line.
std::string formatRecordedGame(const RecordedGame& game);
// A text that is not a game record: the message says why (with the offending move's number), `line`
// is the line of the text where it is.
struct RecordError : std::invalid_argument {
    RecordError(int lineNumber, const std::string& message) : std::invalid_argument(message), line(lineNumber) {}
    int line;
};

// Parses a saved game (see the top of this file); throws RecordError when the text is not a game
// record. A UTF-8 byte order mark at the start is skipped. Does not check legality: replayGame does.
RecordedGame parseRecordedGame(const std::string& text);

// The limits of a saved game's file: lines of 16 KiB, 1 MiB in all.
inline constexpr TextLimits kRecordFileLimits{16384, std::size_t{1} << 20};

// Reads and parses a file; throws std::runtime_error for a file that cannot be read or is beyond
// kRecordFileLimits ("cannot open PATH: REASON", "PATH is a directory", "PATH:3: a line longer than
// 16384 characters"), RecordError for its contents ("PATH:2: move 3: ...").
RecordedGame loadRecordedGame(const std::string& path);

// One move of a replayed game.
struct ReplayStep {
    Move move = kNoMove;
    char colour = kBlack;  // who played it
    int flipped = 0;
    bool passedBefore = false;  // the other side had no move and passed just before this move
    Board after{8};
};
struct Replay {
    Board start{8};
    std::vector<ReplayStep> steps;
    char toMove = kBlack;       // side to move after the last step (meaningless when finished)
    bool finished = false;      // neither side can move
};
// Replays `moves` from the standard start position, inserting a pass whenever the side to move has
// no legal move. Throws std::invalid_argument naming the move ("move 12 (c4) is illegal for White")
// when a move is illegal or is played after the game has ended.
Replay replayGame(int size, const std::vector<Move>& moves);

// "Black"/"White" for 'B'/'W'.
const char* colourName(char colour);

}  // namespace reversi
