#include "platform/text_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <istream>

namespace reversi {

std::string byteCount(std::size_t bytes) {
    if (bytes >= (std::size_t{1} << 30) && bytes % (std::size_t{1} << 30) == 0)
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= (std::size_t{1} << 10) && bytes % (std::size_t{1} << 10) == 0)
        return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::unique_ptr<std::ifstream> openTextFile(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) throw TextFileError(path + " is a directory");
    errno = 0;
    auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*in) {
        const int err = errno;
        throw TextFileError("cannot open " + path + ": " + (err ? std::strerror(err) : "unknown error"));
    }
    return in;
}

std::string readWholeFile(const std::string& path, std::size_t maxBytes) {
    const auto in = openTextFile(path);
    std::string bytes;
    char chunk[1 << 16];
    while (true) {
        errno = 0;
        in->read(chunk, sizeof chunk);
        const auto got = static_cast<std::size_t>(in->gcount());
        if (got > maxBytes - bytes.size()) throw TextFileError(path + ": larger than " + byteCount(maxBytes));
        bytes.append(chunk, got);
        if (in->eof()) return bytes;
        if (!*in) {
            const int err = errno;
            throw TextFileError(path + ": cannot read: " + (err ? std::strerror(err) : "unknown error"));
        }
    }
}

bool TextLineReader::next(std::string& line) {
    line.clear();
    std::streambuf* buf = in_.rdbuf();
    const int eof = std::char_traits<char>::eof();
    bool any = false;
    while (true) {
        const int ch = buf->sbumpc();
        if (ch == eof) {
            in_.setstate(std::ios::eofbit);
            if (!any) return false;
            break;
        }
        if (++bytes_ > limits_.maxBytes)
            throw TextFileError(name_ + ": larger than " + byteCount(limits_.maxBytes));
        if (!any) {
            any = true;
            ++number_;
        }
        if (ch == '\n') break;
        line.push_back(static_cast<char>(ch));
        // One more than the limit is room for the '\r' of a CRLF line; two more is too long.
        if (line.size() > limits_.maxLineLength + 1) tooLong();
    }
    if (number_ == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > limits_.maxLineLength) tooLong();
    return true;
}

void TextLineReader::tooLong() const {
    throw TextFileError(name_ + ":" + std::to_string(number_) + ": a line longer than " +
                        std::to_string(limits_.maxLineLength) + " characters");
}

}  // namespace reversi
