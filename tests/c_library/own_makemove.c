/* A student's program for the later years' harness: it defines its own makeMove, and also calls the
 * library's opponents. Linked with -lreversi, its makeMove must be the one used (no "multiple
 * definition"), and the opponents must still work. Prints "own makeMove used" and "all checks passed". */
#include <stdio.h>
#include <string.h>

#include "lab7part2lib.h"

static int ownCalls = 0;

/* The student's move: the first legal square, row by row. */
int makeMove(const char board[][26], int n, char turn, int *row, int *col) {
    static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    char other = turn == 'B' ? 'W' : 'B';
    ++ownCalls;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            if (board[r][c] != 'U') continue;
            for (int d = 0; d < 8; ++d) {
                int rr = r + dr[d], cc = c + dc[d], seen = 0;
                while (rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr][cc] == other) rr += dr[d], cc += dc[d], ++seen;
                if (seen && rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr][cc] == turn) {
                    *row = r;
                    *col = c;
                    return 0;
                }
            }
        }
    *row = *col = -1;
    return -1;
}

int main(void) {
    char board[26][26];
    int n = 8, row = -1, col = -1, failures = 0;
    memset(board, 'U', sizeof board);
    board[3][3] = board[4][4] = 'W';
    board[3][4] = board[4][3] = 'B';
    makeMove((const char(*)[26])board, n, 'B', &row, &col);
    if (ownCalls != 1 || row != 2 || col != 3) {
        printf("FAILED: the program's own makeMove was not the one called (%d calls, %d %d)\n", ownCalls, row, col);
        ++failures;
    } else {
        printf("own makeMove used\n");
    }
    row = col = -1;
    findSmarterMove(board, n, 'B', &row, &col);
    if (row < 0 || col < 0) ++failures, printf("FAILED: findSmarterMove\n");
    row = col = -1;
    findSmartestMove(board, n, 'W', &row, &col);
    if (row < 0 || col < 0) ++failures, printf("FAILED: findSmartestMove\n");
    if (!failures) printf("all checks passed\n");
    return failures != 0;
}
