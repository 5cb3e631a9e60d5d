#include "arena/saved_game.hpp"

#include "platform/atomic_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace reversi {

namespace {

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
    char text[512];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    return text;
}

}  // namespace

std::string formatSavedGame(const std::string& fmt, const std::vector<Player>& players, const GameRecord& game) {
    const GameResult& r = game.result;
    std::string text = format("# game %d: black %s, white %s, %dx%d", game.task.index + 1,
                              players[game.task.black].name.c_str(), players[game.task.white].name.c_str(), r.size,
                              r.size);
    if (r.openingPlies) text += format(", first %d plies a random opening", r.openingPlies);
    text += format("\n# result: %s %d-%d (black-white)\n",
                   r.winner == 'D' ? "draw" : r.winner == 'B' ? "black wins" : "white wins", r.blackDiscs, r.whiteDiscs);
    if (r.forfeitBy) text += format("# %s lost by a fault: ", r.forfeitBy == 'B' ? "black" : "white") + r.reason + "\n";
    if (fmt == "lab") {
        text += std::to_string(r.size) + "\n";
        for (const Move m : r.moves) text += labMove(m) + "\n";
    } else {
        text += std::to_string(r.size) + " " + compactMoveList(r.moves) + "\n";
    }
    return text;
}

int saveGames(const std::string& dir, const std::string& fmt, const std::vector<Player>& players,
              const std::vector<GameRecord>& games) {
    if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        throw std::runtime_error("cannot create " + dir + ": " + std::strerror(errno));
    int written = 0;
    for (const GameRecord& game : games) {
        const std::string path = dir + format("/game-%04d.txt", game.task.index + 1);
        writeFileAtomically(path, formatSavedGame(fmt, players, game));
        ++written;
    }
    return written;
}

SavedGame parseSavedGame(const std::string& text) {
    std::istringstream in(text);
    std::string line, body;
    while (std::getline(in, line))
        if (line.empty() || line[0] != '#') body += line + "\n";
    std::istringstream words(body);
    SavedGame game;
    if (!(words >> game.size) || !isValidSize(game.size))
        throw std::invalid_argument("a saved game starts with its board size (an even number from 4 to 26)");
    std::string rest((std::istreambuf_iterator<char>(words)), std::istreambuf_iterator<char>());
    game.moves = parseMoveList(rest, game.size);
    return game;
}

}  // namespace reversi
