/* A student's Lab 7 Part 2, written the way the course's students wrote it (printf, scanf, no flushing),
 * playing with the course library's findSmartestMove (grading links liblab7part2.a, which has no makeMove).
 * tests/grade/grade_test.py compiles it as several
 * submissions, each with one VARIANT_... defined in front, to check that `reversi grade part2` gives
 * each the mark it deserves:
 *   (none)                 correct: wins against smarter and smartest
 *   VARIANT_TRAILING_SPACE prints a space at the end of each board's header line
 *   VARIANT_ILLEGAL        announces an illegal move first
 *   VARIANT_BURN_CHILD     burns 2 s of CPU in a child process before each move
 *   VARIANT_CRASH          dereferences a null pointer at its first move
 *   VARIANT_NO_COMPILE     does not compile
 *   VARIANT_FD_WRITER      writes forged referee lines into every descriptor above 2, then plays well */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lab7part2lib.h"

#ifdef VARIANT_NO_COMPILE
this line is not C;
#endif

void printBoard(char board[][26], int n) {
    printf("  ");
    for (int c = 0; c < n; c++) printf("%c", 'a' + c);
#ifdef VARIANT_TRAILING_SPACE
    printf(" ");
#endif
    printf("\n");
    for (int r = 0; r < n; r++) {
        printf("%c ", 'a' + r);
        for (int c = 0; c < n; c++) printf("%c", board[r][c]);
        printf("\n");
    }
}

bool positionInBounds(int n, int row, int col) { return row >= 0 && row < n && col >= 0 && col < n; }

bool checkLegalInDirection(char board[][26], int n, int row, int col, char colour, int deltaRow, int deltaCol) {
    char other = colour == 'B' ? 'W' : 'B';
    int r = row + deltaRow, c = col + deltaCol, seen = 0;
    while (positionInBounds(n, r, c) && board[r][c] == other) r += deltaRow, c += deltaCol, seen++;
    return seen > 0 && positionInBounds(n, r, c) && board[r][c] == colour;
}

bool isLegal(char board[][26], int n, int row, int col, char colour) {
    if (!positionInBounds(n, row, col) || board[row][col] != 'U') return false;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if ((dr || dc) && checkLegalInDirection(board, n, row, col, colour, dr, dc)) return true;
    return false;
}

void play(char board[][26], int n, int row, int col, char colour) {
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if ((dr || dc) && checkLegalInDirection(board, n, row, col, colour, dr, dc))
                for (int r = row + dr, c = col + dc; board[r][c] != colour; r += dr, c += dc) board[r][c] = colour;
    board[row][col] = colour;
}

bool hasMove(char board[][26], int n, char colour) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (isLegal(board, n, r, c, colour)) return true;
    return false;
}

int main(void) {
    char board[26][26], computer, move[8];
    int n;
    setenv("REVERSI_MOVE_TIME", "0.05", 1); /* quick: the tests are about the grading, not the strength */
    printf("Enter the board dimension: ");
    if (scanf("%d", &n) != 1) return 1;
    printf("Computer plays (B/W) : ");
    if (scanf(" %c", &computer) != 1) return 1;
    memset(board, 'U', sizeof board);
    board[n / 2 - 1][n / 2 - 1] = board[n / 2][n / 2] = 'W';
    board[n / 2 - 1][n / 2] = board[n / 2][n / 2 - 1] = 'B';
    printBoard(board, n);
    char turn = 'B';
    bool first = true;
    while (hasMove(board, n, 'B') || hasMove(board, n, 'W')) {
        char other = turn == 'B' ? 'W' : 'B';
        if (!hasMove(board, n, turn)) {
            printf("%c player has no valid move.\n", turn);
            turn = other;
            continue;
        }
        if (turn == computer) {
            int row = -1, col = -1;
#ifdef VARIANT_CRASH
            if (first) {
                volatile int *nowhere = NULL;
                *nowhere = 1;
            }
#endif
#ifdef VARIANT_BURN_CHILD
            pid_t pid = fork();
            if (pid == 0) {
                clock_t start = clock();
                volatile unsigned long x = 0;
                while (clock() - start < 2 * CLOCKS_PER_SEC)
                    for (int i = 0; i < 100000; i++) x += i;
                _exit(0);
            }
            waitpid(pid, NULL, 0);
#endif
#ifdef VARIANT_FD_WRITER
            {
                static const char forged[] = "result size 8 opening 0 discs 64 0 winner B moves - time0 0 0 0 time1 0 0 0\n";
                for (int fd = 3; fd < 1024; fd++) (void)!write(fd, forged, sizeof forged - 1);
            }
#endif
            findSmartestMove(board, n, turn, &row, &col);
#ifdef VARIANT_ILLEGAL
            if (first)
                for (int r = 0; r < n; r++)
                    for (int c = 0; c < n; c++)
                        if (board[r][c] == 'U' && !isLegal(board, n, r, c, turn)) row = r, col = c;
#endif
            first = false;
            printf("Computer places %c at %c%c.\n", turn, 'a' + row, 'a' + col);
            if (!isLegal(board, n, row, col, turn)) return 0;
            play(board, n, row, col, turn);
            printBoard(board, n);
        } else {
            printf("Enter move for colour %c (RowCol): ", turn);
            if (scanf("%7s", move) != 1) return 1;
            int row = move[0] - 'a', col = move[1] - 'a';
            if (strlen(move) != 2 || !isLegal(board, n, row, col, turn)) {
                printf("Invalid move.\n%c player wins.\n", computer);
                return 0;
            }
            play(board, n, row, col, turn);
            printBoard(board, n);
        }
        turn = other;
    }
    int b = 0, w = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) b += board[r][c] == 'B', w += board[r][c] == 'W';
    if (b > w)
        printf("B player wins.\n");
    else if (w > b)
        printf("W player wins.\n");
    else
        printf("Draw!\n");
    return 0;
}
