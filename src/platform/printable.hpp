// Text that came from outside (typed input, file contents, names, protocol arguments) shown back in a
// message without letting a terminal interpret it: control bytes and malformed UTF-8 are escaped, so
// `\033]0;pwned\007` is printed as the eight visible characters `\e]0;pwned\a`, never as an escape sequence.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace reversi {

// `text` with every control character escaped: \t \n \r \a \b \f \v \e (ESC) and \0 by name, others
// (and DEL, C1 controls, bytes that are not UTF-8) as \xHH. Valid UTF-8 (accented names) is kept.
// At most `maxBytes` bytes of `text` are shown; a longer text ends in "..." (a cut never splits a
// UTF-8 character).
std::string printable(std::string_view text, std::size_t maxBytes = std::string_view::npos);

// True when `text` has a control character (below 32, DEL, or a C1 control U+0080..U+009F) or bytes
// that are not UTF-8: such text is refused as a name.
bool hasControlCharacters(std::string_view text);

// printf into a string of any length (the compiler checks the arguments against the format).
std::string formatText(const char* format, ...) __attribute__((format(printf, 1, 2)));

// `text` in double quotes for a message about what a program printed, in plain ASCII: quotes and
// backslashes escaped, a newline as \n, other control bytes and every byte above 126 as \xhh; at most
// `limit` bytes of `text`, then "...".
std::string quotedExcerpt(std::string_view text, std::size_t limit);

}  // namespace reversi
