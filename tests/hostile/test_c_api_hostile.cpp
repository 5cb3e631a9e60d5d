// The C library with bad arguments: out-of-range n, bad colours, bad board characters and null
// pointers are rejected with REVERSI_BAD_ARGUMENT (and *row = *col = -1), the board is never changed,
// and nothing outside the n x n corner of the array is read (the sanitizer build checks that).
#include <catch2/catch.hpp>

#include <climits>
#include <cstring>

#include "rules/board.hpp"
#include "reversi_c/lab7part2lib.h"

namespace {

using Fn = int (*)(char[][26], int, char, int*, int*);
int makeMoveMutable(char board[][26], int n, char colour, int* row, int* col) {
    return makeMove(board, n, colour, row, col);
}
const Fn kFunctions[] = {findSmarterMove, findSmartestMove, makeMoveMutable};

void startBoard(char board[26][26], int n) {
    std::memset(board, 'U', 26 * 26);
    const int h = n / 2;
    board[h - 1][h - 1] = board[h][h] = 'W';
    board[h - 1][h] = board[h][h - 1] = 'B';
}

void expectRejected(Fn fn, char board[26][26], int n, char colour, bool nullRow = false, bool nullCol = false) {
    char before[26][26];
    std::memcpy(before, board, sizeof before);
    int row = 5, col = 5;
    const int result = fn(board, n, colour, nullRow ? nullptr : &row, nullCol ? nullptr : &col);
    CHECK(result == REVERSI_BAD_ARGUMENT);
    if (!nullRow) CHECK(row == -1);
    if (!nullCol) CHECK(col == -1);
    CHECK(std::memcmp(before, board, sizeof before) == 0);
}

}  // namespace

TEST_CASE("C library: n out of range", "[c-api]") {
    setenv("REVERSI_MOVE_TIME", "0.01", 1);
    char board[26][26];
    startBoard(board, 8);
    for (Fn fn : kFunctions)
        for (int n : {INT_MIN, -8, -1, 0, 1, 2, 3, 5, 7, 25, 27, 28, 64, 1000, INT_MAX}) {
            INFO("n = " << n);
            expectRejected(fn, board, n, 'B');
        }
}

TEST_CASE("C library: bad colours", "[c-api]") {
    char board[26][26];
    startBoard(board, 8);
    for (Fn fn : kFunctions)
        for (char colour : {'U', 'b', 'w', 'X', 'O', '\0', ' ', '\x80', '\xff'}) {
            INFO("colour = " << static_cast<int>(colour));
            expectRejected(fn, board, 8, colour);
        }
}

TEST_CASE("C library: bad board characters, anywhere on the board", "[c-api]") {
    for (Fn fn : kFunctions)
        for (int n : {4, 8, 26})
            for (char bad : {'u', 'b', '.', '\0', '\x80', '\xff', 'X'}) {
                for (int at : {0, n - 1, (n - 1) * 26, (n - 1) * 26 + n - 1}) {
                    char board[26][26];
                    startBoard(board, n);
                    board[at / 26][at % 26] = bad;
                    INFO("n = " << n << ", cell " << at << " = " << static_cast<int>(bad));
                    expectRejected(fn, board, n, 'B');
                }
            }
}

TEST_CASE("C library: garbage outside the n x n corner is ignored", "[c-api]") {
    for (Fn fn : kFunctions) {
        char board[26][26];
        std::memset(board, '\xff', sizeof board);
        for (int r = 0; r < 6; ++r) std::memset(board[r], 'U', 6);
        board[2][2] = board[3][3] = 'W';
        board[2][3] = board[3][2] = 'B';
        int row = -7, col = -7;
        const int result = fn(board, 6, 'B', &row, &col);
        CHECK(result != REVERSI_BAD_ARGUMENT);
        reversi::Board b(6);
        CHECK(b.isLegalMove(row, col, 'B'));
    }
}

TEST_CASE("C library: null pointers", "[c-api]") {
    char board[26][26];
    startBoard(board, 8);
    for (Fn fn : kFunctions) {
        expectRejected(fn, board, 8, 'B', true, false);
        expectRejected(fn, board, 8, 'B', false, true);
        expectRejected(fn, board, 8, 'B', true, true);
        int row = 1, col = 1;
        CHECK(fn(nullptr, 8, 'B', &row, &col) == REVERSI_BAD_ARGUMENT);
        CHECK((row == -1 && col == -1));
    }
}

TEST_CASE("C library: no legal move", "[c-api]") {
    for (Fn fn : kFunctions) {
        char board[26][26];
        std::memset(board, 'B', sizeof board);  // full board: nobody can move
        int row = 3, col = 3;
        CHECK(fn(board, 4, 'W', &row, &col) == REVERSI_NO_MOVE);
        CHECK((row == -1 && col == -1));
    }
}
