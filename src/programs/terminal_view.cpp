#include "programs/terminal_view.hpp"

#include "rules/game_record.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace reversi {

namespace {

constexpr const char* kBoardBg = "42";  // green

bool containsUtf8(const char* value) {
    if (!value) return false;
    std::string v(value);
    std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return v.find("utf-8") != std::string::npos || v.find("utf8") != std::string::npos;
}

// A cell of the board: SGR foreground attributes and the glyph.
std::string cell(const char* fg, const char* glyph, const ViewOptions& view) {
    if (!view.color) return glyph;
    return std::string("\033[0;") + kBoardBg + ";" + fg + "m" + glyph;
}

std::string separator(char c, const ViewOptions& view) {
    if (!view.color) return std::string(1, c);
    if (c == ' ') return std::string("\033[0;") + kBoardBg + "m ";
    return std::string("\033[0;") + kBoardBg + ";1;31m" + c;  // the last-move brackets: bold red
}

std::string header(int n) {
    std::string line = "    ";
    for (int c = 0; c < n; ++c) {
        line += ' ';
        line += indexLetter(c);
    }
    return line + "\n";
}

}  // namespace

bool isTerminal(int fd) { return ::isatty(fd) == 1; }

bool localeIsUtf8() {
    for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
        const char* value = std::getenv(name);
        if (value && *value) return containsUtf8(value);
    }
    return false;
}

std::string styled(const std::string& text, const char* sgr, const ViewOptions& view) {
    if (!view.color) return text;
    return std::string("\033[") + sgr + "m" + text + "\033[0m";
}

std::string clearScreen(const ViewOptions& view) { return view.color ? "\033[H\033[2J" : ""; }

std::string discGlyph(char colour, const ViewOptions& view) {
    const char* glyph = view.color && view.unicode ? "\u25CF" : colour == kBlack ? "X" : "O";
    if (!view.color) return glyph;
    return cell(colour == kBlack ? "1;30" : "1;97", glyph, view) + "\033[0m";
}

std::string renderBoard(const Board& board, const ViewOptions& view, Move lastMove, const std::vector<Move>& legal) {
    const int n = board.size();
    const bool uni = view.color && view.unicode;
    std::string out = styled(header(n).substr(0, header(n).size() - 1), "2", view) + "\n";
    for (int r = 0; r < n; ++r) {
        std::vector<char> seps(static_cast<std::size_t>(n) + 1, ' ');
        if (lastMove.row == r && lastMove.col >= 0) {
            seps[static_cast<std::size_t>(lastMove.col)] = '[';
            seps[static_cast<std::size_t>(lastMove.col) + 1] = ']';
        }
        char label[16];
        std::snprintf(label, sizeof label, "%3d ", r + 1);
        out += styled(label, "2", view);
        for (int c = 0; c < n; ++c) {
            out += separator(seps[static_cast<std::size_t>(c)], view);
            const char square = board.at(r, c);
            if (square == kBlack) {
                out += cell("1;30", uni ? "\u25CF" : "X", view);
            } else if (square == kWhite) {
                out += cell("1;97", uni ? "\u25CF" : "O", view);
            } else if (std::find(legal.begin(), legal.end(), Move{r, c}) != legal.end()) {
                out += cell("1;93", uni ? "\u2218" : "*", view);
            } else {
                out += cell("32", uni ? "\u00B7" : ".", view);
            }
        }
        out += separator(seps[static_cast<std::size_t>(n)], view);
        if (view.color) out += "\033[0m";
        out += styled(std::string("  ") + indexLetter(r), "2", view) + "\n";
    }
    out += styled(header(n).substr(0, header(n).size() - 1), "2", view) + "\n";
    return out;
}

std::string renderScoreLine(const Board& board, const ViewOptions& view, const std::string& blackLabel,
                            const std::string& whiteLabel, char toMove) {
    std::string line;
    for (const char side : {kBlack, kWhite}) {
        const std::string& label = side == kBlack ? blackLabel : whiteLabel;
        const std::string text = std::string(colourName(side)) + (label.empty() ? "" : " (" + label + ")") + " " +
                                 std::to_string(board.count(side));
        if (side == kWhite) line += "    ";
        line += side == toMove ? "> " : "  ";
        line += discGlyph(side, view) + " " + (side == toMove ? styled(text, "1", view) : text);
    }
    return line + "\n";
}

}  // namespace reversi
