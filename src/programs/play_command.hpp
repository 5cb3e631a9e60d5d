// `reversi play` and `reversi replay FILE` as commands: games for people at a terminal, and saved games
// shown move by move. The command line's options are merged with the settings remembered in
// $XDG_CONFIG_HOME/reversi/play.conf (or ~/.config/...), Ctrl-C prints the game so far, and a game played
// at a terminal writes what it chose back to the settings.
#pragma once

#include <cstdint>
#include <string>

namespace reversi {

// The options of `reversi play` as given (0, -1 or empty: not given).
struct PlayArgs {
    int size = 0;
    std::string black, white, blackName, whiteName;
    int level = -1;
    double moveTime = 0;
    bool color = false, noColor = false, ascii = false;
    bool showMoves = false, noShowMoves = false;
    double delay = -1;
    bool ask = false, noAsk = false;
    std::string load, record, config;
    double hintTime = 0.5;
    bool scroll = false, noRemember = false;
    std::uint64_t seed = 0;
    bool seedGiven = false;
};

// The options of `reversi replay`.
struct ReplayArgs {
    std::string file;
    bool color = false, noColor = false, ascii = false, step = false, noStep = false;
    double delay = 0;
};

// Exit status as docs/playing.md says: 0 after a game or a quit, 1 when the input ended, 2 for options
// that cannot be played.
int runPlay(const PlayArgs& a);
int runReplayCommand(const ReplayArgs& a);

}  // namespace reversi
