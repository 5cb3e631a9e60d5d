/* The C library's self-test (not a lab program: it plays no game on standard input and output), built
 * against libreversi as a student's program would be:  gcc c_library_self_test.c -L. -lreversi
 *
 * It plays our engine (makeMove) against the "smartest" reference opponent (findSmartestMove) on an
 * 8x8 board, checking each move itself, then checks that bad arguments are refused.
 * Usage: c_library_self_test [n]   (an even board size, 8 by default). Exits 0 when everything held. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab7part2lib.h"

static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

static int flip(char board[][26], int n, int row, int col, char colour, int apply) {
    char other = colour == 'B' ? 'W' : 'B';
    int total = 0;
    if (row < 0 || row >= n || col < 0 || col >= n || board[row][col] != 'U') return 0;
    for (int d = 0; d < 8; d++) {
        int r = row + dr[d], c = col + dc[d], run = 0;
        while (r >= 0 && r < n && c >= 0 && c < n && board[r][c] == other) {
            r += dr[d];
            c += dc[d];
            run++;
        }
        if (run > 0 && r >= 0 && r < n && c >= 0 && c < n && board[r][c] == colour) {
            total += run;
            if (apply)
                for (int i = 1; i <= run; i++) board[row + i * dr[d]][col + i * dc[d]] = colour;
        }
    }
    if (apply && total > 0) board[row][col] = colour;
    return total;
}

static int hasMove(char board[][26], int n, char colour) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (flip(board, n, r, c, colour, 0)) return 1;
    return 0;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    char board[26][26], saved[26][26];
    int row, col, failures = 0;
    char turn = 'B';

    memset(board, 'U', sizeof board);
    board[n / 2 - 1][n / 2 - 1] = board[n / 2][n / 2] = 'W';
    board[n / 2 - 1][n / 2] = board[n / 2][n / 2 - 1] = 'B';

    while (hasMove(board, n, 'B') || hasMove(board, n, 'W')) {
        if (!hasMove(board, n, turn)) {
            printf("%c player has no valid move.\n", turn);
            turn = turn == 'B' ? 'W' : 'B';
            continue;
        }
        memcpy(saved, board, sizeof board);
        if (turn == 'B') {
            if (makeMove((const char(*)[26])board, n, turn, &row, &col) != 0) failures++;
        } else {
            findSmartestMove(board, n, turn, &row, &col);
        }
        if (memcmp(saved, board, sizeof board) != 0) {
            printf("the library changed the board\n");
            failures++;
        }
        printf("Testing AI move (row, col): %c%c\n", row + 'a', col + 'a');
        if (!flip(board, n, row, col, turn, 1)) {
            printf("illegal move for %c\n", turn);
            return 1;
        }
        turn = turn == 'B' ? 'W' : 'B';
    }
    {
        int black = 0, white = 0;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                black += board[r][c] == 'B';
                white += board[r][c] == 'W';
            }
        printf("makeMove (B) %d - %d findSmartestMove (W)\n", black, white);
    }

    /* The reference opponents on the start position, as the handout's test harness printed them. */
    memset(board, 'U', sizeof board);
    board[3][3] = board[4][4] = 'W';
    board[3][4] = board[4][3] = 'B';
    findSmarterMove(board, 8, 'B', &row, &col);
    printf("smarter: %c%c\n", row + 'a', col + 'a');
    findSmartestMove(board, 8, 'B', &row, &col);
    printf("smartest: %c%c\n", row + 'a', col + 'a');

    /* Bad arguments are refused, never undefined behaviour. */
    if (findSmarterMove(board, 5, 'B', &row, &col) != REVERSI_BAD_ARGUMENT || row != -1) failures++;
    if (findSmarterMove(board, 28, 'B', &row, &col) != REVERSI_BAD_ARGUMENT) failures++;
    if (findSmartestMove(board, 8, 'X', &row, &col) != REVERSI_BAD_ARGUMENT) failures++;
    if (makeMove((const char(*)[26])board, -2, 'W', &row, &col) != REVERSI_BAD_ARGUMENT) failures++;
    if (findSmartestMove(board, 8, 'B', NULL, &col) != REVERSI_BAD_ARGUMENT) failures++;
    board[0][0] = 'x';
    if (findSmarterMove(board, 8, 'B', &row, &col) != REVERSI_BAD_ARGUMENT) failures++;
    memset(board, 'B', sizeof board);
    if (findSmartestMove(board, 4, 'W', &row, &col) != REVERSI_NO_MOVE) failures++;
    printf(failures ? "FAILED: %d checks\n" : "all checks passed\n", failures);
    return failures ? 1 : 0;
}
