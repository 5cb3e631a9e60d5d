// Text for messages (platform/printable.hpp): printf into a string of any length, and a program's
// output quoted in a fault or a grade.
#include <catch2/catch.hpp>

#include <string>

#include "platform/printable.hpp"

using namespace reversi;

TEST_CASE("formatText: printf into a string of any length, no fixed buffer", "[printable]") {
    CHECK(formatText("%d-%d-%d", 3, 0, 1) == "3-0-1");
    CHECK(formatText("%+.0f", 190.4) == "+190");
    const std::string long_name(5000, 'x');  // past the 512 and 1024 bytes the old helpers cut at
    const std::string text = formatText("game %d (%s as B)", 7, long_name.c_str());
    CHECK(text.size() == 5000 + 14);
    CHECK(text.substr(text.size() - 6) == " as B)");
    CHECK(formatText("%s", "").empty());
}

TEST_CASE("quotedExcerpt: quotes and backslashes escaped, newline by name, other bytes in hex, cut at the limit", "[printable]") {
    CHECK(quotedExcerpt("a UUUU ", 80) == "\"a UUUU \"");
    CHECK(quotedExcerpt("say \"hi\"\\", 80) == "\"say \\\"hi\\\"\\\\\"");
    CHECK(quotedExcerpt("1\n2\t\x1b\xff", 80) == "\"1\\n2\\x09\\x1b\\xff\"");
    CHECK(quotedExcerpt("abcdef", 3) == "\"abc...\"");
}
