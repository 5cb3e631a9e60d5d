// The project's JSON files (results of matches and tournaments, stored games, grades), written and read
// through nlohmann-json in the layout they have always had: an object with one member per line, arrays
// of objects with one element per line, everything else on one line with ", " and ": " between items.
// Text from students' programs need not be UTF-8: writing never throws, invalid bytes become U+FFFD.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace reversi {

// Members keep the order they were added in, so that a file's fields stay in the order readers know.
using Json = nlohmann::ordered_json;

// A number with at most `digits` significant digits, as printf's %g writes it: an integral value
// without a decimal point; a value that is not finite (an infinite Elo) is null.
Json jsonNumber(double value, int digits);

// `value` on one line: {"a": 1, "b": [1, 2]}.
std::string jsonLine(const Json& value);
// An object as a file: one member per line (two spaces in); a member that is an array of objects, or
// an empty array, with one element per line (four spaces in). Ends with a newline.
std::string jsonDocument(const Json& object);

// Parses one JSON value; throws std::invalid_argument on malformed text.
Json parseJsonText(const std::string& text);
// An object's member of the expected type; each throws std::invalid_argument naming `key` when the
// member is missing or of another type (a number with a fraction is not a whole number).
std::int64_t jsonInteger(const Json& object, const char* key);
std::uint64_t jsonUnsigned(const Json& object, const char* key);
double jsonDouble(const Json& object, const char* key);
const std::string& jsonString(const Json& object, const char* key);
const Json& jsonArray(const Json& object, const char* key);
std::vector<std::int64_t> jsonIntegers(const Json& object, const char* key);
std::vector<double> jsonDoubles(const Json& object, const char* key);
std::vector<std::string> jsonStrings(const Json& object, const char* key);

}  // namespace reversi
