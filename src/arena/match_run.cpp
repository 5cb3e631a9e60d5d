#include "arena/match_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "arena/game_pool.hpp"
#include "arena/match.hpp"
#include "arena/match_report.hpp"
#include "arena/results_store.hpp"
#include "arena/saved_game.hpp"
#include "platform/atomic_file.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

void showProgress(int done, int total) {
    static bool active = false;
    if (total == 0) return;
    constexpr int kWidth = 40;
    const int filled = done * kWidth / total;
    std::string bar(static_cast<std::size_t>(filled), '=');
    if (filled < kWidth) bar += '>' + std::string(static_cast<std::size_t>(kWidth - filled - 1), ' ');
    std::fprintf(stderr, "\r[%s] %d/%d games", bar.c_str(), done, total);
    active = true;
    if (done == total && active) std::fprintf(stderr, "\r%*s\r", kWidth + 30, "");
    std::fflush(stderr);
}

// This executable's absolute path, for the commands of a plan.
std::string selfPath() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("reversi") : self.string();
}

std::string absolutePath(const std::string& path) {
    std::error_code ec;
    return fs::absolute(path, ec).lexically_normal().string();
}

MatchOptions optionsFrom(const MatchSettings& s) {
    MatchOptions options;
    options.sizes = s.sizes;
    options.games = s.games;
    options.openingPlies = s.openingPlies;
    options.openingBalance = s.openingBalance;
    options.seed = s.seed;
    options.jobs = s.jobs;
    options.referee.timeLimit = s.timeLimit;
    options.referee.wallLimit = s.wallLimit;
    options.referee.limits.memoryBytes = static_cast<std::uint64_t>(s.memoryLimit) << 20;
    options.referee.runAs = s.runAs;
    return options;
}

// A kept game must have started from the opening the schedule gives it now: balanced openings depend on
// the build that judged them, and a pair whose two games started apart would measure nothing.
void checkKeptOpening(const std::string& dir, const GameRecord& kept, const GameTask& task) {
    if (kept.task.opening != task.opening)
        throw std::invalid_argument(dir + ": game " + std::to_string(task.index + 1) +
                                    " was played from another opening than this build schedules for it (a "
                                    "balanced opening judged by another engine?); use a new --results directory");
}

// Balanced openings take a search each (seconds for a hundred at 8x8): say why the start waits.
void sayChoosingOpenings(const MatchOptions& options) {
    if (options.openingBalance < 0) return;
    const std::size_t count = static_cast<std::size_t>((options.games + 1) / 2) * options.sizes.size();
    std::cerr << "reversi: choosing " << count << " balanced opening" << (count == 1 ? "" : "s")
              << " (a fixed-depth search judges each)\n";
}

// The table (or JSON on standard output), --json FILE, and DIR/results.jsonl.
void report(const MatchSettings& s, bool tournament, const std::vector<Player>& players,
            const std::vector<GameRecord>& games, const MatchOptions& options, const std::string& resultsDir,
            const std::string& note) {
    const std::string json = resultsJson(players, games, options, tournament);
    if (s.json != "-") {
        std::cout << (tournament ? tournamentSummary(players, games, options) : matchSummary(players, games, options));
        std::cout << note;
    }
    if (s.json == "-")
        std::cout << json;
    else if (!s.json.empty())
        writeFileAtomically(s.json, json);
    if (!resultsDir.empty()) writeResultsJsonl(resultsDir, players, games);
    std::cout.flush();
}

int merge(const MatchSettings& s) {
    const std::string dir = s.merge;
    const StoredSettings stored = readSettings(dir);
    std::vector<std::string> problems;
    std::vector<GameRecord> games = readStoredGames(dir, stored.players, problems);
    for (const std::string& p : problems) std::cerr << "reversi: skipped " << p << "\n";
    sayChoosingOpenings(stored.options);
    const std::vector<GameTask> tasks = scheduleGames(static_cast<int>(stored.players.size()), stored.options);
    for (GameRecord& g : games) {
        if (g.task.index >= static_cast<int>(tasks.size()))
            throw std::runtime_error(dir + ": game " + std::to_string(g.task.index + 1) + " is not in the schedule");
        const GameTask& task = tasks[static_cast<std::size_t>(g.task.index)];
        if (task.black != g.task.black || task.white != g.task.white || task.size != g.task.size)
            throw std::runtime_error(dir + ": game " + std::to_string(g.task.index + 1) +
                                     " does not match the schedule of its settings.json");
        checkKeptOpening(dir, g, task);
        g.task = task;
    }
    markDuplicates(games);
    std::string note;
    if (games.size() < tasks.size()) {
        note = "Not played yet: " + std::to_string(tasks.size() - games.size()) + " of the " +
               std::to_string(tasks.size()) + " games (run the rest of the plan, then merge again)\n";
        std::cerr << "reversi: " << note;
    }
    report(s, stored.tournament, stored.players, games, stored.options, dir, note);
    return 0;
}

}  // namespace

