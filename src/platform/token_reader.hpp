// Whitespace-separated tokens, the way the labs' scanf calls see their input, with a bounded length
// so that a hostile megabyte "token" costs no memory; every read first flushes the prompt.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>

namespace reversi {

class TokenReader {
public:
    // `promptSink` is flushed before each read so that a program on the other end of a pipe sees the
    // prompt it must answer.
    TokenReader(std::istream& in, std::ostream& promptSink) : in_(in), promptSink_(promptSink) {}

    // The next token, truncated to kMaxTokenLength characters (the rest of it is skipped, and the
    // token is marked as too long by ending in '\x01' so it never matches anything valid).
    // std::nullopt at end of input.
    std::optional<std::string> next();

    static constexpr std::size_t kMaxTokenLength = 32;

private:
    std::istream& in_;
    std::ostream& promptSink_;
};

}  // namespace reversi
