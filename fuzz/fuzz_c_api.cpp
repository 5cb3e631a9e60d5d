// The C library (lab7part2lib.h) with arbitrary arguments: n, colour and every cell from the input,
// sometimes null pointers. It must reject what is invalid (REVERSI_BAD_ARGUMENT, *row = *col = -1),
// never change the board, and return only legal moves for valid boards.
#include <cstring>

#include "fuzz_common.hpp"
#include "rules/board.hpp"
#include "reversi_c/lab7part2lib.h"

using namespace reversi;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    setenv("REVERSI_MOVE_TIME", "0.002", 1);  // makeMove's engine: a tiny budget per call
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 3) return 0;
    const int n = static_cast<signed char>(data[0]);
    const char colour = static_cast<char>(data[1]);
    const unsigned flags = data[2];
    data += 3;
    size -= 3;
    char board[26][26];
    // The cells: the input's bytes, mapped mostly onto U/B/W unless flags ask for raw bytes.
    for (int i = 0; i < 26 * 26; ++i) {
        const unsigned char b = i < static_cast<int>(size) ? data[i] : 'U';
        board[i / 26][i % 26] = flags & 1 ? static_cast<char>(b) : "UBW"[b % 3];
    }
    char before[26][26];
    std::memcpy(before, board, sizeof board);

    bool valid = isValidSize(n) && isColour(colour);
    if (valid)
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                if (board[r][c] != 'U' && board[r][c] != 'B' && board[r][c] != 'W') valid = false;

    int row = 7, col = 7;
    int* rowp = flags & 2 ? nullptr : &row;
    const int which = (flags >> 2) % 3;
    int result;
    if (which == 0) result = findSmarterMove(board, n, colour, rowp, &col);
    else if (which == 1) result = findSmartestMove(board, n, colour, rowp, &col);
    else result = makeMove(board, n, colour, rowp, &col);

    FUZZ_CHECK(std::memcmp(before, board, sizeof board) == 0);
    if (!valid || !rowp) {
        FUZZ_CHECK(result == REVERSI_BAD_ARGUMENT);
        FUZZ_CHECK(col == -1);
        return 0;
    }
    FUZZ_CHECK(result != REVERSI_BAD_ARGUMENT);
    Board b(n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) b.set(r, c, board[r][c]);
    if (result == REVERSI_NO_MOVE) {
        FUZZ_CHECK(!b.hasLegalMove(colour) && row == -1 && col == -1);
    } else {
        FUZZ_CHECK(b.isLegalMove(row, col, colour));
    }
    return 0;
}
