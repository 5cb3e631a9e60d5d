/* The course's opponent library (lab7part2lib.h / liblab7part2.a), rebuilt: the reference opponents,
 * move for move as the originals (OPPONENTS.md), and our engine behind the tournament harness's
 * makeMove. Link with -lreversi (libreversi.a or libreversi.so from the build directory):
 *
 *     gcc Lab7Part2.c -L. -lreversi
 *
 * `board` holds 'U', 'B' and 'W' in its first n rows and columns; rows and columns are 0-based in
 * *row and *col. Every function checks its arguments and never reads outside the n x n board. */
#ifndef LAB7PART2LIB_H
#define LAB7PART2LIB_H

#ifdef __cplusplus
extern "C" {
#endif

/* Returned for bad arguments: n not an even number from 4 to 26, a colour other than 'B'/'W',
 * a cell other than 'U'/'B'/'W', or a null pointer. *row and *col are set to -1 (when not null). */
#define REVERSI_BAD_ARGUMENT (-100000)
/* Returned when `colour` has no legal move; *row and *col are set to -1. */
#define REVERSI_NO_MOVE (-100001)

/* smarter: most tiles flipped, minus 0.001 x the opponent's best reply; returns that score truncated
 * to an int. The board is not changed. */
int findSmarterMove(char board[][26], int n, char colour, int *row, int *col);

/* smartest: 10 plies of simulated greedy play after each candidate; returns the chosen move's score.
 * The board is not changed. */
int findSmartestMove(char board[][26], int n, char colour, int *row, int *col);

/* Our engine, within its CPU-time budget (0.75 s of user time per move by default; the environment
 * variable REVERSI_MOVE_TIME sets another, in seconds). Never changes `board`. Returns 0 on success. */
int makeMove(const char board[][26], int n, char turn, int *row, int *col);

#ifdef __cplusplus
}
#endif

#endif /* LAB7PART2LIB_H */
