// OBF and board-text positions: one line (parsePosition) and whole files (readPositions). An accepted
// position prints back (toBoardText, and toObf at 8x8) to text that parses to the same position.
#include <sstream>

#include "fuzz_common.hpp"
#include "rules/position_text.hpp"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzzText(data, size);
    try {
        const TextPosition p = parsePosition(text);
        FUZZ_CHECK(isValidSize(p.board.size()) && isColour(p.toMove));
        for (int r = 0; r < p.board.size(); ++r)
            for (int c = 0; c < p.board.size(); ++c) {
                const char cell = p.board.at(r, c);
                FUZZ_CHECK(cell == kEmpty || cell == kBlack || cell == kWhite);
            }
        if (p.hasBestScore()) (void)p.bestScore();
        const TextPosition again = parsePosition(toBoardText(p.board, p.toMove));
        FUZZ_CHECK(again.board == p.board && again.toMove == p.toMove);
        if (p.board.size() == 8) {
            const TextPosition obf = parsePosition(toObf(p.board, p.toMove));
            FUZZ_CHECK(obf.board == p.board && obf.toMove == p.toMove);
        }
    } catch (const PositionError&) {
    }
    try {
        std::istringstream in(text);
        (void)readPositions(in, "fuzz");
    } catch (const PositionError&) {
    }
    return 0;
}
