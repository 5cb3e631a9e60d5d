// Reading files in bounded memory: a file that is a directory, a device that never ends (/dev/zero), a
// line of a hundred megabytes or a file of gigabytes is refused with one short message naming the file
// (and the line), never read whole and never echoed.
#pragma once

#include <cstddef>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

namespace reversi {

// What a reader accepts: lines of at most maxLineLength characters (without the newline), at most
// maxBytes in all.
struct TextLimits {
    std::size_t maxLineLength = 4096;
    std::size_t maxBytes = std::size_t{16} << 20;
};

// Every refusal: a message that names the file, and the line when there is one.
struct TextFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Opens `path` for reading. Throws TextFileError: "PATH is a directory", "cannot open PATH: REASON"
// (the system's reason: "No such file or directory", "Permission denied"...).
std::unique_ptr<std::ifstream> openTextFile(const std::string& path);

// Lines of a stream, one at a time, within `limits`. A UTF-8 byte order mark at the very start is
// skipped; a trailing '\r' is dropped.
class TextLineReader {
public:
    TextLineReader(std::istream& in, std::string name, TextLimits limits) : in_(in), name_(std::move(name)), limits_(limits) {}

    // The next line; false at the end. Throws TextFileError ("NAME:LINE: a line longer than N
    // characters", "NAME: larger than N bytes", "NAME: cannot read: REASON") without reading further.
    bool next(std::string& line);
    // The number of the line `next` returned last (1 for the first).
    long lineNumber() const { return number_; }
    // "NAME:LINE: " for the line returned last, to start a message about it.
    std::string where() const { return name_ + ":" + std::to_string(number_) + ": "; }

private:
    [[noreturn]] void tooLong() const;
    std::istream& in_;
    std::string name_;
    TextLimits limits_;
    long number_ = 0;
    std::size_t bytes_ = 0;
};

// The whole of a data file (weights, corpus blocks, game records), at most `maxBytes`. Throws
// TextFileError: "PATH is a directory", "cannot open PATH: REASON", "PATH: larger than N" (a device
// that never ends is read no further than the limit), "PATH: cannot read: REASON".
std::string readWholeFile(const std::string& path, std::size_t maxBytes = std::size_t{256} << 20);

// The sizes in words: "16 MiB", "4096 bytes".
std::string byteCount(std::size_t bytes);

}  // namespace reversi
