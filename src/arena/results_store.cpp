#include "arena/results_store.hpp"

#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "platform/atomic_file.hpp"
#include "platform/json_reader.hpp"
#include "platform/text_file.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

std::string number(double value) {
    if (!std::isfinite(value)) return "0";
    char text[40];
    std::snprintf(text, sizeof text, "%.9g", value);
    return text;
}

// Settings and game records are a few KiB: a file far larger (or a device that never ends, linked in
// place of one) is refused instead of read into memory.
std::string readWhole(const std::string& path) { return readWholeFile(path, std::size_t{16} << 20); }

void makeDirectory(const std::string& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) throw std::runtime_error("cannot create " + dir + ": " + ec.message());
}

}  // namespace

std::string settingsJson(bool tournament, const std::vector<Player>& players, const MatchOptions& options) {
    std::string j = "{\n  \"kind\": " + jsonQuote(tournament ? "tournament" : "match") + ",\n  \"players\": [\n";
    for (std::size_t i = 0; i < players.size(); ++i)
        j += "    {\"name\": " + jsonQuote(players[i].name) + ", \"spec\": " + jsonQuote(players[i].spec) + "}" +
             (i + 1 < players.size() ? ",\n" : "\n");
    j += "  ],\n  \"sizes\": [";
    for (std::size_t i = 0; i < options.sizes.size(); ++i) j += (i ? ", " : "") + std::to_string(options.sizes[i]);
    j += "],\n  \"games_per_pair_and_size\": " + std::to_string(options.games) +
         ",\n  \"opening_plies\": " + std::to_string(options.openingPlies) +
         // Only when set, so that the results of matches from before the option still resume.
         (options.openingBalance >= 0 ? ",\n  \"opening_balance\": " + number(options.openingBalance) : std::string()) +
         ",\n  \"seed\": " + std::to_string(options.seed) + ",\n  \"time_limit\": " + number(options.referee.timeLimit) +
         ",\n  \"wall_limit\": " + number(options.referee.wallLimit) +
         ",\n  \"memory_limit_mib\": " + std::to_string(options.referee.limits.memoryBytes >> 20) +
         ",\n  \"run_as\": " + jsonQuote(options.referee.runAs) + "\n}\n";
    return j;
}

