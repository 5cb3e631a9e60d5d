#include "programs/settings.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "platform/printable.hpp"
#include "platform/text_file.hpp"
#include "rules/board.hpp"
#include "rules/game_record.hpp"
#include "arena/player.hpp"

namespace reversi {

namespace {

std::string withoutByteOrderMark(const std::string& text) {
    return text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? text.substr(3) : text;
}

std::string trim(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
    return s.substr(b, e - b);
}

bool parseInt(const std::string& text, int& value) {
    if (text.empty() || text.size() > 6) return false;
    char* end = nullptr;
    const long v = std::strtol(text.c_str(), &end, 10);
    if (*end != '\0') return false;
    value = static_cast<int>(v);
    return true;
}

bool parseDouble(const std::string& text, double& value) {
    if (text.empty() || text.size() > 20) return false;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (*end != '\0' || !(v == v)) return false;
    value = v;
    return true;
}

bool parseBool(const std::string& text, bool& value) {
    if (text == "on" || text == "yes" || text == "true" || text == "1") return value = true, true;
    if (text == "off" || text == "no" || text == "false" || text == "0") return value = false, true;
    return false;
}

std::string formatDouble(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

void makeDirectories(const std::string& dir) {
    if (dir.empty()) return;
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0) return;
    const std::size_t slash = dir.find_last_of('/');
    if (slash != std::string::npos && slash > 0) makeDirectories(dir.substr(0, slash));
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
        throw std::runtime_error("cannot create " + dir + ": " + std::strerror(errno));
}

}  // namespace

std::string checkSeatSpec(const std::string& spec) {
    if (spec == "human") return "";
    try {
        const Player player = parsePlayer(spec);
        const PlayerKind k = player.kind;
        if (k != PlayerKind::kRandom && k != PlayerKind::kGreedy && k != PlayerKind::kSmarter &&
            k != PlayerKind::kSmartest && k != PlayerKind::kPart2)
            return "\"" + spec + "\": only built-in players can take a seat in `reversi play`";
    } catch (const std::exception& e) {
        return std::string(e.what()) + " (or \"human\")";
    }
    return "";
}

std::string defaultSettingsPath() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && *xdg == '/') return std::string(xdg) + "/reversi/play.conf";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::string(home) + "/.config/reversi/play.conf";
    return "";
}

PlaySettings parseSettings(const std::string& text, std::vector<std::string>& warnings) {
    PlaySettings s;
    std::istringstream in(withoutByteOrderMark(text));
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        const std::size_t eq = line.find('=');
        const std::string where = "line " + std::to_string(number) + ": ";
        if (eq == std::string::npos) {
            warnings.push_back(where + "expected key = value");
            continue;
        }
        const std::string key = trim(line.substr(0, eq));
        const std::string value = trim(line.substr(eq + 1));
        bool ok = true;
        if (key == "size") {
            int n = 0;
            ok = parseInt(value, n) && isValidSize(n);
            if (ok) s.size = n;
        } else if (key == "black" || key == "white") {
            ok = checkSeatSpec(value).empty();
            if (ok) (key == "black" ? s.black : s.white) = value;
        } else if (key == "black_name" || key == "white_name") {
            ok = value.size() <= 40;
            if (ok) (key == "black_name" ? s.blackName : s.whiteName) = value;
        } else if (key == "level") {
            int level = 0;
            ok = parseInt(value, level) && level >= 0 && level <= 64;
            if (ok) s.level = level;
        } else if (key == "move_time") {
            double t = 0;
            ok = parseDouble(value, t) && t >= 0.001 && t <= 60;
            if (ok) s.moveTime = t;
        } else if (key == "color") {
            ok = value == "auto" || value == "on" || value == "off";
            if (ok) s.color = value;
        } else if (key == "show_moves") {
            ok = parseBool(value, s.showMoves);
        } else if (key == "delay") {
            double d = 0;
            ok = parseDouble(value, d) && d >= 0 && d <= 60;
            if (ok) s.delay = d;
        } else {
            warnings.push_back(where + "unknown setting \"" + printable(key, 40) + "\"");
            continue;
        }
        if (!ok) warnings.push_back(where + "bad value \"" + printable(value, 60) + "\" for " + key + " (ignored)");
    }
    return s;
}

std::string formatSettings(const PlaySettings& s) {
    std::string text =
        "# reversi play: the settings of the last game, used as the defaults of the next one.\n"
        "# Command-line options override them. Seats: human, greedy, smarter, smartest, random[:SEED],\n"
        "# part2[:time=S,depth=D,eval=hand]. color: auto, on or off.\n";
    text += "size = " + std::to_string(s.size) + "\n";
    text += "black = " + s.black + "\n";
    text += "white = " + s.white + "\n";
    text += "black_name = " + s.blackName + "\n";
    text += "white_name = " + s.whiteName + "\n";
    text += "level = " + std::to_string(s.level) + "\n";
    text += "move_time = " + formatDouble(s.moveTime) + "\n";
    text += "color = " + s.color + "\n";
    text += std::string("show_moves = ") + (s.showMoves ? "on" : "off") + "\n";
    text += "delay = " + formatDouble(s.delay) + "\n";
    return text;
}

namespace {

// The file's text within kSettingsFileLimits; empty when there is no file. Throws TextFileError.
std::string readSettingsText(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) return "";
    const auto in = openTextFile(path);
    TextLineReader reader(*in, path, kSettingsFileLimits);
    std::string text, line;
    while (reader.next(line)) text += line + "\n";
    return text;
}

}  // namespace

PlaySettings loadSettings(const std::string& path, std::vector<std::string>& warnings) {
    std::string text;
    try {
        text = readSettingsText(path);
    } catch (const TextFileError& e) {
        warnings.push_back(std::string(e.what()) + " (the settings file is ignored)");
        return {};
    }
    std::vector<std::string> raw;
    PlaySettings s = parseSettings(text, raw);
    for (const std::string& w : raw) warnings.push_back(path + ": " + w);
    return s;
}

void saveSettings(const std::string& path, const PlaySettings& settings) {
    const std::size_t slash = path.find_last_of('/');
    if (slash != std::string::npos && slash > 0) makeDirectories(path.substr(0, slash));
    writeFileAtomically(path, formatSettings(settings));
}

}  // namespace reversi
