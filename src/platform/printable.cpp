#include "platform/printable.hpp"

#include <cstdarg>
#include <cstdio>

namespace reversi {

namespace {

// Length of the valid UTF-8 sequence at text[i] (1 for ASCII), or 0 when the bytes there are not
// UTF-8 (stray continuation bytes, overlong forms, surrogates, beyond U+10FFFF, cut sequences).
std::size_t utf8Length(std::string_view text, std::size_t i, char32_t& codePoint) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(i);
    if (b < 0x80) {
        codePoint = b;
        return 1;
    }
    std::size_t length;
    char32_t cp;
    if (b >= 0xC2 && b <= 0xDF) length = 2, cp = b & 0x1F;
    else if (b >= 0xE0 && b <= 0xEF) length = 3, cp = b & 0x0F;
    else if (b >= 0xF0 && b <= 0xF4) length = 4, cp = b & 0x07;
    else return 0;
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    if ((length == 3 && cp < 0x800) || (length == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    codePoint = cp;
    return length;
}

bool isControl(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

void appendEscape(std::string& out, unsigned char b) {
    switch (b) {
        case '\0': out += "\\0"; return;
        case '\a': out += "\\a"; return;
        case '\b': out += "\\b"; return;
        case '\t': out += "\\t"; return;
        case '\n': out += "\\n"; return;
        case '\v': out += "\\v"; return;
        case '\f': out += "\\f"; return;
        case '\r': out += "\\r"; return;
        case 0x1B: out += "\\e"; return;
        default: {
            static const char kHex[] = "0123456789ABCDEF";
            out += "\\x";
            out += kHex[b >> 4];
            out += kHex[b & 15];
        }
    }
}

}  // namespace

std::string printable(std::string_view text, std::size_t maxBytes) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        char32_t cp = 0;
        const std::size_t length = utf8Length(text, i, cp);
        const std::size_t step = length == 0 ? 1 : length;
        if (i + step > maxBytes) {
            out += "...";
            return out;
        }
        if (length == 0 || isControl(cp)) {
            for (std::size_t k = 0; k < step; ++k) appendEscape(out, static_cast<unsigned char>(text[i + k]));
        } else {
            out.append(text.substr(i, step));
        }
        i += step;
    }
    return out;
}

bool hasControlCharacters(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const std::size_t length = utf8Length(text, i, cp);
        if (length == 0 || isControl(cp)) return true;
        i += length;
    }
    return false;
}

std::string formatText(const char* format, ...) {
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    const int length = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string text(length > 0 ? static_cast<std::size_t>(length) : 0, '\0');
    if (length > 0) std::vsnprintf(text.data(), text.size() + 1, format, again);
    va_end(again);
    return text;
}

std::string quotedExcerpt(std::string_view text, std::size_t limit) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
        const unsigned char ch = static_cast<unsigned char>(text[i]);
        if (ch == '\n')
            out += "\\n";
        else if (ch == '"' || ch == '\\')
            out += std::string("\\") + static_cast<char>(ch);
        else if (ch < 32 || ch >= 127)
            out += formatText("\\x%02x", ch);
        else
            out += static_cast<char>(ch);
    }
    if (text.size() > limit) out += "...";
    return out + "\"";
}

}  // namespace reversi
