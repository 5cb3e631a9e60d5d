/* A student's Lab 7 Part 1 (the greedy computer), as the course's students wrote it, for
 * tests/grade/grade_test.py: correct, or with VARIANT_TRAILING_SPACE a space after each board row. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void printBoard(char board[][26], int n) {
    printf("  ");
    for (int c = 0; c < n; c++) printf("%c", 'a' + c);
    printf("\n");
    for (int r = 0; r < n; r++) {
        printf("%c ", 'a' + r);
        for (int c = 0; c < n; c++) printf("%c", board[r][c]);
#ifdef VARIANT_TRAILING_SPACE
        printf(" ");
#endif
        printf("\n");
    }
}

bool positionInBounds(int n, int row, int col) { return row >= 0 && row < n && col >= 0 && col < n; }

int flipsInDirection(char board[][26], int n, int row, int col, char colour, int dr, int dc) {
    char other = colour == 'B' ? 'W' : 'B';
    int r = row + dr, c = col + dc, seen = 0;
    while (positionInBounds(n, r, c) && board[r][c] == other) r += dr, c += dc, seen++;
    return seen > 0 && positionInBounds(n, r, c) && board[r][c] == colour ? seen : 0;
}

int flips(char board[][26], int n, int row, int col, char colour) {
    if (!positionInBounds(n, row, col) || board[row][col] != 'U') return 0;
    int total = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if (dr || dc) total += flipsInDirection(board, n, row, col, colour, dr, dc);
    return total;
}

void play(char board[][26], int n, int row, int col, char colour) {
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if ((dr || dc) && flipsInDirection(board, n, row, col, colour, dr, dc))
                for (int r = row + dr, c = col + dc; board[r][c] != colour; r += dr, c += dc) board[r][c] = colour;
    board[row][col] = colour;
}

bool hasMove(char board[][26], int n, char colour) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (flips(board, n, r, c, colour)) return true;
    return false;
}

int main(void) {
    char board[26][26], computer, move[8];
    int n;
    printf("Enter the board dimension: ");
    if (scanf("%d", &n) != 1) return 1;
    printf("Computer plays (B/W) : ");
    if (scanf(" %c", &computer) != 1) return 1;
    memset(board, 'U', sizeof board);
    board[n / 2 - 1][n / 2 - 1] = board[n / 2][n / 2] = 'W';
    board[n / 2 - 1][n / 2] = board[n / 2][n / 2 - 1] = 'B';
    printBoard(board, n);
    char turn = 'B';
    while (hasMove(board, n, 'B') || hasMove(board, n, 'W')) {
        char other = turn == 'B' ? 'W' : 'B';
        if (!hasMove(board, n, turn)) {
            printf("%c player has no valid move.\n", turn);
            turn = other;
            continue;
        }
        if (turn == computer) {
            int best = 0, row = -1, col = -1;
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++)
                    if (flips(board, n, r, c, turn) > best) best = flips(board, n, r, c, turn), row = r, col = c;
            printf("Computer places %c at %c%c.\n", turn, 'a' + row, 'a' + col);
            play(board, n, row, col, turn);
        } else {
            printf("Enter move for colour %c (RowCol): ", turn);
            if (scanf("%7s", move) != 1) return 1;
            int row = move[0] - 'a', col = move[1] - 'a';
            if (strlen(move) != 2 || !flips(board, n, row, col, turn)) {
                printf("Invalid move.\n%c player wins.\n", computer);
                return 0;
            }
            play(board, n, row, col, turn);
        }
        printBoard(board, n);
        turn = other;
    }
    int b = 0, w = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) b += board[r][c] == 'B', w += board[r][c] == 'W';
    printf(b > w ? "B player wins.\n" : w > b ? "W player wins.\n" : "Draw!\n");
    return 0;
}
