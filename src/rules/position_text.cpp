#include "rules/position_text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <istream>

#include "platform/printable.hpp"
#include "platform/text_file.hpp"
#include "rules/notation.hpp"

namespace reversi {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// Annotations "A2:+38" (separated by ';' or spaces) in a comment.
std::vector<MoveScore> parseAnnotations(std::string_view comment) {
    std::vector<MoveScore> out;
    std::string token;
    auto flush = [&] {
        const std::size_t colon = token.find(':');
        if (colon != std::string::npos && colon > 0) {
            const ParsedSquare sq = parseSquare(std::string_view(token).substr(0, colon), 8);
            const std::string value = token.substr(colon + 1);
            if (sq.ok && !value.empty()) {
                std::size_t used = 0;
                try {
                    const int score = std::stoi(value, &used);
                    if (used == value.size()) out.push_back({sq.move, score});
                } catch (const std::exception&) {
                }
            }
        }
        token.clear();
    };
    for (const char c : comment) {
        if (c == ';' || std::isspace(static_cast<unsigned char>(c))) flush();
        else token += c;
    }
    flush();
    return out;
}

}  // namespace

int TextPosition::bestScore() const {
    int best = -1000;
    for (const MoveScore& m : annotations) best = std::max(best, m.score);
    return best;
}

TextPosition parsePosition(std::string_view line) {
    TextPosition pos;
    std::string_view body = line;
    const std::size_t semi = line.find(';');
    if (semi != std::string_view::npos) {
        body = line.substr(0, semi);
        pos.comment = std::string(trim(line.substr(semi + 1)));
        pos.annotations = parseAnnotations(pos.comment);
    }
    body = trim(body);
    const std::size_t space = body.find_first_of(" \t");
    if (space == std::string_view::npos)
        throw PositionError("expected the squares, a space and the side to move, got \"" + printable(body, 40) + "\"");
    const std::string_view squares = body.substr(0, space);
    const std::string_view side = trim(body.substr(space));
    if (side.size() != 1)
        throw PositionError("expected one letter for the side to move, got \"" + printable(side, 40) + "\"");

    const bool obf = squares.find_first_of("XxOo-*") != std::string_view::npos;
    const int cells = static_cast<int>(squares.size());
    int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells))));
    if (obf) {
        if (cells != 64)
            throw PositionError("an OBF position has 64 squares, this one has " + std::to_string(cells));
        n = 8;
    } else if (n * n != cells || !isValidSize(n)) {
        throw PositionError(std::to_string(cells) +
                            " squares: a board text needs n*n squares for an even n from 4 to 26 (16, 36, 64, ...)");
    }
    pos.board = Board(n);
    for (int i = 0; i < cells; ++i) {
        const char c = squares[static_cast<std::size_t>(i)];
        char cell;
        if (obf) {
            cell = (c == 'X' || c == 'x' || c == '*') ? kBlack : (c == 'O' || c == 'o') ? kWhite
                   : (c == '-' || c == '.')                  ? kEmpty
                                                             : '?';
        } else {
            cell = (c == 'B' || c == 'b') ? kBlack : (c == 'W' || c == 'w') ? kWhite : (c == 'U' || c == 'u' || c == '.') ? kEmpty : '?';
        }
        if (cell == '?')
            throw PositionError(std::string("square ") + std::to_string(i + 1) + ": '" + printable(std::string(1, c)) + "' is not " +
                                (obf ? "X, O or -" : "B, W or U"));
        pos.board.set(i / n, i % n, cell);
    }
    const char s = side[0];
    if (obf) {
        if (s == 'X' || s == 'x' || s == '*') pos.toMove = kBlack;
        else if (s == 'O' || s == 'o') pos.toMove = kWhite;
        else throw PositionError("side to move '" + printable(std::string(1, s)) + "' is not X or O");
    } else {
        if (s == 'B' || s == 'b') pos.toMove = kBlack;
        else if (s == 'W' || s == 'w') pos.toMove = kWhite;
        else throw PositionError("side to move '" + printable(std::string(1, s)) + "' is not B or W");
    }
    return pos;
}

std::vector<TextPosition> readPositions(std::istream& in, const std::string& sourceName) {
    std::vector<TextPosition> out;
    std::string line;
    TextLineReader reader(in, sourceName, kPositionFileLimits);
    try {
        while (reader.next(line)) {
            const std::string_view t = trim(line);
            if (t.empty() || t[0] == '#' || t[0] == '%') continue;
            try {
                out.push_back(parsePosition(t));
            } catch (const PositionError& e) {
                throw PositionError(reader.where() + e.what());
            }
        }
    } catch (const TextFileError& e) {
        throw PositionError(e.what());
    }
    return out;
}

std::vector<TextPosition> readPositionFile(const std::string& path) {
    try {
        const auto in = openTextFile(path);
        return readPositions(*in, path);
    } catch (const TextFileError& e) {
        throw PositionError(e.what());
    }
}

std::string toObf(const Board& board, char toMove) {
    if (board.size() != 8) throw PositionError("OBF is for 8x8 boards only");
    std::string s;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            const char cell = board.at(r, c);
            s += cell == kBlack ? 'X' : cell == kWhite ? 'O' : '-';
        }
    s += ' ';
    s += toMove == kBlack ? 'X' : 'O';
    return s;
}

std::string toBoardText(const Board& board, char toMove) {
    std::string s;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) s += board.at(r, c);
    s += ' ';
    s += toMove;
    return s;
}

std::string squareName(Move move) { return move.isNone() ? "pa" : othelloNotation(move); }

ParsedSquare parseSquare(std::string_view text, int n) {
    ParsedSquare r;
    text = trim(text);
    std::string t;
    for (const char c : text) t += lower(c);
    if (t == "pa" || t == "pass" || t == "ps") {
        r.ok = r.isPass = true;
        return r;
    }
    if (t.size() < 2 || t.size() > 3 || t[0] < 'a' || t[0] > 'z') return r;
    int row = 0;
    for (std::size_t i = 1; i < t.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(t[i]))) return r;
        row = row * 10 + (t[i] - '0');
    }
    const int col = t[0] - 'a';
    if (row < 1 || row > n || col >= n) return r;
    r.move = Move{row - 1, col};
    r.ok = true;
    return r;
}

}  // namespace reversi
