// `reversi play`'s remembered settings: a small "key = value" file in the user's configuration
// directory ($XDG_CONFIG_HOME/reversi/play.conf, or ~/.config/reversi/play.conf), read at the start
// of a game and written back with the settings the game was played with, as the GUI seed keeps its
// players' properties between games; and the questions that set them at the start of a game.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "platform/text_file.hpp"
#include "search/types.hpp"

namespace reversi {

struct PlaySettings {
    int size = 8;
    std::string black = "human";  // "human" or a built-in player spec (greedy, part2:time=0.5, ...)
    std::string white = "part2";
    std::string blackName;        // shown next to the colour; empty: the seat type
    std::string whiteName;
    int level = 0;                // part2 search depth cap (0: as deep as the move time allows)
    double moveTime = EngineOptions{}.moveTime;  // part2 CPU seconds per move
    std::string color = "auto";   // auto (when the output is a terminal), on, off
    bool showMoves = false;       // mark the legal moves on every board
    double delay = 0.6;           // seconds between moves when two computers play at a terminal

    friend bool operator==(const PlaySettings&, const PlaySettings&) = default;
};

// The settings file's path from the environment; empty when neither XDG_CONFIG_HOME nor HOME is set.
std::string defaultSettingsPath();

// The limits of the settings file: lines of 1024 characters, 64 KiB in all.
inline constexpr TextLimits kSettingsFileLimits{1024, std::size_t{64} << 10};

// A player's name: at most kMaxNameLength bytes, no control characters (a newline would start a line of
// the settings file, an escape would reach the terminal).
constexpr std::size_t kMaxNameLength = 40;
bool isValidName(const std::string& name);

// Parses a settings file's text. Unknown keys and bad values are skipped with a message each in
// `warnings` (the default or earlier value stays).
PlaySettings parseSettings(const std::string& text, std::vector<std::string>& warnings);
// A new settings file: the comment at the top and every setting.
std::string formatSettings(const PlaySettings& settings);
// `oldText` with every setting's line given the value of `settings` (settings it lacks are added at
// the end): comments, blank lines and unknown keys stay as they are. formatSettings when empty.
std::string updateSettingsText(const std::string& oldText, const PlaySettings& settings);

// Reads `path` (within kSettingsFileLimits); a missing file gives the defaults without a warning, a
// file that cannot be read (a directory, too long a line) the defaults with one.
PlaySettings loadSettings(const std::string& path, std::vector<std::string>& warnings);
// Writes `path` atomically with updateSettingsText of its old contents, creating its directory (and
// parents) when missing. Throws std::runtime_error on failure, and when the old file cannot be read
// (it is then left as it is).
void saveSettings(const std::string& path, const PlaySettings& settings);

// Checks a seat type: "human" or a built-in player spec. Returns an error message, empty when valid.
std::string checkSeatSpec(const std::string& spec);

// The setup questions at the start of a game (size, each seat and name, the engine's level and move
// time), each showing the current value, which Enter keeps. Returns false when the input ended.
bool askPlaySettings(std::istream& in, std::ostream& out, PlaySettings& settings);

}  // namespace reversi
