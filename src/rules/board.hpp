// The lab-facing board: a fixed char[26][26] array, exactly as the course's C programs keep it.
// Everything a student program or an auto-marker sees goes through this module; faster internal
// representations (bitboards) live behind the engine and are cross-checked against it in tests.
#pragma once

#include <iosfwd>
#include <vector>

namespace reversi {

constexpr int kMaxSize = 26;
constexpr int kMinSize = 4;

constexpr char kEmpty = 'U';
constexpr char kBlack = 'B';
constexpr char kWhite = 'W';

constexpr char opponentOf(char colour) { return colour == kBlack ? kWhite : kBlack; }
constexpr bool isColour(char c) { return c == kBlack || c == kWhite; }
constexpr bool isValidSize(int n) { return n >= kMinSize && n <= kMaxSize && n % 2 == 0; }

struct Move {
    int row = -1;
    int col = -1;
    constexpr bool isNone() const { return row < 0; }
    friend constexpr bool operator==(Move a, Move b) { return a.row == b.row && a.col == b.col; }
};
constexpr Move kNoMove{};

// The lab's two required helpers, on the raw array so that C-style callers can use them too.
bool positionInBounds(int n, int row, int col);
bool checkLegalInDirection(const char board[][kMaxSize], int n, int row, int col, char colour,
                           int deltaRow, int deltaCol);

class Board {
public:
    // An n x n board in the standard start position (n must satisfy isValidSize).
    explicit Board(int n);

    int size() const { return n_; }
    char at(int row, int col) const { return cells_[row][col]; }
    void set(int row, int col, char cell) { cells_[row][col] = cell; }
    const char (&cells() const)[kMaxSize][kMaxSize] { return cells_; }

    // Number of opponent tiles a move would flip; 0 when it is not a legal move
    // (off the board, occupied, not a colour, or flipping nothing).
    int flipCount(int row, int col, char colour) const;
    bool isLegalMove(int row, int col, char colour) const { return flipCount(row, col, colour) > 0; }
    // Legal moves in row-major order (the lab's listing order).
    std::vector<Move> legalMoves(char colour) const;
    bool hasLegalMove(char colour) const;
    bool isGameOver() const { return !hasLegalMove(kBlack) && !hasLegalMove(kWhite); }
    // Places the tile and flips every bracketed run; returns the number flipped (0: nothing changed).
    int applyMove(int row, int col, char colour);
    int count(char cell) const;

    // The lab's printBoard format: header of column letters, then "r cells" per row.
    void print(std::ostream& out) const;

    friend bool operator==(const Board& a, const Board& b);

private:
    int n_;
    char cells_[kMaxSize][kMaxSize];
};

// Row/column letter for an index, and back (-1 when the letter is not a-z).
constexpr char indexLetter(int index) { return static_cast<char>('a' + index); }
constexpr int letterIndex(char letter) { return letter >= 'a' && letter <= 'z' ? letter - 'a' : -1; }

}  // namespace reversi
