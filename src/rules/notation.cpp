#include "rules/notation.hpp"

#include <stdexcept>

namespace reversi {

std::string labMove(Move move) { return {indexLetter(move.row), indexLetter(move.col)}; }

std::string othelloNotation(Move move) { return indexLetter(move.col) + std::to_string(move.row + 1); }

std::string compactMoveList(const std::vector<Move>& moves) {
    std::string text;
    for (const Move m : moves) text += othelloNotation(m);
    return text;
}

std::vector<Move> parseMoveList(const std::string& text, int n) {
    std::vector<Move> moves;
    std::size_t i = 0;
    auto fail = [&](const std::string& why) {
        throw std::invalid_argument("bad move list at character " + std::to_string(i + 1) + ": " + why);
    };
    while (i < text.size()) {
        const char ch = text[i];
        if (ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r' || ch == ',') {
            ++i;
            continue;
        }
        const int first = letterIndex(ch);
        if (first < 0) fail("expected a letter");
        Move move;
        if (i + 1 < text.size() && letterIndex(text[i + 1]) >= 0) {  // lab "rc"
            move = {first, letterIndex(text[i + 1])};
            i += 2;
        } else {  // compact: column letter, 1-based row number
            std::size_t j = i + 1;
            int row = 0;
            while (j < text.size() && text[j] >= '0' && text[j] <= '9' && row <= 99) row = row * 10 + (text[j++] - '0');
            if (j == i + 1) fail("expected a row number or letter after the column");
            move = {row - 1, first};
            i = j;
        }
        if (!positionInBounds(n, move.row, move.col)) fail("square off the " + std::to_string(n) + "x" +
                                                            std::to_string(n) + " board");
        moves.push_back(move);
    }
    return moves;
}

}  // namespace reversi
