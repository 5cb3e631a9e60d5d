#include "arena/saved_game.hpp"

#include "platform/atomic_file.hpp"
#include "platform/printable.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace reversi {

namespace {

}  // namespace

std::string formatSavedGame(const std::string& fmt, const std::vector<PlayerSpec>& players, const GameRecord& game) {
    const GameResult& r = game.result;
    std::string text = formatText("# game %d: black %s, white %s, %dx%d", game.task.index + 1,
                              players[game.task.black].name.c_str(), players[game.task.white].name.c_str(), r.size,
                              r.size);
    if (r.openingPlies) text += formatText(", first %d plies the opening", r.openingPlies);
    text += formatText("\n# result: %s %d-%d (black-white)\n",
                   r.winner == 'D' ? "draw" : r.winner == 'B' ? "black wins" : "white wins", r.blackDiscs, r.whiteDiscs);
    if (r.forfeitBy) text += formatText("# %s lost by a fault: ", r.forfeitBy == 'B' ? "black" : "white") + r.reason + "\n";
    if (fmt == "lab") {
        text += std::to_string(r.size) + "\n";
        for (const Move m : r.moves) text += labMove(m) + "\n";
    } else {
        text += std::to_string(r.size) + " " + compactMoveList(r.moves) + "\n";
    }
    return text;
}

int saveGames(const std::string& dir, const std::string& fmt, const std::vector<PlayerSpec>& players,
              const std::vector<GameRecord>& games) {
    if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        throw std::runtime_error("cannot create " + dir + ": " + std::strerror(errno));
    int written = 0;
    for (const GameRecord& game : games) {
        const std::string path = dir + formatText("/game-%04d.txt", game.task.index + 1);
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
