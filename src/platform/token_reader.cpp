#include "platform/token_reader.hpp"

#include <cctype>
#include <istream>
#include <ostream>

namespace reversi {

std::optional<std::string> TokenReader::next() {
    promptSink_.flush();
    std::streambuf* buffer = in_.rdbuf();
    int ch = buffer->sgetc();
    while (ch != std::char_traits<char>::eof() && std::isspace(static_cast<unsigned char>(ch)))
        ch = buffer->snextc();
    if (ch == std::char_traits<char>::eof()) {
        in_.setstate(std::ios::eofbit);
        return std::nullopt;
    }
    std::string token;
    bool truncated = false;
    while (ch != std::char_traits<char>::eof() && !std::isspace(static_cast<unsigned char>(ch))) {
        if (token.size() < kMaxTokenLength)
            token += static_cast<char>(ch);
        else
            truncated = true;
        ch = buffer->snextc();
    }
    if (truncated) token += '\x01';
    return token;
}

}  // namespace reversi