int runMatch(const MatchSettings& s, bool tournament) {
    if (!s.merge.empty()) {
        if (!s.players.empty() || !s.plan.empty() || !s.results.empty())
            throw std::invalid_argument("--merge DIR takes no players, --plan or --results: it reads them from DIR");
        return merge(s);
    }
    std::vector<Player> players;
    for (const std::string& spec : s.players) {
        players.push_back(parsePlayer(spec));
        resolveProgram(players.back());  // a missing program is an error before any game
    }
    distinctNames(players);
    if (!tournament && players.size() != 2) throw std::invalid_argument("a match is between exactly two players");
    if (tournament && players.size() < 2) throw std::invalid_argument("a tournament needs at least two players");
    const MatchOptions options = optionsFrom(s);
    if (options.openingPlies > 0)
        for (const Player& p : players)
            if (p.isExternal())
                throw std::invalid_argument("--opening-plies needs built-in players: the external program \"" +
                                            p.name + "\" always starts from the standard position");
    sayChoosingOpenings(options);
    const std::vector<GameTask> tasks = scheduleGames(static_cast<int>(players.size()), options);
    if (!s.plan.empty() && s.results.empty())
        throw std::invalid_argument("--plan FILE needs --results DIR, where the planned games put their results");

    // Games kept from an earlier run with the same players and options.
    const std::string dir = s.results.empty() ? std::string() : absolutePath(s.results);
    std::vector<GameRecord> games;
    std::set<int> done;
    if (!dir.empty()) {
        prepareResultsDir(dir, settingsJson(tournament, players, options));
        std::vector<std::string> problems;
        for (GameRecord& g : readStoredGames(dir, players, problems)) {
            if (g.task.index >= static_cast<int>(tasks.size())) continue;
            checkKeptOpening(dir, g, tasks[static_cast<std::size_t>(g.task.index)]);
            g.task = tasks[static_cast<std::size_t>(g.task.index)];
            done.insert(g.task.index);
            games.push_back(std::move(g));
        }
        for (const std::string& p : problems) std::cerr << "reversi: playing again: " << p << "\n";
    }
    std::vector<GameTask> todo;
    for (const GameTask& t : tasks)
        if (!done.count(t.index)) todo.push_back(t);

    if (!s.plan.empty()) {
        const std::string reversi = selfPath();
        std::string lines;
        for (const GameTask& t : todo) lines += planLine(reversi, players, t, options, dir);
        writeFileAtomically(s.plan, lines);
        std::cerr << "reversi: " << todo.size() << " game command" << (todo.size() == 1 ? "" : "s") << " written to "
                  << s.plan << " (" << done.size() << " of " << tasks.size()
                  << " games already in " << dir << "); run them, for example with `parallel < " << s.plan
                  << "`, then `" << (tournament ? "reversi tournament" : "reversi match") << " --merge " << dir
                  << "`\n";
        return 0;
    }
    if (!done.empty())
        std::cerr << "reversi: resuming: " << done.size() << " of " << tasks.size() << " games already in " << dir
                  << "\n";
    if (!s.saveDir.empty() && !fs::is_directory(s.saveDir)) {
        std::error_code ec;
        fs::create_directories(s.saveDir, ec);
        if (ec) throw std::runtime_error("cannot create " + s.saveDir + ": " + ec.message());
    }
    const int alreadyDone = static_cast<int>(done.size());
    const int total = static_cast<int>(tasks.size());
    const bool tty = isatty(2);
    int saved = 0;
    // Each game is kept as soon as it is over: an interrupted run loses only the games in progress.
    const auto finished = [&](const GameRecord& game) {
        if (!dir.empty()) storeGame(dir, players, game);
        if (!s.saveDir.empty()) {
            char name[32];
            std::snprintf(name, sizeof name, "/game-%04d.txt", game.task.index + 1);
            writeFileAtomically(s.saveDir + name, formatSavedGame(s.saveFormat, players, game));
            ++saved;
        }
    };
    const ProgressCallback progress = [&](int count, int) { showProgress(alreadyDone + count, total); };
    std::vector<GameRecord> played = runGames(players, todo, options, tty ? progress : ProgressCallback(), finished);
    for (GameRecord& g : played) games.push_back(std::move(g));
    std::sort(games.begin(), games.end(),
              [](const GameRecord& a, const GameRecord& b) { return a.task.index < b.task.index; });
    markDuplicates(games);
    if (!s.saveDir.empty()) std::cerr << "reversi: saved " << saved << " games in " << s.saveDir << "\n";
    report(s, tournament, players, games, options, dir, "");
    return 0;
}

int runOneGame(const GameSettings& g) {
    if (!g.result.empty() && fs::exists(g.result)) {
        std::cerr << "reversi game: game " << g.game << " already played (" << g.result << ")\n";
        return 0;
    }
    std::vector<Player> players{parsePlayer(g.black), parsePlayer(g.white)};
    for (Player& p : players) resolveProgram(p);
    distinctNames(players);
    if (!g.blackName.empty()) players[0].name = g.blackName;
    if (!g.whiteName.empty()) players[1].name = g.whiteName;
    if (!isValidSize(g.size)) throw std::invalid_argument("the size must be an even number from 4 to 26");
    const MatchOptions options = optionsFrom(g.limits);
    GameRecord record;
    record.task.index = g.game - 1;
    record.task.size = g.size;
    record.task.black = 0;
    record.task.white = 1;
    record.task.seed = g.seed;
    if (!g.opening.empty()) record.task.opening = parseMoveList(g.opening, g.size);
    record.result = playGame(players[0], players[1], g.size, record.task.opening, g.seed, record.task.index,
                             options.referee);
    const std::string line = gameJsonLine(players, record);
    if (g.result.empty()) {
        std::cout << line;
    } else {
        writeFileAtomically(g.result, line);
        const GameResult& r = record.result;
        std::cout << "game " << g.game << ": " << players[0].name << " (B) " << r.blackDiscs << "-" << r.whiteDiscs
                  << " " << players[1].name << " (W)"
                  << (r.forfeitBy ? std::string(", ") + r.forfeitBy + " lost by a fault: " + r.reason : std::string())
                  << "\n";
    }
    return 0;
}

}  // namespace reversi
