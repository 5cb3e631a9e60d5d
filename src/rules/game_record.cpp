#include "rules/game_record.hpp"

#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "platform/printable.hpp"
#include "platform/text_file.hpp"

namespace reversi {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ','; }

// "\"text...\"" (built by appending: GCC 12 warns falsely on "literal" + std::string here).
std::string quoted(std::string_view text, const char* tail) {
    std::string q(1, '"');
    q.append(text);
    q += tail;
    q += '"';
    return q;
}

std::string sizeText(int n) { return std::to_string(n) + "x" + std::to_string(n); }

// Reads one move starting at text[i] (no leading space); advances i. Error text on failure.
ParsedMove readMove(std::string_view text, std::size_t& i, int n) {
    ParsedMove result;
    const int first = letterIndex(lower(text[i]));
    if (first < 0) {
        result.error = "is not a move (a move starts with a letter)";
        ++i;
        return result;
    }
    ++i;
    Move move;
    if (i < text.size() && letterIndex(lower(text[i])) >= 0) {  // lab "rc": row letter, column letter
        move = {first, letterIndex(lower(text[i]))};
        ++i;
    } else if (i < text.size() && isDigit(text[i])) {  // Othello: column letter, row number from 1
        long row = 0;
        while (i < text.size() && isDigit(text[i])) {
            if (row < 1000) row = row * 10 + (text[i] - '0');
            ++i;
        }
        move = {row >= 1 && row <= 1000 ? static_cast<int>(row - 1) : 1000, first};
    } else {
        result.error = "is not a move (a column letter and a row number, f5, or two letters, ef)";
        return result;
    }
    if (!positionInBounds(n, move.row, move.col)) {
        result.error = "is off the " + sizeText(n) + " board (columns a-" +
                       std::string(1, indexLetter(n - 1)) + ", rows 1-" + std::to_string(n) + ")";
        return result;
    }
    result.move = move;
    return result;
}

}  // namespace

const char* colourName(char colour) { return colour == kBlack ? "Black" : "White"; }

ParsedMove parseMoveText(std::string_view text, int n) {
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    if (text.empty()) return {kNoMove, "no move given"};
    if (text.size() > 8) return {kNoMove, quoted(printable(text, 8), "") + " is not a move"};
    std::size_t i = 0;
    ParsedMove result = readMove(text, i, n);
    if (i != text.size()) result = {kNoMove, "is not a move (unexpected text after the square)"};
    if (!result.ok()) result.error = quoted(printable(text), "") + " " + result.error;
    return result;
}

std::string compactRecord(int size, const std::vector<Move>& moves) {
    std::string text = std::to_string(size);
    if (!moves.empty()) {
        text += ' ';
        text += compactMoveList(moves);
    }
    return text;
}

std::string formatRecordedGame(const RecordedGame& game) {
    std::string text;
    for (const std::string& c : game.comments) text += "# " + c + "\n";
    return text + compactRecord(game.size, game.moves) + "\n";
}

namespace {

// A record's text without its comment lines, with where each of its lines starts, to name the line of
// a bad move.
struct RecordBody {
    std::string text;
    std::vector<std::pair<std::size_t, int>> lineStarts;  // (offset in text, line number)
    int lines = 0;                                        // of the whole record

    int lineAt(std::size_t offset) const {
        int at = lineStarts.empty() ? std::max(lines, 1) : lineStarts.front().second;
        for (const auto& [start, n] : lineStarts)
            if (start <= offset) at = n;
        return at;
    }
    void skipSpace(std::size_t& i) const {
        while (i < text.size() && isSpace(text[i])) ++i;
    }
};

// Splits the comment lines ("# ...") off a record into `comments`.
RecordBody splitComments(const std::string& text, std::vector<std::string>& comments) {
    RecordBody body;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        ++body.lines;
        if (body.lines == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);  // a UTF-8 byte order mark
        std::size_t start = 0;
        while (start < line.size() && (line[start] == ' ' || line[start] == '\t')) ++start;
        if (start < line.size() && line[start] == '#') {
            std::string c = line.substr(start + 1);
            if (!c.empty() && c[0] == ' ') c.erase(0, 1);
            if (!c.empty() && c.back() == '\r') c.pop_back();
            comments.push_back(c);
        } else {
            body.lineStarts.emplace_back(body.text.size(), body.lines);
            body.text += line + "\n";
        }
    }
    return body;
}

