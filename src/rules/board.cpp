#include "rules/board.hpp"

#include <ostream>
#include <string>

namespace reversi {

namespace {
constexpr int kDirections[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                                   {0, 1},   {1, -1}, {1, 0},  {1, 1}};

// Length of the opponent run from (row, col) in one direction that ends on a `colour` tile; 0 if none.
int bracketedRun(const char board[][kMaxSize], int n, int row, int col, char colour, int dr, int dc) {
    const char other = opponentOf(colour);
    int r = row + dr;
    int c = col + dc;
    int run = 0;
    while (positionInBounds(n, r, c) && board[r][c] == other) {
        ++run;
        r += dr;
        c += dc;
    }
    return run > 0 && positionInBounds(n, r, c) && board[r][c] == colour ? run : 0;
}
}  // namespace

bool positionInBounds(int n, int row, int col) { return row >= 0 && row < n && col >= 0 && col < n; }

bool checkLegalInDirection(const char board[][kMaxSize], int n, int row, int col, char colour,
                           int deltaRow, int deltaCol) {
    if (!isColour(colour) || (deltaRow == 0 && deltaCol == 0)) return false;
    return bracketedRun(board, n, row, col, colour, deltaRow, deltaCol) > 0;
}

Board::Board(int n) : n_(n) {
    for (auto& row : cells_)
        for (char& cell : row) cell = kEmpty;
    const int h = n / 2;
    cells_[h - 1][h - 1] = kWhite;
    cells_[h][h] = kWhite;
    cells_[h - 1][h] = kBlack;
    cells_[h][h - 1] = kBlack;
}

int Board::flipCount(int row, int col, char colour) const {
    if (!isColour(colour) || !positionInBounds(n_, row, col) || cells_[row][col] != kEmpty) return 0;
    int flips = 0;
    for (const auto& d : kDirections) flips += bracketedRun(cells_, n_, row, col, colour, d[0], d[1]);
    return flips;
}

std::vector<Move> Board::legalMoves(char colour) const {
    std::vector<Move> moves;
    for (int r = 0; r < n_; ++r)
        for (int c = 0; c < n_; ++c)
            if (isLegalMove(r, c, colour)) moves.push_back({r, c});
    return moves;
}

bool Board::hasLegalMove(char colour) const {
    for (int r = 0; r < n_; ++r)
        for (int c = 0; c < n_; ++c)
            if (isLegalMove(r, c, colour)) return true;
    return false;
}

int Board::applyMove(int row, int col, char colour) {
    if (flipCount(row, col, colour) == 0) return 0;
    int flips = 0;
    for (const auto& d : kDirections) {
        const int run = bracketedRun(cells_, n_, row, col, colour, d[0], d[1]);
        for (int i = 1; i <= run; ++i) cells_[row + i * d[0]][col + i * d[1]] = colour;
        flips += run;
    }
    cells_[row][col] = colour;
    return flips;
}

int Board::count(char cell) const {
    int total = 0;
    for (int r = 0; r < n_; ++r)
        for (int c = 0; c < n_; ++c) total += cells_[r][c] == cell;
    return total;
}

void Board::print(std::ostream& out) const {
    std::string text = "  ";
    for (int c = 0; c < n_; ++c) text += indexLetter(c);
    text += '\n';
    for (int r = 0; r < n_; ++r) {
        text += indexLetter(r);
        text += ' ';
        text.append(cells_[r], cells_[r] + n_);
        text += '\n';
    }
    out << text;
}

bool operator==(const Board& a, const Board& b) {
    if (a.n_ != b.n_) return false;
    for (int r = 0; r < a.n_; ++r)
        for (int c = 0; c < a.n_; ++c)
            if (a.cells_[r][c] != b.cells_[r][c]) return false;
    return true;
}

}  // namespace reversi
