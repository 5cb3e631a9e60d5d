/* Every function of the library called from several threads at once: each thread plays its own
 * games, makeMove against findSmartestMove or findSmarterMove, on its own board size, and checks every
 * move against its own copy of the rules. Prints "all checks passed" (exit status 0) or the first
 * failure. Run with REVERSI_MOVE_TIME set low: the checks are about safety, not strength. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "lab7part2lib.h"

#define THREADS 4

static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

static int flips(char b[][26], int n, int r, int c, char col, int apply) {
    char other = col == 'B' ? 'W' : 'B';
    int total = 0;
    if (r < 0 || c < 0 || r >= n || c >= n || b[r][c] != 'U') return 0;
    for (int d = 0; d < 8; ++d) {
        int rr = r + dr[d], cc = c + dc[d], seen = 0;
        while (rr >= 0 && rr < n && cc >= 0 && cc < n && b[rr][cc] == other) rr += dr[d], cc += dc[d], ++seen;
        if (seen && rr >= 0 && rr < n && cc >= 0 && cc < n && b[rr][cc] == col) {
            total += seen;
            if (apply)
                for (int k = 1; k <= seen; ++k) b[r + k * dr[d]][c + k * dc[d]] = col;
        }
    }
    if (apply && total) b[r][c] = col;
    return total;
}

static int hasMove(char b[][26], int n, char col) {
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            if (flips(b, n, r, c, col, 0)) return 1;
    return 0;
}

static void *play(void *arg) {
    long id = (long)arg;
    int n = 6 + 2 * (int)(id % 3);
    for (int game = 0; game < 2; ++game) {
        char b[26][26];
        char turn = 'B', engine = game % 2 ? 'W' : 'B';
        memset(b, 'U', sizeof b);
        b[n / 2 - 1][n / 2 - 1] = b[n / 2][n / 2] = 'W';
        b[n / 2 - 1][n / 2] = b[n / 2][n / 2 - 1] = 'B';
        while (hasMove(b, n, 'B') || hasMove(b, n, 'W')) {
            int row = -1, col = -1;
            if (!hasMove(b, n, turn)) {
                turn = turn == 'B' ? 'W' : 'B';
                continue;
            }
            if (turn == engine)
                makeMove((const char(*)[26])b, n, turn, &row, &col);
            else if (id % 2)
                findSmartestMove(b, n, turn, &row, &col);
            else
                findSmarterMove(b, n, turn, &row, &col);
            if (!flips(b, n, row, col, turn, 1)) {
                printf("FAILED: thread %ld played an illegal move %d %d for %c on %dx%d\n", id, row, col, turn, n, n);
                return (void *)1;
            }
            turn = turn == 'B' ? 'W' : 'B';
        }
    }
    return (void *)0;
}

int main(void) {
    pthread_t threads[THREADS];
    int failures = 0;
    for (long i = 0; i < THREADS; ++i) pthread_create(&threads[i], NULL, play, (void *)i);
    for (int i = 0; i < THREADS; ++i) {
        void *result;
        pthread_join(threads[i], &result);
        failures += result != NULL;
    }
    if (!failures) printf("all checks passed\n");
    return failures != 0;
}
