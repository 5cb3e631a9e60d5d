#include "arena/results_store.hpp"

#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "arena/match_report.hpp"
#include "platform/atomic_file.hpp"
#include "platform/json_text.hpp"
#include "platform/text_file.hpp"
#include "rules/notation.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

// Seconds and limits with nine significant digits; a value that is not finite (never written) as 0.
Json number9(double value) { return jsonNumber(std::isfinite(value) ? value : 0, 9); }

// Settings and game records are a few KiB: a file far larger (or a device that never ends, linked in
// place of one) is refused instead of read into memory.
std::string readWhole(const std::string& path) { return readWholeFile(path, std::size_t{16} << 20); }

// Whether a results directory's settings.json holds `settings`: compared as JSON, so that a file an earlier
// version wrote (another escape for the same character) still resumes.
bool sameSettings(const std::string& stored, const std::string& settings) {
    try {
        return parseJsonText(stored) == parseJsonText(settings);
    } catch (const std::invalid_argument&) {
        return false;
    }
}

void makeDirectory(const std::string& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) throw std::runtime_error("cannot create " + dir + ": " + ec.message());
}

// Whether a result knows the CPU time of each move: a game read from a file of an earlier version does
// not, and is written back without it.
bool hasMoveSeconds(const GameResult& r) {
    return r.moveSeconds[0].size() == static_cast<std::size_t>(r.moveCount[0]) &&
           r.moveSeconds[1].size() == static_cast<std::size_t>(r.moveCount[1]);
}

// One colour's CPU seconds per move, with the digits of the totals.
Json secondsArray(const std::vector<double>& seconds) {
    Json array = Json::array();
    for (const double s : seconds) array.push_back(number9(s));
    return array;
}

}  // namespace

std::string settingsJson(bool tournament, const std::vector<PlayerSpec>& players, const MatchOptions& options) {
    Json j;
    j["kind"] = tournament ? "tournament" : "match";
    j["players"] = Json::array();
    for (const PlayerSpec& p : players) j["players"].push_back({{"name", p.name}, {"spec", p.spec}});
    addSettingsJson(j, options, 9);
    j["wall_limit"] = number9(options.referee.wallLimit);
    j["memory_limit_mib"] = options.referee.limits.memoryBytes >> 20;
    j["run_as"] = options.referee.runAs;
    return jsonDocument(j);
}

