// Reading the project's own JSON files back (results kept for resuming and merging, grading results):
// a small, strict parser of JSON values, with bounded nesting, that throws on anything malformed.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace reversi {

struct JsonValue {
    enum class Type { kNull, kBool, kNumber, kString, kArray, kObject } type = Type::kNull;
    bool boolean = false;
    double number = 0;
    std::string text;
    std::vector<JsonValue> items;                // an array's values
    std::map<std::string, JsonValue> members;    // an object's members

    // Accessors that throw std::invalid_argument naming the member when it is missing or of another type.
    const JsonValue& at(const std::string& key) const;
    bool has(const std::string& key) const { return type == Type::kObject && members.count(key) != 0; }
    double asNumber() const;
    long long asInteger() const;
    const std::string& asString() const;
    const std::vector<JsonValue>& asArray() const;
};

// Parses one JSON value (surrounding whitespace allowed); throws std::invalid_argument.
JsonValue parseJson(const std::string& text);

// A string as a JSON string literal (quotes, escapes).
std::string jsonQuote(const std::string& text);

}  // namespace reversi
