/* The course's graded opponent library (liblab7part2.a), as `reversi grade part2` links every Part 2
 * source: the two reference opponents and nothing else. A student's program may define any function
 * of its own, `makeMove` of any signature included; it cannot call an engine from here.
 *
 *     gcc Lab7Part2.c -L. -llab7part2
 *
 * (For testing at home, libreversi and include/reversi_c/lab7part2lib.h offer the same two functions
 * and makeMove, our engine; grading never links them.) `board` holds 'U', 'B' and 'W' in its first n
 * rows and columns; *row and *col are 0-based. Every function checks its arguments and never reads
 * outside the n x n board, and none changes it. */
#ifndef LAB7PART2LIB_H
#define LAB7PART2LIB_H

#ifdef __cplusplus
extern "C" {
#endif

/* Bad arguments (n not an even number from 4 to 26, a colour other than 'B'/'W', a cell other than
 * 'U'/'B'/'W', a null pointer): *row and *col are set to -1 (when not null). */
#define REVERSI_BAD_ARGUMENT (-100000)
/* `colour` has no legal move; *row and *col are set to -1. */
#define REVERSI_NO_MOVE (-100001)

/* smarter: most tiles flipped, minus 0.001 x the opponent's best reply; returns that score truncated. */
int findSmarterMove(char board[][26], int n, char colour, int *row, int *col);

/* smartest: 10 plies of simulated greedy play after each candidate; returns the chosen move's score. */
int findSmartestMove(char board[][26], int n, char colour, int *row, int *col);

#ifdef __cplusplus
}
#endif

#endif /* LAB7PART2LIB_H */
