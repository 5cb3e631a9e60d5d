// Rewriting the play settings file (updateSettingsText): whatever the old file holds, the new text
// parses to exactly the settings written, and every line that is not a known setting (comments, blank
// lines, unknown keys, garbage) is still there, in its order.
#include <sstream>
#include <vector>

#include "fuzz_common.hpp"
#include "programs/settings.hpp"

using namespace reversi;

namespace {

std::string trimmed(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
    return s.substr(b, e - b);
}

bool isSettingLine(const std::string& line) {
    static const char* const kKeys[] = {"size",  "black",     "white", "black_name", "white_name",
                                        "level", "move_time", "color", "show_moves", "delay"};
    const std::string t = trimmed(line);
    const std::size_t eq = t.find('=');
    if (t.empty() || t[0] == '#' || eq == std::string::npos) return false;
    const std::string key = trimmed(t.substr(0, eq));
    for (const char* k : kKeys)
        if (key == k) return true;
    return false;
}

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
    return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const unsigned change = fuzzTakeByte(data, size);
    std::string old = fuzzText(data, size);
    std::vector<std::string> warnings;
    PlaySettings s = parseSettings(old, warnings);
    // What a game might have chosen.
    static const char* const kSeats[] = {"human", "greedy", "smartest", "part2:time=0.1", "random:7"};
    static const char* const kNames[] = {"", "Ann", "Jos\xC3\xA9 Smith", "# not a comment", "a = b"};
    if (change & 1) s.size = 4 + 2 * static_cast<int>((change >> 1) % 12);
    if (change & 2) s.black = kSeats[(change >> 2) % 5];
    if (change & 4) s.whiteName = kNames[(change >> 3) % 5];
    if (change & 8) s.color = (change & 16) ? "off" : "on";
    if (change & 32) s.delay = (change >> 6) * 0.25;

    const std::string text = updateSettingsText(old, s);
    std::vector<std::string> again;
    FUZZ_CHECK(parseSettings(text, again) == s);
    if (old.compare(0, 3, "\xEF\xBB\xBF") == 0) old.erase(0, 3);
    const std::vector<std::string> newLines = linesOf(text);
    std::size_t at = 0;
    for (const std::string& line : linesOf(old)) {
        if (isSettingLine(line)) continue;
        while (at < newLines.size() && newLines[at] != line) ++at;
        FUZZ_CHECK(at < newLines.size());  // kept, in order
        ++at;
    }
    return 0;
}
