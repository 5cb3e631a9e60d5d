/* A student's Lab 6, as the course's students wrote it, for tests/grade/grade_test.py: correct, or
 * with VARIANT_WRONG_ORDER listing Black's moves before White's. */
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
        printf("\n");
    }
}

bool positionInBounds(int n, int row, int col) { return row >= 0 && row < n && col >= 0 && col < n; }

bool checkLegalInDirection(char board[][26], int n, int row, int col, char colour, int dr, int dc) {
    char other = colour == 'B' ? 'W' : 'B';
    int r = row + dr, c = col + dc, seen = 0;
    while (positionInBounds(n, r, c) && board[r][c] == other) r += dr, c += dc, seen++;
    return seen > 0 && positionInBounds(n, r, c) && board[r][c] == colour;
}

bool isLegal(char board[][26], int n, int row, int col, char colour) {
    if (!positionInBounds(n, row, col) || board[row][col] != 'U') return false;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if ((dr || dc) && checkLegalInDirection(board, n, row, col, colour, dr, dc)) return true;
    return false;
}

void listMoves(char board[][26], int n, char colour) {
    printf("Available moves for %c:\n", colour);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (isLegal(board, n, r, c, colour)) printf("%c%c\n", 'a' + r, 'a' + c);
}

int main(void) {
    char board[26][26], entry[8];
    int n;
    printf("Enter the board dimension: ");
    if (scanf("%d", &n) != 1) return 1;
    memset(board, 'U', sizeof board);
    board[n / 2 - 1][n / 2 - 1] = board[n / 2][n / 2] = 'W';
    board[n / 2 - 1][n / 2] = board[n / 2][n / 2 - 1] = 'B';
    printBoard(board, n);
    printf("Enter board configuration:\n");
    while (scanf("%7s", entry) == 1 && strcmp(entry, "!!!") != 0) board[entry[1] - 'a'][entry[2] - 'a'] = entry[0];
    printBoard(board, n);
#ifdef VARIANT_WRONG_ORDER
    listMoves(board, n, 'B');
    listMoves(board, n, 'W');
#else
    listMoves(board, n, 'W');
    listMoves(board, n, 'B');
#endif
    printf("Enter a move:\n");
    if (scanf("%7s", entry) != 1) return 1;
    int row = entry[1] - 'a', col = entry[2] - 'a';
    if (isLegal(board, n, row, col, entry[0])) {
        printf("Valid move.\n");
        char colour = entry[0];
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++)
                if ((dr || dc) && checkLegalInDirection(board, n, row, col, colour, dr, dc))
                    for (int r = row + dr, c = col + dc; board[r][c] != colour; r += dr, c += dc) board[r][c] = colour;
        board[row][col] = colour;
    } else {
        printf("Invalid move.\n");
    }
    printBoard(board, n);
    return 0;
}
