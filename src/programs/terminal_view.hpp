// The board as a person sees it at a terminal: column letters above and below, row numbers on the
// left (Othello notation) and row letters on the right (the lab's rc form), the last move marked,
// legal moves shown on request, and the disc counts with whose turn it is.
//
// Plain text (no escape codes) uses X for Black, O for White, '.' for empty squares, '*' for legal
// moves and brackets around the last move. With colours, the board is green, the discs are drawn in
// black and white (Unicode discs when the terminal's locale is UTF-8) and the last move is highlighted.
#pragma once

#include <string>
#include <vector>

#include "rules/board.hpp"

namespace reversi {

struct ViewOptions {
    bool color = false;    // ANSI colours and attributes
    bool unicode = false;  // Unicode discs (only used with colour)
};

// True when `fd` is a terminal.
bool isTerminal(int fd);
// True when the locale environment (LC_ALL, LC_CTYPE, LANG) names UTF-8.
bool localeIsUtf8();

// The board, one line per row, each ending in '\n'. `lastMove` may be kNoMove; `legal` may be empty.
std::string renderBoard(const Board& board, const ViewOptions& view, Move lastMove = kNoMove,
                        const std::vector<Move>& legal = {});

// "Black X  Alice     2    White O  part2     2" style line with an arrow at the side to move
// (toMove 0: none, the game is over).
std::string renderScoreLine(const Board& board, const ViewOptions& view, const std::string& blackLabel,
                            const std::string& whiteLabel, char toMove);

// The disc glyph for a colour as drawn on the board, with its colour codes when enabled.
std::string discGlyph(char colour, const ViewOptions& view);

// Wraps text in an SGR attribute ("1" bold, "31" red, ...) when colours are on.
std::string styled(const std::string& text, const char* sgr, const ViewOptions& view);

// Clears the screen and homes the cursor (colours on only; empty otherwise).
std::string clearScreen(const ViewOptions& view);

}  // namespace reversi