// The board size at the start of the body ("size 8" or "8"), read from `i` on.
int readRecordSize(const RecordBody& body, std::size_t& i) {
    const std::string& text = body.text;
    body.skipSpace(i);
    if (text.compare(i, 4, "size") == 0) {
        i += 4;
        body.skipSpace(i);
    }
    long size = 0;
    const std::size_t digits = i;
    while (i < text.size() && isDigit(text[i]) && size < 1000) size = size * 10 + (text[i++] - '0');
    if (i == digits || !isValidSize(static_cast<int>(size)) || (i < text.size() && !isSpace(text[i])))
        throw RecordError(body.lineAt(digits),
                          "a game record starts with its board size (\"size 8\" or \"8 f5d6...\"; an even "
                          "number from 4 to 26)");
    return static_cast<int>(size);
}

}  // namespace

RecordedGame parseRecordedGame(const std::string& text) {
    RecordedGame game;
    const RecordBody body = splitComments(text, game.comments);
    const std::string& moves = body.text;
    std::size_t i = 0;
    game.size = readRecordSize(body, i);
    while (true) {
        body.skipSpace(i);
        if (i >= moves.size()) break;
        const std::size_t at = i;
        const ParsedMove m = readMove(moves, i, game.size);
        if (!m.ok()) {
            std::size_t end = at;
            while (end < moves.size() && !isSpace(moves[end]) && end - at < 12) ++end;
            throw RecordError(body.lineAt(at), "move " + std::to_string(game.moves.size() + 1) + ": " +
                                                   quoted(printable(std::string_view(moves).substr(at, end - at)), "") +
                                                   " " + m.error);
        }
        game.moves.push_back(m.move);
        if (game.moves.size() > static_cast<std::size_t>(kMaxSize * kMaxSize))
            throw RecordError(body.lineAt(at), "more moves than squares on the board");
    }
    return game;
}

RecordedGame loadRecordedGame(const std::string& path) {
    std::string text;
    {
        const auto in = openTextFile(path);
        TextLineReader reader(*in, path, kRecordFileLimits);
        std::string line;
        while (reader.next(line)) text += line + "\n";
    }
    try {
        return parseRecordedGame(text);
    } catch (const RecordError& e) {
        throw RecordError(e.line, path + ":" + std::to_string(e.line) + ": " + e.what());
    }
}

Replay replayGame(int size, const std::vector<Move>& moves) {
    if (!isValidSize(size)) throw std::invalid_argument("the board size must be an even number from 4 to 26");
    Replay replay;
    replay.start = Board(size);
    Board board(size);
    char toMove = kBlack;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        const std::string name = "move " + std::to_string(i + 1) + " (" + othelloNotation(m) + ")";
        if (board.isGameOver()) throw std::invalid_argument(name + " comes after the end of the game");
        ReplayStep step;
        if (!board.hasLegalMove(toMove)) {
            step.passedBefore = true;
            toMove = opponentOf(toMove);
        }
        step.move = m;
        step.colour = toMove;
        step.flipped = board.applyMove(m.row, m.col, toMove);
        if (step.flipped == 0)
            throw std::invalid_argument(name + " is illegal for " + colourName(toMove));
        step.after = board;
        replay.steps.push_back(step);
        toMove = opponentOf(toMove);
    }
    if (!board.isGameOver() && !board.hasLegalMove(toMove)) toMove = opponentOf(toMove);
    replay.toMove = toMove;
    replay.finished = board.isGameOver();
    return replay;
}

}  // namespace reversi
