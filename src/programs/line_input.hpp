// What `reversi play` reads: lines of input in bounded memory, split into words on demand, so that a
// player may type several moves or commands on one line.
#pragma once

#include <algorithm>
#include <deque>
#include <istream>
#include <string>

#include "platform/line_reader.hpp"

namespace reversi {

// Lines of input in bounded memory, split into words on demand.
class LineInput {
public:
    explicit LineInput(std::istream& in) : in_(in) {}

    // The next line (without '\n'), at most kMaxLine characters kept; false at end of input.
    bool readLine(std::string& line) { return readBoundedLine(in_, line, kMaxLine); }

    // The next word, reading lines as needed; false at end of input.
    bool nextWord(std::string& word) {
        while (words_.empty()) {
            if (!readLine(line_)) return false;
            for (std::size_t i = 0; i < line_.size();) {
                while (i < line_.size() && isBlank(line_[i])) ++i;
                const std::size_t start = i;
                while (i < line_.size() && !isBlank(line_[i])) ++i;
                if (i > start) words_.push_back({line_.substr(start, std::min<std::size_t>(i - start, 64)), i});
            }
            if (words_.empty()) return nextWordAfterBlank(word);
        }
        word = words_.front().text;
        end_ = words_.front().end;
        words_.pop_front();
        return true;
    }
    // The rest of the line after the word read last, without the spaces around it (a file name with
    // spaces in it); the line is then used up.
    std::string restOfLine() {
        if (words_.empty()) return "";
        std::size_t b = end_, e = line_.size();
        while (b < e && isBlank(line_[b])) ++b;
        while (e > b && isBlank(line_[e - 1])) --e;
        words_.clear();
        return line_.substr(b, e - b);
    }
    void discardLine() { words_.clear(); }
    bool hasQueuedWords() const { return !words_.empty(); }

private:
    struct Word {
        std::string text;  // at most 64 characters of it
        std::size_t end;   // where it ends in the line
    };
    static bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
    // A blank line: the caller re-prompts (an empty word signals it).
    static bool nextWordAfterBlank(std::string& word) {
        word.clear();
        return true;
    }
    static constexpr std::size_t kMaxLine = 4096;
    std::istream& in_;
    std::string line_;
    std::size_t end_ = 0;
    std::deque<Word> words_;
};

}  // namespace reversi
