// The course's two opponents with C linkage, in both libraries: libreversi (students' own testing)
// and the course's graded liblab7part2.a, which holds nothing else. They keep no state, so several
// threads may call them at once.
#include "reversi_c/course/lab7part2lib.h"

#include "programs/c_api/find_move.hpp"

extern "C" int findSmarterMove(char board[][26], int n, char colour, int* row, int* col) {
    return reversi::c_api::findWith(board, n, colour, row, col, reversi::smarterMove);
}

extern "C" int findSmartestMove(char board[][26], int n, char colour, int* row, int* col) {
    return reversi::c_api::findWith(board, n, colour, row, col, reversi::smartestMove);
}