StoredSettings readSettings(const std::string& dir) {
    const std::string path = dir + "/settings.json";
    StoredSettings stored;
    try {
        const Json j = parseJsonText(readWhole(path));
        const std::string kind = jsonString(j, "kind");
        if (kind != "match" && kind != "tournament") throw std::invalid_argument("kind is neither match nor tournament");
        stored.tournament = kind == "tournament";
        for (const Json& p : jsonArray(j, "players")) {
            PlayerSpec player = parsePlayer(jsonString(p, "spec"));
            player.name = jsonString(p, "name");
            stored.players.push_back(std::move(player));
        }
        MatchOptions& options = stored.options;
        options.sizes.clear();
        for (const std::int64_t n : jsonIntegers(j, "sizes")) options.sizes.push_back(static_cast<int>(n));
        options.games = static_cast<int>(jsonInteger(j, "games_per_pair_and_size"));
        options.openingPlies = static_cast<int>(jsonInteger(j, "opening_plies"));
        if (j.contains("opening_balance")) options.openingBalance = jsonDouble(j, "opening_balance");
        if (j.contains("openings"))
            for (const Json& opening : jsonArray(j, "openings")) {
                if (!opening.is_string() || options.sizes.empty()) throw std::invalid_argument("openings: not move lists");
                options.openingBook.push_back(parseMoveList(opening.get<std::string>(), options.sizes.front()));
            }
        options.seed = jsonUnsigned(j, "seed");
        options.referee.timeLimit = jsonDouble(j, "time_limit");
        options.referee.wallLimit = jsonDouble(j, "wall_limit");
        options.referee.limits.memoryBytes = static_cast<std::uint64_t>(jsonInteger(j, "memory_limit_mib")) << 20;
        options.referee.runAs = jsonString(j, "run_as");
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
    return stored;
}

void prepareResultsDir(const std::string& dir, const std::string& settings) {
    makeDirectory(dir + "/games");
    const std::string path = dir + "/settings.json";
    std::error_code ec;
    if (fs::exists(path, ec)) {
        if (!sameSettings(readWhole(path), settings))
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

std::string gameJsonLine(const std::vector<PlayerSpec>& players, const GameRecord& g) {
    const GameResult& r = g.result;
    Json j;
    j["game"] = g.task.index + 1;
    j["size"] = r.size;
    j["black"] = players[g.task.black].name;
    j["white"] = players[g.task.white].name;
    j["winner"] = std::string(1, r.winner);
    j["black_discs"] = r.blackDiscs;
    j["white_discs"] = r.whiteDiscs;
    j["opening_plies"] = r.openingPlies;
    j["moves"] = compactMoveList(r.moves);
    j["move_count"] = Json::array({r.moveCount[0], r.moveCount[1]});
    j["total_seconds"] = Json::array({number9(r.totalSeconds[0]), number9(r.totalSeconds[1])});
    j["longest_move"] = Json::array({number9(r.longestSeconds[0]), number9(r.longestSeconds[1])});
    if (hasMoveSeconds(r)) j["cpu"] = Json::array({secondsArray(r.moveSeconds[0]), secondsArray(r.moveSeconds[1])});
    if (r.forfeitBy) {
        j["forfeit"] = std::string(1, r.forfeitBy);
        j["reason"] = r.reason;
        if (!r.faultCode.empty()) j["fault_code"] = r.faultCode;
        if (r.refereeFailed) j["referee_failed"] = true;
    }
    j["black_spec"] = players[g.task.black].spec;
    j["white_spec"] = players[g.task.white].spec;
    return jsonLine(j) + "\n";
}

namespace {

int playerIndex(const std::vector<PlayerSpec>& players, const std::string& name) {
    for (std::size_t i = 0; i < players.size(); ++i)
        if (players[i].name == name) return static_cast<int>(i);
    throw std::invalid_argument("unknown player \"" + name + "\"");
}

// One of "B", "W" (and "D" when `draw`) as its letter.
char colourLetter(const Json& j, const char* key, bool draw) {
    const std::string text = jsonString(j, key);
    if (text != "B" && text != "W" && !(draw && text == "D")) throw std::invalid_argument(std::string("bad ") + key);
    return text[0];
}

void readTimes(const Json& j, GameResult& r) {
    const std::vector<std::int64_t> counts = jsonIntegers(j, "move_count");
    const std::vector<double> totals = jsonDoubles(j, "total_seconds");
    const std::vector<double> longest = jsonDoubles(j, "longest_move");
    if (counts.size() != 2 || totals.size() != 2 || longest.size() != 2) throw std::invalid_argument("bad times");
    for (int side = 0; side < 2; ++side) {
        r.moveCount[side] = static_cast<int>(counts[side]);
        r.totalSeconds[side] = totals[side];
        r.longestSeconds[side] = longest[side];
    }
    if (!j.contains("cpu")) return;  // written before the CPU time of each move was kept
    const Json& cpu = jsonArray(j, "cpu");
    if (cpu.size() != 2) throw std::invalid_argument("bad cpu");
    for (int side = 0; side < 2; ++side) {
        r.moveSeconds[side] = jsonDoubles(Json{{"cpu", cpu[side]}}, "cpu");
        if (r.moveSeconds[side].size() != static_cast<std::size_t>(r.moveCount[side]))
            throw std::invalid_argument("bad cpu: not one time per move");
    }
}

// The fault's code, when the game was forfeited (none in files written before codes were kept).
std::string readFaultCode(const Json& j) {
    if (!j.contains("fault_code")) return {};
    const std::string& code = jsonString(j, "fault_code");
    for (const FaultCode known :
         {FaultCode::kIllegalMove, FaultCode::kTimeLimit, FaultCode::kCrash, FaultCode::kOutput})
        if (code == faultCodeName(known)) return code;
    throw std::invalid_argument("bad fault_code \"" + code + "\"");
}

}  // namespace

GameRecord parseGameJsonLine(const std::string& line, const std::vector<PlayerSpec>& players) {
    const Json j = parseJsonText(line);
    GameRecord g;
    g.task.index = static_cast<int>(jsonInteger(j, "game")) - 1;
    if (g.task.index < 0) throw std::invalid_argument("bad game number");
    GameResult& r = g.result;
    r.size = static_cast<int>(jsonInteger(j, "size"));
    if (!isValidSize(r.size)) throw std::invalid_argument("bad board size");
    g.task.size = r.size;
    g.task.black = playerIndex(players, jsonString(j, "black"));
    g.task.white = playerIndex(players, jsonString(j, "white"));
    r.winner = colourLetter(j, "winner", true);
    r.blackDiscs = static_cast<int>(jsonInteger(j, "black_discs"));
    r.whiteDiscs = static_cast<int>(jsonInteger(j, "white_discs"));
    r.openingPlies = static_cast<int>(jsonInteger(j, "opening_plies"));
    const std::string& moves = jsonString(j, "moves");
    if (!moves.empty()) r.moves = parseMoveList(moves, r.size);
    if (r.openingPlies < 0 || r.openingPlies > static_cast<int>(r.moves.size())) throw std::invalid_argument("bad opening");
    g.task.opening.assign(r.moves.begin(), r.moves.begin() + r.openingPlies);
    readTimes(j, r);
    if (j.contains("forfeit")) {
        r.forfeitBy = colourLetter(j, "forfeit", false);
        r.reason = jsonString(j, "reason");
        r.faultCode = readFaultCode(j);
        if (j.contains("referee_failed")) {
            if (!j["referee_failed"].is_boolean()) throw std::invalid_argument("\"referee_failed\" must be true or false");
            r.refereeFailed = j["referee_failed"].get<bool>();
        }
    }
    return g;
}

void storeGame(const std::string& dir, const std::vector<PlayerSpec>& players, const GameRecord& game) {
    writeFileAtomically(storedGamePath(dir, game.task.index), gameJsonLine(players, game));
}

std::vector<GameRecord> readStoredGames(const std::string& dir, const std::vector<PlayerSpec>& players,
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

void writeResultsJsonl(const std::string& dir, const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games) {
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

std::string planLine(const std::string& reversi, const std::vector<PlayerSpec>& players, const GameTask& task,
                     const MatchOptions& options, const std::string& dir) {
    const PlayerSpec& black = players[task.black];
    const PlayerSpec& white = players[task.white];
    std::string line = shellQuote(reversi) + " game " + shellQuote(black.spec) + " " + shellQuote(white.spec) +
                       " --size " + std::to_string(task.size) + " --game " + std::to_string(task.index + 1) +
                       " --seed " + std::to_string(task.seed) + " --time-limit " + jsonLine(number9(options.referee.timeLimit)) +
                       " --wall-limit " + jsonLine(number9(options.referee.wallLimit)) + " --memory-limit " +
                       std::to_string(options.referee.limits.memoryBytes >> 20) + " --run-as " +
                       shellQuote(options.referee.runAs) + " --isolation " + isolationName(options.referee.isolation) +
                       " --cpu-time " + cpuTimeName(options.referee.cpuTime) + " --black-name " + shellQuote(black.name) +
                       " --white-name " + shellQuote(white.name);
    if (!task.opening.empty()) line += " --opening " + compactMoveList(task.opening);
    return line + " --result " + shellQuote(storedGamePath(dir, task.index)) + "\n";
}

std::string planProgram() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("reversi") : self.string();
}

}  // namespace reversi
