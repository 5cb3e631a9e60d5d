#include "programs/settings.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "platform/printable.hpp"
#include "platform/text_file.hpp"
#include "rules/board.hpp"
#include "rules/game_record.hpp"
#include "arena/player.hpp"
#include "programs/line_input.hpp"

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

// The shortest text that reads back as the same double (0.6, 0.1234567: six significant digits would
// turn the latter into another value).
std::string formatDouble(double v) {
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return ec == std::errc() ? std::string(buffer, end) : "0";
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
        const PlayerSpec player = parsePlayer(spec);
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

bool isValidName(const std::string& name) { return name.size() <= kMaxNameLength && !hasControlCharacters(name); }

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
            ok = isValidName(value);
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

namespace {

// The value lines of the settings, in the file's order.
std::vector<std::pair<std::string, std::string>> settingLines(const PlaySettings& s) {
    return {{"size", std::to_string(s.size)},
            {"black", s.black},
            {"white", s.white},
            {"black_name", s.blackName},
            {"white_name", s.whiteName},
            {"level", std::to_string(s.level)},
            {"move_time", formatDouble(s.moveTime)},
            {"color", s.color},
            {"show_moves", s.showMoves ? "on" : "off"},
            {"delay", formatDouble(s.delay)}};
}

std::string settingLine(const std::string& key, const std::string& value) {
    return key + " = " + value + "\n";
}

}  // namespace

std::string formatSettings(const PlaySettings& s) {
    std::string text =
        "# reversi play: the settings of the last game, used as the defaults of the next one.\n"
        "# Command-line options override them. Seats: human, greedy, smarter, smartest, random[:SEED],\n"
        "# part2[:time=S,depth=D,eval=hand]. color: auto, on or off.\n";
    for (const auto& [key, value] : settingLines(s)) text += settingLine(key, value);
    return text;
}

std::string updateSettingsText(const std::string& oldText, const PlaySettings& settings) {
    if (oldText.empty()) return formatSettings(settings);
    const auto values = settingLines(settings);
    std::vector<bool> written(values.size(), false);
    std::string text;
    std::istringstream in(withoutByteOrderMark(oldText));
    std::string line;
    while (std::getline(in, line)) {
        const std::string t = trim(line);
        const std::size_t eq = t.find('=');
        bool replaced = false;
        if (!t.empty() && t[0] != '#' && eq != std::string::npos) {
            const std::string key = trim(t.substr(0, eq));
            for (std::size_t k = 0; k < values.size(); ++k)
                if (values[k].first == key) {
                    text += settingLine(key, values[k].second);
                    written[k] = replaced = true;
                }
        }
        if (!replaced) text += line + "\n";
    }
    for (std::size_t k = 0; k < values.size(); ++k)
        if (!written[k]) text += settingLine(values[k].first, values[k].second);
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
    std::string old;
    try {
        old = readSettingsText(path);
    } catch (const TextFileError& e) {
        // What cannot be read cannot be kept: leave it as it is.
        throw std::runtime_error(std::string(e.what()) + " (left as it is)");
    }
    const std::size_t slash = path.find_last_of('/');
    if (slash != std::string::npos && slash > 0) makeDirectories(path.substr(0, slash));
    writeFileAtomically(path, updateSettingsText(old, settings));
}

namespace {

// The setup questions of askPlaySettings, each asked until the answer is accepted; Enter keeps the
// value shown. Each returns false when the input ended.
class SettingsQuestions {
public:
    SettingsQuestions(std::istream& in, std::ostream& out) : input_(in), out_(out) {}

    bool askSize(PlaySettings& s) {
        return ask("Board size (an even number from 4 to 26)", std::to_string(s.size), [&](const std::string& a) {
            double v = 0;
            if (!number(a, v) || v != std::floor(v) || !isValidSize(static_cast<int>(v)))
                return std::string("The size must be an even number from 4 to 26.");
            s.size = static_cast<int>(v);
            return std::string();
        });
    }

    bool askSeat(PlaySettings& s, char colour) {
        std::string& spec = colour == kBlack ? s.black : s.white;
        std::string& name = colour == kBlack ? s.blackName : s.whiteName;
        const std::string side = colourName(colour);
        return ask(side + ": human, greedy, smarter, smartest, random or part2", spec,
                   [&](const std::string& a) {
                       const std::string problem = checkSeatSpec(a);
                       if (problem.empty()) spec = a;
                       return printable(problem);
                   }) &&
               ask(side + "'s name (- for none)", name.empty() ? "none" : name, [&](const std::string& a) {
                   if (a.size() > kMaxNameLength) return std::string("At most 40 characters, please.");
                   if (hasControlCharacters(a)) return std::string("No control characters in a name, please.");
                   name = a;
                   return std::string();
               });
    }

    bool askEngine(PlaySettings& s) {
        std::ostringstream shownTime;
        shownTime << s.moveTime;
        return ask("part2 level (search depth 1-64, or 0 for as deep as the move time allows)",
                   std::to_string(s.level),
                   [&](const std::string& a) {
                       double v = 0;
                       if (!number(a, v) || v != std::floor(v) || v < 0 || v > 64)
                           return std::string("The level is a whole number from 0 to 64.");
                       s.level = static_cast<int>(v);
                       return std::string();
                   }) &&
               ask("part2 move time in CPU seconds", shownTime.str(), [&](const std::string& a) {
                   double v = 0;
                   if (!number(a, v) || !(v >= 0.001 && v <= 60))
                       return std::string("The move time is a number of seconds from 0.001 to 60.");
                   s.moveTime = v;
                   return std::string();
               });
    }

private:
    // Asks until `accept` takes the answer (it explains a refusal); Enter keeps `shown`.
    bool ask(const std::string& question, const std::string& shown,
             const std::function<std::string(const std::string&)>& accept) {
        while (true) {
            out_ << question << " [" << shown << "]: ";
            out_.flush();
            std::string line;
            if (!input_.readLine(line)) return false;
            std::istringstream words(line);
            std::string answer;
            words >> answer;
            if (answer.empty()) return true;
            if (question.find("name") != std::string::npos) {
                answer = line.substr(line.find_first_not_of(" \t"));
                while (!answer.empty() && (answer.back() == ' ' || answer.back() == '\t')) answer.pop_back();
                if (answer == "-") answer.clear();
            }
            const std::string problem = accept(answer);
            if (problem.empty()) return true;
            out_ << problem << "\n";
        }
    }
    static bool number(const std::string& text, double& value) {
        char* end = nullptr;
        value = std::strtod(text.c_str(), &end);
        return !text.empty() && *end == '\0' && value == value;
    }

    LineInput input_;
    std::ostream& out_;
};

}  // namespace

bool askPlaySettings(std::istream& in, std::ostream& out, PlaySettings& s) {
    SettingsQuestions questions(in, out);
    if (!questions.askSize(s)) return false;
    for (const char colour : {kBlack, kWhite})
        if (!questions.askSeat(s, colour)) return false;
    return (s.black != "part2" && s.white != "part2") || questions.askEngine(s);
}

}  // namespace reversi
