/* A quick Lab 7 Part 2 program for the leaderboard's end-to-end test (leaderboard_e2e.py), which
 * compiles it once per submission with one STYLE_... defined:
 *   STYLE_GREEDY   the move that flips the most discs, flushing after every line
 *   STYLE_WEAK     the move that flips the fewest
 *   STYLE_NOFLUSH  greedy, never flushing (the referee runs it unbuffered, as grading does: it passes)
 *   STYLE_RANDOM   a legal move from a seed (SEED, a number)
 *   STYLE_ILLEGAL  announces a taken square as its first move (IM)
 *   STYLE_OVERTIME burns CPU at its first move until it is stopped (TLE)
 *   STYLE_CRASH    dereferences a null pointer at its first move (CRASH) */
#include <stdio.h>
#include <string.h>

#ifndef SEED
#define SEED 1
#endif
#ifdef STYLE_NOFLUSH
#define flush() ((void)0)
#else
#define flush() fflush(stdout)
#endif

static char cell[26][26];
static int size;

static void show(void) {
    printf("  ");
    for (int c = 0; c < size; c++) putchar('a' + c);
    putchar('\n');
    for (int r = 0; r < size; r++) {
        printf("%c ", 'a' + r);
        fwrite(cell[r], 1, size, stdout);
        putchar('\n');
    }
    flush();
}

/* Discs `me` would flip at (r, c); with `apply`, flips them and takes the square. */
static int flips(int r, int c, char me, int apply) {
    if (r < 0 || c < 0 || r >= size || c >= size || cell[r][c] != 'U') return 0;
    int total = 0;
    for (int d = 0; d < 9; d++) {
        int dr = d / 3 - 1, dc = d % 3 - 1, k = 1;
        if (!dr && !dc) continue;
        while (r + k * dr >= 0 && r + k * dr < size && c + k * dc >= 0 && c + k * dc < size &&
               cell[r + k * dr][c + k * dc] != 'U' && cell[r + k * dr][c + k * dc] != me)
            k++;
        int inside = r + k * dr >= 0 && r + k * dr < size && c + k * dc >= 0 && c + k * dc < size;
        if (k > 1 && inside && cell[r + k * dr][c + k * dc] == me) {
            total += k - 1;
            for (int j = 1; apply && j < k; j++) cell[r + j * dr][c + j * dc] = me;
        }
    }
    if (apply && total) cell[r][c] = me;
    return total;
}

static int anyMove(char me) {
    for (int i = 0; i < size * size; i++)
        if (flips(i / size, i % size, me, 0)) return 1;
    return 0;
}

static int choose(char me) {
    int best = -1, bestScore = 0;
    for (int i = 0; i < size * size; i++) {
        int f = flips(i / size, i % size, me, 0);
        if (!f) continue;
#if defined(STYLE_WEAK)
        int score = 100 - f;
#elif defined(STYLE_RANDOM)
        static unsigned long state = SEED;
        state = state * 6364136223846793005UL + 1442695040888963407UL;
        int score = 1 + (int)(state >> 33) % 1000;
#else
        int score = f;
#endif
        if (score > bestScore) best = i, bestScore = score;
    }
    return best;
}

static void misbehave(void) {
#if defined(STYLE_CRASH)
    volatile int *volatile nowhere = NULL; /* not known to be null: the store stays */
    *nowhere = 1;
#elif defined(STYLE_OVERTIME)
    for (volatile unsigned long x = 0;; x++) {
    }
#endif
}

int main(void) {
    char computer, text[8];
    printf("Enter the board dimension: ");
    flush();
    if (scanf("%d", &size) != 1) return 1;
    printf("Computer plays (B/W) : ");
    flush();
    if (scanf(" %c", &computer) != 1) return 1;
    memset(cell, 'U', sizeof cell);
    cell[size / 2 - 1][size / 2 - 1] = cell[size / 2][size / 2] = 'W';
    cell[size / 2 - 1][size / 2] = cell[size / 2][size / 2 - 1] = 'B';
    show();
    for (char turn = 'B'; anyMove('B') || anyMove('W'); turn = turn == 'B' ? 'W' : 'B') {
        if (!anyMove(turn)) {
            printf("%c player has no valid move.\n", turn);
            continue;
        }
        if (turn == computer) {
            misbehave();
            int at = choose(turn);
#ifdef STYLE_ILLEGAL
            at = (size / 2) * size + size / 2;
#endif
            printf("Computer places %c at %c%c.\n", turn, 'a' + at / size, 'a' + at % size);
            if (!flips(at / size, at % size, turn, 1)) return 0;
        } else {
            printf("Enter move for colour %c (RowCol): ", turn);
            flush();
            if (scanf("%7s", text) != 1) return 1;
            if (strlen(text) != 2 || !flips(text[0] - 'a', text[1] - 'a', turn, 1)) {
                printf("Invalid move.\n%c player wins.\n", computer);
                return 0;
            }
        }
        show();
    }
    int b = 0, w = 0;
    for (int i = 0; i < size * size; i++) b += cell[i / size][i % size] == 'B', w += cell[i / size][i % size] == 'W';
    printf(b > w ? "B player wins.\n" : w > b ? "W player wins.\n" : "Draw!\n");
    return 0;
}