StoredSettings readSettings(const std::string& dir) {
    const std::string path = dir + "/settings.json";
    StoredSettings stored;
    try {
        const JsonValue j = parseJson(readWhole(path));
        const std::string kind = j.at("kind").asString();
        if (kind != "match" && kind != "tournament") throw std::invalid_argument("kind is neither match nor tournament");
        stored.tournament = kind == "tournament";
        for (const JsonValue& p : j.at("players").asArray()) {
            Player player = parsePlayer(p.at("spec").asString());
            player.name = p.at("name").asString();
            stored.players.push_back(std::move(player));
        }
        stored.options.sizes.clear();
        for (const JsonValue& n : j.at("sizes").asArray()) stored.options.sizes.push_back(static_cast<int>(n.asInteger()));
        stored.options.games = static_cast<int>(j.at("games_per_pair_and_size").asInteger());
        stored.options.openingPlies = static_cast<int>(j.at("opening_plies").asInteger());
        if (j.has("opening_balance")) stored.options.openingBalance = j.at("opening_balance").asNumber();
        stored.options.seed = static_cast<std::uint64_t>(j.at("seed").asNumber());
        stored.options.referee.timeLimit = j.at("time_limit").asNumber();
        stored.options.referee.wallLimit = j.at("wall_limit").asNumber();
        stored.options.referee.limits.memoryBytes = static_cast<std::uint64_t>(j.at("memory_limit_mib").asInteger()) << 20;
        stored.options.referee.runAs = j.at("run_as").asString();
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
    // The seed is written as an integer of up to 20 digits: read it exactly.
    const std::string text = readWhole(path);
    const std::size_t at = text.find("\"seed\": ");
    if (at != std::string::npos) stored.options.seed = std::strtoull(text.c_str() + at + 8, nullptr, 10);
    return stored;
}

void prepareResultsDir(const std::string& dir, const std::string& settings) {
    makeDirectory(dir + "/games");
    const std::string path = dir + "/settings.json";
    std::error_code ec;
    if (fs::exists(path, ec)) {
        if (readWhole(path) != settings)
            throw std::invalid_argument(dir + " holds the results of another match or tournament (its settings.json "
                                        "differs: other players or options); use another directory");
        return;
    }
    writeFileAtomically(path, settings);
}

std::string storedGamePath(const std::string& dir, int index) {
    char name[40];
    std::snprintf(name, sizeof name, "/games/game-%06d.json", index + 1);
    return dir + name;
}

std::string gameJsonLine(const std::vector<Player>& players, const GameRecord& g) {
    const GameResult& r = g.result;
    std::string j = "{\"game\": " + std::to_string(g.task.index + 1) + ", \"size\": " + std::to_string(r.size) +
                    ", \"black\": " + jsonQuote(players[g.task.black].name) +
                    ", \"white\": " + jsonQuote(players[g.task.white].name) + ", \"winner\": \"" + r.winner + "\"" +
                    ", \"black_discs\": " + std::to_string(r.blackDiscs) +
                    ", \"white_discs\": " + std::to_string(r.whiteDiscs) +
                    ", \"opening_plies\": " + std::to_string(r.openingPlies) +
                    ", \"moves\": " + jsonQuote(compactMoveList(r.moves)) + ", \"move_count\": [" +
                    std::to_string(r.moveCount[0]) + ", " + std::to_string(r.moveCount[1]) + "], \"total_seconds\": [" +
                    number(r.totalSeconds[0]) + ", " + number(r.totalSeconds[1]) + "], \"longest_move\": [" +
                    number(r.longestSeconds[0]) + ", " + number(r.longestSeconds[1]) + "]";
    if (r.forfeitBy) j += std::string(", \"forfeit\": \"") + r.forfeitBy + "\", \"reason\": " + jsonQuote(r.reason);
    j += ", \"black_spec\": " + jsonQuote(players[g.task.black].spec) +
         ", \"white_spec\": " + jsonQuote(players[g.task.white].spec) + "}\n";
    return j;
}

GameRecord parseGameJsonLine(const std::string& line, const std::vector<Player>& players) {
    const JsonValue j = parseJson(line);
    auto playerIndex = [&](const std::string& name) {
        for (std::size_t i = 0; i < players.size(); ++i)
            if (players[i].name == name) return static_cast<int>(i);
        throw std::invalid_argument("unknown player \"" + name + "\"");
    };
    GameRecord g;
    g.task.index = static_cast<int>(j.at("game").asInteger()) - 1;
    if (g.task.index < 0) throw std::invalid_argument("bad game number");
    GameResult& r = g.result;
    r.size = static_cast<int>(j.at("size").asInteger());
    if (!isValidSize(r.size)) throw std::invalid_argument("bad board size");
    g.task.size = r.size;
    g.task.black = playerIndex(j.at("black").asString());
    g.task.white = playerIndex(j.at("white").asString());
    const std::string winner = j.at("winner").asString();
    if (winner != "B" && winner != "W" && winner != "D") throw std::invalid_argument("bad winner");
    r.winner = winner[0];
    r.blackDiscs = static_cast<int>(j.at("black_discs").asInteger());
    r.whiteDiscs = static_cast<int>(j.at("white_discs").asInteger());
    r.openingPlies = static_cast<int>(j.at("opening_plies").asInteger());
    const std::string moves = j.at("moves").asString();
    if (!moves.empty()) r.moves = parseMoveList(moves, r.size);
    if (r.openingPlies < 0 || r.openingPlies > static_cast<int>(r.moves.size())) throw std::invalid_argument("bad opening");
    g.task.opening.assign(r.moves.begin(), r.moves.begin() + r.openingPlies);
    for (int side = 0; side < 2; ++side) {
        const auto& counts = j.at("move_count").asArray();
        const auto& totals = j.at("total_seconds").asArray();
        const auto& longest = j.at("longest_move").asArray();
        if (counts.size() != 2 || totals.size() != 2 || longest.size() != 2) throw std::invalid_argument("bad times");
        r.moveCount[side] = static_cast<int>(counts[side].asInteger());
        r.totalSeconds[side] = totals[side].asNumber();
        r.longestSeconds[side] = longest[side].asNumber();
    }
    if (j.has("forfeit")) {
        const std::string side = j.at("forfeit").asString();
        if (side != "B" && side != "W") throw std::invalid_argument("bad forfeit");
        r.forfeitBy = side[0];
        r.reason = j.at("reason").asString();
    }
    return g;
}

void storeGame(const std::string& dir, const std::vector<Player>& players, const GameRecord& game) {
    writeFileAtomically(storedGamePath(dir, game.task.index), gameJsonLine(players, game));
}

std::vector<GameRecord> readStoredGames(const std::string& dir, const std::vector<Player>& players,
                                        std::vector<std::string>& problems) {
    std::map<int, GameRecord> byIndex;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir + "/games", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("game-", 0) != 0 || entry.path().extension() != ".json") continue;  // temporary files
        try {
            GameRecord g = parseGameJsonLine(readWhole(entry.path().string()), players);
            if (entry.path().string() != storedGamePath(dir, g.task.index))
                throw std::invalid_argument("its game number does not match its name");
            byIndex[g.task.index] = std::move(g);
        } catch (const TextFileError& e) {
            problems.push_back(e.what());  // names the file already
        } catch (const std::exception& e) {
            problems.push_back(entry.path().string() + ": " + e.what());
        }
    }
    std::vector<GameRecord> games;
    for (auto& [index, g] : byIndex) games.push_back(std::move(g));
    return games;
}

void writeResultsJsonl(const std::string& dir, const std::vector<Player>& players, const std::vector<GameRecord>& games) {
    std::string text;
    for (const GameRecord& g : games) text += gameJsonLine(players, g);
    writeFileAtomically(dir + "/results.jsonl", text);
}

std::string shellQuote(const std::string& word) {
    std::string out = "'";
    for (const char ch : word) {
        if (ch == '\'')
            out += "'\\''";
        else
            out += ch;
    }
    return out + "'";
}

std::string planLine(const std::string& reversi, const std::vector<Player>& players, const GameTask& task,
                     const MatchOptions& options, const std::string& dir) {
    const Player& black = players[task.black];
    const Player& white = players[task.white];
    std::string line = shellQuote(reversi) + " game " + shellQuote(black.spec) + " " + shellQuote(white.spec) +
                       " --size " + std::to_string(task.size) + " --game " + std::to_string(task.index + 1) +
                       " --seed " + std::to_string(task.seed) + " --time-limit " + number(options.referee.timeLimit) +
                       " --wall-limit " + number(options.referee.wallLimit) + " --memory-limit " +
                       std::to_string(options.referee.limits.memoryBytes >> 20) + " --run-as " +
                       shellQuote(options.referee.runAs) + " --black-name " + shellQuote(black.name) +
                       " --white-name " + shellQuote(white.name);
    if (!task.opening.empty()) line += " --opening " + compactMoveList(task.opening);
    return line + " --result " + shellQuote(storedGamePath(dir, task.index)) + "\n";
}

}  // namespace reversi
