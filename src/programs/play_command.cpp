#include "programs/play_command.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <random>

#include "platform/printable.hpp"
#include "programs/play_session.hpp"
#include "programs/settings.hpp"

namespace reversi {

namespace {

// For the interrupt handler: the game so far, kept up to date after every move.
char g_record[2 * kMaxSize * kMaxSize * 3 + 64];
volatile std::sig_atomic_t g_colour = 0;

void onInterrupt(int) {
    auto say = [](const char* text) {
        const ssize_t ignored = ::write(2, text, std::strlen(text));
        (void)ignored;
    };
    if (g_colour) say("\033[0m");
    say("\nreversi: interrupted");
    if (g_record[0]) {
        say("; the game so far: ");
        say(g_record);
    }
    say("\n");
    std::_Exit(130);
}

void keepRecord(const std::string& record) {
    // Copy without a terminator first, so that a signal mid-copy sees the old or a shorter record.
    const std::size_t n = std::min(record.size(), sizeof g_record - 1);
    g_record[0] = '\0';
    std::memcpy(g_record + 1, record.data() + (n ? 1 : 0), n ? n - 1 : 0);
    g_record[n] = '\0';
    if (n) g_record[0] = record[0];
}

// Escape codes only where a person reads them: --color forces them for this run, --no-color or a
// remembered "off" turns them off; otherwise only a terminal (without NO_COLOR) gets colours. A
// remembered "on" means "on at a terminal", so an old setting never leaks escapes into a pipe.
bool decideColour(bool on, bool off, const std::string& remembered) {
    if (on) return true;
    if (off) return false;
    if (remembered == "off") return false;
    const char* noColor = std::getenv("NO_COLOR");
    return isTerminal(1) && !(noColor && *noColor);
}

// A name from the command line: spaces around it dropped, "-" for none; false (with a message) when it
// cannot be a name.
bool takeName(const std::string& given, const char* option, std::string& name) {
    std::size_t b = 0, e = given.size();
    while (b < e && (given[b] == ' ' || given[b] == '\t')) ++b;
    while (e > b && (given[e - 1] == ' ' || given[e - 1] == '\t')) --e;
    const std::string text = given.substr(b, e - b);
    if (!isValidName(text)) {
        std::cerr << "reversi play: " << option << " \"" << printable(text, 60) << "\": a name has at most "
                  << kMaxNameLength << " characters and no control characters\n";
        return false;
    }
    name = text == "-" ? "" : text;
    return true;
}

// The options override the remembered settings (and are remembered in turn); false, with a message,
// when they cannot be played.
bool applyOptions(const PlayArgs& a, PlaySettings& s) {
    if (a.size && !isValidSize(a.size)) {
        std::cerr << "reversi play: --size must be an even number from 4 to 26\n";
        return false;
    }
    if (a.size) s.size = a.size;
    if (!a.black.empty()) s.black = a.black;
    if (!a.white.empty()) s.white = a.white;
    if (!a.blackName.empty() && !takeName(a.blackName, "--black-name", s.blackName)) return false;
    if (!a.whiteName.empty() && !takeName(a.whiteName, "--white-name", s.whiteName)) return false;
    if (a.level >= 0) s.level = a.level;
    if (a.moveTime > 0) s.moveTime = a.moveTime;
    if (a.color) s.color = "auto";  // remembered as "colours at a terminal"; forced for this run only
    if (a.noColor) s.color = "off";
    if (a.showMoves) s.showMoves = true;
    if (a.noShowMoves) s.showMoves = false;
    if (a.delay >= 0) s.delay = a.delay;
    for (const std::string* spec : {&s.black, &s.white}) {
        const std::string problem = checkSeatSpec(*spec);
        if (!problem.empty()) {
            std::cerr << "reversi play: " << printable(problem) << "\n";
            return false;
        }
    }
    return true;
}

PlayOptions sessionOptions(const PlayArgs& a, const PlaySettings& s, bool interactive) {
    PlayOptions o;
    o.size = s.size;
    o.black = {applyEngineSettings(s.black, s.level, s.moveTime), s.blackName};
    o.white = {applyEngineSettings(s.white, s.level, s.moveTime), s.whiteName};
    o.hintEngine.moveTime = a.hintTime;
    o.view.color = decideColour(a.color, a.noColor, s.color);
    o.view.unicode = o.view.color && !a.ascii && localeIsUtf8();
    o.clearScreen = o.view.color && isTerminal(1) && !a.scroll;
    o.showMoves = s.showMoves;
    // The pace of computer against computer: the remembered delay at a terminal, none into a pipe
    // unless asked for.
    o.delay = a.delay >= 0 ? a.delay : isTerminal(1) ? s.delay : 0;
    o.askPlayAgain = interactive;
    o.echoInput = !interactive;
    o.recordPath = a.record;
    o.seed = a.seedGiven ? a.seed : std::random_device{}();
    return o;
}

// A saved game to continue: its size and moves; false, with a message, when it cannot be read.
bool loadStart(const std::string& path, PlayOptions& o) {
    try {
        const RecordedGame game = loadRecordedGame(path);
        o.size = game.size;
        o.startMoves = game.moves;
        return true;
    } catch (const std::exception& e) {
        std::cerr << "reversi play: " << printable(e.what()) << "\n";
        return false;
    }
}

// The session with Ctrl-C and SIGTERM printing the game so far.
int playInterruptibly(PlayOptions& o) {
    o.onRecord = keepRecord;
    g_colour = o.view.color ? 1 : 0;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    const int status = runPlaySession(std::cin, std::cout, std::cerr, o);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return status;
}

}  // namespace

int runPlay(const PlayArgs& a) {
    const std::string configPath = a.config.empty() ? defaultSettingsPath() : a.config;
    std::vector<std::string> warnings;
    PlaySettings s = configPath.empty() ? PlaySettings{} : loadSettings(configPath, warnings);
    for (const std::string& w : warnings) std::cerr << "reversi: " << w << "\n";
    const PlaySettings remembered = s;
    if (!applyOptions(a, s)) return 2;

    const bool interactive = isTerminal(0);
    const bool seatsGiven = !a.black.empty() || !a.white.empty() || a.size || !a.load.empty();
    if (a.ask || (interactive && !a.noAsk && !seatsGiven)) {
        if (!askPlaySettings(std::cin, std::cout, s)) {
            std::cerr << "\nreversi: input ended before the game started\n";
            return 1;
        }
    }
    PlayOptions o = sessionOptions(a, s, interactive);
    if (!a.load.empty() && !loadStart(a.load, o)) return 2;
    const int status = playInterruptibly(o);
    // Only a game played at a terminal teaches the next one, and only what it chose: a piped run, a
    // game cut short by the end of the input (or Ctrl-C) and a run that changed nothing leave the file
    // as it is.
    if (!a.noRemember && !configPath.empty() && interactive && status == 0 && !(s == remembered)) {
        try {
            saveSettings(configPath, s);
        } catch (const std::exception& e) {
            std::cerr << "reversi: cannot remember the settings: " << printable(e.what()) << "\n";
        }
    }
    return status;
}

int runReplayCommand(const ReplayArgs& a) {
    RecordedGame game;
    try {
        game = loadRecordedGame(a.file);
    } catch (const std::exception& e) {
        std::cerr << "reversi replay: " << printable(e.what()) << "\n";
        return 2;
    }
    ViewOptions view;
    std::vector<std::string> ignored;
    const std::string configPath = defaultSettingsPath();
    const PlaySettings s = configPath.empty() ? PlaySettings{} : loadSettings(configPath, ignored);
    view.color = decideColour(a.color, a.noColor, s.color);
    view.unicode = view.color && !a.ascii && localeIsUtf8();
    const bool wait = !a.noStep && a.delay <= 0 && (a.step || (isTerminal(0) && isTerminal(1)));
    g_colour = view.color ? 1 : 0;
    std::signal(SIGINT, onInterrupt);
    return runReplay(game, std::cin, std::cout, std::cerr, view, view.color && isTerminal(1), wait, a.delay);
}

}  // namespace reversi
