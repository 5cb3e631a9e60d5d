#include "platform/json_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <stdexcept>

namespace reversi {

namespace {

// Scalars (and keys) through nlohmann's serializer: escapes as JSON requires, invalid UTF-8 replaced.
// Negative zero (the Elo of an even score) stays "-0", as printf wrote it, where nlohmann writes "-0.0".
std::string scalarText(const Json& value) {
    if (value.is_number_float() && value.get<double>() == 0 && std::signbit(value.get<double>())) return "-0";
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool listsByLine(const Json& value) {
    if (!value.is_array()) return false;
    if (value.empty()) return true;
    for (const Json& item : value)
        if (item.is_object()) return true;
    return false;
}

const Json& member(const Json& object, const char* key) {
    if (!object.is_object()) throw std::invalid_argument(std::string("expected an object with \"") + key + "\"");
    const auto found = object.find(key);
    if (found == object.end()) throw std::invalid_argument(std::string("missing \"") + key + "\"");
    return *found;
}

}  // namespace

Json jsonNumber(double value, int digits) {
    if (!std::isfinite(value)) return nullptr;
    char text[64];
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    const double rounded = std::strtod(text, nullptr);
    // nlohmann writes the shortest text that reads back as `rounded`: the same digits as %g's.
    if (rounded == std::floor(rounded) && std::fabs(rounded) < 9.0e15 && !(rounded == 0 && std::signbit(rounded)))
        return static_cast<std::int64_t>(rounded);
    return rounded;
}

std::string jsonLine(const Json& value) {
    std::string text;
    if (value.is_object()) {
        for (const auto& [key, item] : value.items())
            text += (text.empty() ? "{" : ", ") + scalarText(key) + ": " + jsonLine(item);
        return text.empty() ? "{}" : text + "}";
    }
    if (value.is_array()) {
        for (const Json& item : value) text += (text.empty() ? "[" : ", ") + jsonLine(item);
        return text.empty() ? "[]" : text + "]";
    }
    return scalarText(value);
}

std::string jsonDocument(const Json& object) {
    std::string text = "{\n";
    std::size_t left = object.size();
    for (const auto& [key, item] : object.items()) {
        text += "  " + scalarText(key) + ": ";
        if (listsByLine(item)) {
            text += "[\n";
            for (std::size_t i = 0; i < item.size(); ++i)
                text += "    " + jsonLine(item[i]) + (i + 1 < item.size() ? ",\n" : "\n");
            text += "  ]";
        } else {
            text += jsonLine(item);
        }
        text += --left ? ",\n" : "\n";
    }
    return text + "}\n";
}

Json parseJsonText(const std::string& text) {
    try {
        return Json::parse(text);
    } catch (const Json::exception& e) {
        std::string why = e.what();
        const std::size_t end = why.rfind("] ", why.find(' '));  // nlohmann's "[json.exception.parse_error.101] "
        throw std::invalid_argument("bad JSON: " + (end == std::string::npos ? why : why.substr(end + 2)));
    }
}

std::int64_t jsonInteger(const Json& object, const char* key) {
    const Json& value = member(object, key);
    if (!value.is_number_integer() || (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX))
        throw std::invalid_argument(std::string("\"") + key + "\" is not a whole number");
    return value.get<std::int64_t>();
}

std::uint64_t jsonUnsigned(const Json& object, const char* key) {
    const Json& value = member(object, key);
    if (!value.is_number_unsigned())
        throw std::invalid_argument(std::string("\"") + key + "\" is not a whole number from 0");
    return value.get<std::uint64_t>();
}

double jsonDouble(const Json& object, const char* key) {
    const Json& value = member(object, key);
    if (!value.is_number()) throw std::invalid_argument(std::string("\"") + key + "\" is not a number");
    return value.get<double>();
}

const std::string& jsonString(const Json& object, const char* key) {
    const Json& value = member(object, key);
    if (!value.is_string()) throw std::invalid_argument(std::string("\"") + key + "\" is not a string");
    return value.get_ref<const std::string&>();
}

const Json& jsonArray(const Json& object, const char* key) {
    const Json& value = member(object, key);
    if (!value.is_array()) throw std::invalid_argument(std::string("\"") + key + "\" is not an array");
    return value;
}

std::vector<std::int64_t> jsonIntegers(const Json& object, const char* key) {
    std::vector<std::int64_t> values;
    for (const Json& item : jsonArray(object, key)) values.push_back(jsonInteger(Json{{key, item}}, key));
    return values;
}

std::vector<double> jsonDoubles(const Json& object, const char* key) {
    std::vector<double> values;
    for (const Json& item : jsonArray(object, key)) values.push_back(jsonDouble(Json{{key, item}}, key));
    return values;
}

std::vector<std::string> jsonStrings(const Json& object, const char* key) {
    std::vector<std::string> values;
    for (const Json& item : jsonArray(object, key)) values.push_back(jsonString(Json{{key, item}}, key));
    return values;
}

}  // namespace reversi
