// Move text in both notations: a typed move (lab "rc" and Othello "f5", game_record), an Othello
// square (position_text), and the referee's move lists. The first byte picks the board size.
// Whatever is accepted must be on the board and print back to text that parses to the same move.
#include <stdexcept>

#include "fuzz_common.hpp"
#include "rules/game_record.hpp"
#include "rules/position_text.hpp"
#include "arena/referee.hpp"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const int n = fuzzSize(fuzzTakeByte(data, size));
    const std::string text = fuzzText(data, size);

    const ParsedMove typed = parseMoveText(text, n);
    if (typed.ok()) {
        FUZZ_CHECK(positionInBounds(n, typed.move.row, typed.move.col));
        const ParsedMove again = parseMoveText(othelloNotation(typed.move), n);
        FUZZ_CHECK(again.ok() && again.move == typed.move);
    } else {
        FUZZ_CHECK(typed.move.isNone());
    }

    const ParsedSquare square = parseSquare(text, n);
    if (square.ok && !square.isPass) {
        FUZZ_CHECK(positionInBounds(n, square.move.row, square.move.col));
        const ParsedSquare again = parseSquare(squareName(square.move), n);
        FUZZ_CHECK(again.ok && again.move == square.move);
    }

    try {
        const std::vector<Move> moves = parseMoveList(text, n);
        for (const Move m : moves) FUZZ_CHECK(positionInBounds(n, m.row, m.col));
        FUZZ_CHECK(parseMoveList(compactMoveList(moves), n) == moves);
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
