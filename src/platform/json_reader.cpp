#include "platform/json_reader.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace reversi {

namespace {

class Parser {
public:
    explicit Parser(const std::string& text) : s_(text) {}

    JsonValue document() {
        JsonValue v = value(0);
        skipSpace();
        if (i_ != s_.size()) fail("text after the value");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& why) const {
        throw std::invalid_argument("bad JSON at offset " + std::to_string(i_) + ": " + why);
    }
    void skipSpace() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
    }
    bool literal(const char* word) {
        const std::string w(word);
        if (s_.compare(i_, w.size(), w) != 0) return false;
        i_ += w.size();
        return true;
    }
    JsonValue value(int depth) {
        if (depth > 64) fail("nested too deep");
        skipSpace();
        if (i_ >= s_.size()) fail("end of text");
        JsonValue v;
        const char ch = s_[i_];
        if (ch == '{') {
            v.type = JsonValue::Type::kObject;
            ++i_;
            skipSpace();
            if (i_ < s_.size() && s_[i_] == '}') return ++i_, v;
            for (;;) {
                skipSpace();
                if (i_ >= s_.size() || s_[i_] != '"') fail("expected a member name");
                std::string key = string();
                skipSpace();
                if (i_ >= s_.size() || s_[i_] != ':') fail("expected ':'");
                ++i_;
                v.members[key] = value(depth + 1);
                skipSpace();
                if (i_ < s_.size() && s_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < s_.size() && s_[i_] == '}') return ++i_, v;
                fail("expected ',' or '}'");
            }
        }
        if (ch == '[') {
            v.type = JsonValue::Type::kArray;
            ++i_;
            skipSpace();
            if (i_ < s_.size() && s_[i_] == ']') return ++i_, v;
            for (;;) {
                v.items.push_back(value(depth + 1));
                skipSpace();
                if (i_ < s_.size() && s_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < s_.size() && s_[i_] == ']') return ++i_, v;
                fail("expected ',' or ']'");
            }
        }
        if (ch == '"') {
            v.type = JsonValue::Type::kString;
            v.text = string();
            return v;
        }
        if (literal("true")) return v.type = JsonValue::Type::kBool, v.boolean = true, v;
        if (literal("false")) return v.type = JsonValue::Type::kBool, v;
        if (literal("null")) return v;
        if (ch == '-' || (ch >= '0' && ch <= '9')) {
            const char* start = s_.c_str() + i_;
            char* end = nullptr;
            v.number = std::strtod(start, &end);
            if (end == start || !std::isfinite(v.number)) fail("bad number");
            i_ += static_cast<std::size_t>(end - start);
            v.type = JsonValue::Type::kNumber;
            return v;
        }
        fail("unexpected character");
    }
    std::string string() {
        ++i_;  // the opening quote
        std::string out;
        while (i_ < s_.size() && s_[i_] != '"') {
            char ch = s_[i_++];
            if (static_cast<unsigned char>(ch) < 0x20) fail("control character in a string");
            if (ch != '\\') {
                out += ch;
                continue;
            }
            if (i_ >= s_.size()) fail("end of text in a string");
            ch = s_[i_++];
            switch (ch) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    if (i_ + 4 > s_.size()) fail("short \\u escape");
                    const unsigned code = static_cast<unsigned>(std::strtoul(s_.substr(i_, 4).c_str(), nullptr, 16));
                    i_ += 4;
                    if (code < 0x80) {
                        out += static_cast<char>(code);
                    } else if (code < 0x800) {
                        out += static_cast<char>(0xc0 | (code >> 6));
                        out += static_cast<char>(0x80 | (code & 0x3f));
                    } else {
                        out += static_cast<char>(0xe0 | (code >> 12));
                        out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
                        out += static_cast<char>(0x80 | (code & 0x3f));
                    }
                    break;
                }
                default: fail("bad escape");
            }
        }
        if (i_ >= s_.size()) fail("unterminated string");
        ++i_;
        return out;
    }

    const std::string& s_;
    std::size_t i_ = 0;
};

}  // namespace

const JsonValue& JsonValue::at(const std::string& key) const {
    if (type != Type::kObject) throw std::invalid_argument("expected an object with \"" + key + "\"");
    const auto found = members.find(key);
    if (found == members.end()) throw std::invalid_argument("missing \"" + key + "\"");
    return found->second;
}

double JsonValue::asNumber() const {
    if (type != Type::kNumber) throw std::invalid_argument("expected a number");
    return number;
}

long long JsonValue::asInteger() const {
    const double v = asNumber();
    if (v != std::floor(v) || std::fabs(v) > 9.0e15) throw std::invalid_argument("expected a whole number");
    return static_cast<long long>(v);
}

const std::string& JsonValue::asString() const {
    if (type != Type::kString) throw std::invalid_argument("expected a string");
    return text;
}

const std::vector<JsonValue>& JsonValue::asArray() const {
    if (type != Type::kArray) throw std::invalid_argument("expected an array");
    return items;
}

JsonValue parseJson(const std::string& text) { return Parser(text).document(); }

std::string jsonQuote(const std::string& text) {
    std::string out = "\"";
    for (const char ch : text) {
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (static_cast<unsigned char>(ch) < 32) {
            char code[8];
            std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned char>(ch));
            out += code;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

}  // namespace reversi
