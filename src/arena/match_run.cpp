#include "arena/match_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "arena/game_pool.hpp"
#include "arena/match.hpp"
#include "arena/match_report.hpp"
#include "arena/ratings.hpp"
#include "arena/results_store.hpp"
#include "arena/saved_game.hpp"
#include "arena/sprt.hpp"
#include "platform/atomic_file.hpp"
#include "platform/printable.hpp"
#include "platform/text_file.hpp"
#include "rules/notation.hpp"

namespace reversi {

std::vector<std::vector<Move>> readOpeningBook(const std::string& path, int n) {
    constexpr std::size_t kMaxBytes = std::size_t{64} << 20;
    std::vector<std::vector<Move>> book;
    const auto in = openTextFile(path);
    TextLineReader reader(*in, path, TextLimits{kMaxBytes, kMaxBytes});
    for (std::string line; reader.next(line);) {
        line = line.substr(0, line.find('#'));
        for (char& ch : line) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        try {
            book.push_back(parseMoveList(line, n));
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(reader.where() + e.what());
        }
    }
    if (book.empty()) throw std::invalid_argument(path + ": no opening in the file");
    return book;
}

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

// A path made absolute, for the commands of a plan (they may run in another directory).
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
    if (!s.openings.empty()) {
        options.openingBook = readOpeningBook(s.openings, s.sizes.empty() ? 8 : s.sizes.front());
        // Only the openings the games use: lines added past them leave the settings (and a resume) alone.
        const std::size_t pairs = std::max<std::size_t>(1, options.colourPairs());
        if (options.openingBook.size() > pairs) options.openingBook.resize(pairs);
    }
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
    const std::size_t count = options.colourPairs() * options.sizes.size();
    std::cerr << "reversi: choosing " << count << " balanced opening" << (count == 1 ? "" : "s")
              << " (a fixed-depth search judges each)\n";
}

// The table (or JSON on standard output), --json FILE, and DIR/results.jsonl.
void report(const MatchSettings& s, bool tournament, const std::vector<PlayerSpec>& players,
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

namespace {

// The players of a match (two) or a tournament (two or more), every program found before any game.
std::vector<PlayerSpec> checkedPlayers(const MatchSettings& s, bool tournament, const MatchOptions& options) {
    std::vector<PlayerSpec> players;
    for (const std::string& spec : s.players) {
        players.push_back(parsePlayer(spec));
        resolveProgram(players.back());  // a missing program is an error before any game
    }
    distinctNames(players);
    if (!tournament && players.size() != 2) throw std::invalid_argument("a match is between exactly two players");
    if (tournament && players.size() < 2) throw std::invalid_argument("a tournament needs at least two players");
    if (options.openingPlies > 0 || !options.openingBook.empty())
        for (const PlayerSpec& p : players) {
            try {
                requireTakesOpening(p);
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument(std::string(options.openingPlies > 0 ? "--opening-plies: " : "--openings: ") +
                                            e.what());
            }
        }
    return players;
}

// A run's games: those kept in its results directory by an earlier run with the same players and
// options, and those still to play.
struct GamesSoFar {
    std::vector<GameRecord> kept;
    std::vector<GameTask> todo;
};

GamesSoFar gamesSoFar(const std::string& dir, const std::string& settings, const std::vector<PlayerSpec>& players,
                      const std::vector<GameTask>& tasks) {
    GamesSoFar games;
    std::set<int> done;
    if (!dir.empty()) {
        prepareResultsDir(dir, settings);
        std::vector<std::string> problems;
        for (GameRecord& g : readStoredGames(dir, players, problems)) {
            if (g.task.index >= static_cast<int>(tasks.size())) continue;
            checkKeptOpening(dir, g, tasks[static_cast<std::size_t>(g.task.index)]);
            g.task = tasks[static_cast<std::size_t>(g.task.index)];
            done.insert(g.task.index);
            games.kept.push_back(std::move(g));
        }
        for (const std::string& p : problems) std::cerr << "reversi: playing again: " << p << "\n";
    }
    for (const GameTask& t : tasks)
        if (!done.count(t.index)) games.todo.push_back(t);
    return games;
}

// --plan FILE: one command per game still to play.
void writePlan(const MatchSettings& s, bool tournament, const std::vector<PlayerSpec>& players, const MatchOptions& options,
               const GamesSoFar& games, std::size_t total, const std::string& dir) {
    const std::string reversi = planProgram();
    std::string lines;
    for (const GameTask& t : games.todo) lines += planLine(reversi, players, t, options, dir);
    writeFileAtomically(s.plan, lines);
    const std::size_t todo = games.todo.size();
    const char* command = tournament ? "reversi tournament" : "reversi match";
    if (todo == 0) {  // nothing to run: say so, not "run them"
        std::cerr << "reversi: nothing left to play: all " << total << " games are already in " << dir << " (" << s.plan
                  << " is empty); `" << command << " --merge " << dir << "` builds the results\n";
        return;
    }
    std::cerr << "reversi: " << todo << " game command" << (todo == 1 ? "" : "s") << " written to " << s.plan << " ("
              << games.kept.size() << " of " << total << " games already in " << dir
              << "); run them, for example with `parallel < " << s.plan << "`, then `" << command << " --merge " << dir
              << "`\n";
}

std::string sprtReport(const SprtTest& test, const std::string& first, int played, int total) {
    if (!test.decided()) return sprtLine(test.now(), test.bounds(), first);
    std::string text = sprtLine(test.decision(), test.bounds(), first);
    text += formatText("The test decided after %d games", test.decidedAfter());
    if (played < total) text += formatText("; %d of the %d were played (those running then finished)", played, total);
    return text + ".\n";
}

// Plays the games still to play, each kept (DIR/games, --save-games) as soon as it is over, so that an
// interrupted run loses only the games in progress; returns every game in order.
std::vector<GameRecord> playRest(const MatchSettings& s, const std::vector<PlayerSpec>& players, const MatchOptions& options,
                                 GamesSoFar games, int total, const std::string& dir, std::string& note) {
    if (!s.saveDir.empty() && !fs::is_directory(s.saveDir)) {
        std::error_code ec;
        fs::create_directories(s.saveDir, ec);
        if (ec) throw std::runtime_error("cannot create " + s.saveDir + ": " + ec.message());
    }
    const int alreadyDone = static_cast<int>(games.kept.size());
    int saved = 0;
    const auto finished = [&](const GameRecord& game) {
        if (!dir.empty()) storeGame(dir, players, game);
        if (!s.saveDir.empty()) {
            writeFileAtomically(s.saveDir + formatText("/game-%04d.txt", game.task.index + 1),
                                formatSavedGame(s.saveFormat, players, game));
            ++saved;
        }
    };
    const ProgressCallback progress = [&](int count, int) { showProgress(alreadyDone + count, total); };
    const bool sequential = !s.sprt.empty();
    SprtTest test(sequential ? parseSprtBounds(s.sprt) : SprtBounds{});
    // The first player's games; one the referee failed is no evidence.
    const auto count = [&test](const GameRecord& g) {
        if (plays(g, 0) && !g.result.refereeFailed) test.add(gameScore(g, 0));
    };
    const auto byIndex = [](const GameRecord& a, const GameRecord& b) { return a.task.index < b.task.index; };
    std::sort(games.kept.begin(), games.kept.end(), byIndex);
    for (const GameRecord& g : games.kept) count(g);  // a resumed test decides where it did
    const auto counted = [&](const GameRecord& game) {
        count(game);
        finished(game);
    };
    std::vector<GameRecord> all = std::move(games.kept);
    const std::function<bool()> stop = [&test] { return test.decided(); };
    for (GameRecord& g : runGames(players, games.todo, options, isatty(2) ? progress : ProgressCallback(), counted,
                                  sequential ? stop : std::function<bool()>()))
        all.push_back(std::move(g));
    if (sequential) {
        if (isatty(2) && static_cast<int>(all.size()) < total) std::fprintf(stderr, "\r%*s\r", 70, "");
        note = sprtReport(test, players[0].name, static_cast<int>(all.size()), total);
    }
    std::sort(all.begin(), all.end(), byIndex);
    markDuplicates(all);
    if (!s.saveDir.empty()) std::cerr << "reversi: saved " << saved << " games in " << s.saveDir << "\n";
    return all;
}

}  // namespace

int runMatch(const MatchSettings& s, bool tournament) {
    if (!s.sprt.empty() && (!s.plan.empty() || !s.merge.empty()))
        throw std::invalid_argument("--sprt decides as the games are played: not with --plan or --merge");
    if (!s.sprt.empty()) parseSprtBounds(s.sprt);  // a bad --sprt before anything is written or searched
    if (!s.merge.empty()) {
        if (!s.players.empty() || !s.plan.empty() || !s.results.empty())
            throw std::invalid_argument("--merge DIR takes no players, --plan or --results: it reads them from DIR");
        return merge(s);
    }
    const MatchOptions options = optionsFrom(s);
    const std::vector<PlayerSpec> players = checkedPlayers(s, tournament, options);
    sayChoosingOpenings(options);
    const std::vector<GameTask> tasks = scheduleGames(static_cast<int>(players.size()), options);
    if (!s.plan.empty() && s.results.empty())
        throw std::invalid_argument("--plan FILE needs --results DIR, where the planned games put their results");
    const std::string dir = s.results.empty() ? std::string() : absolutePath(s.results);
    const GamesSoFar games = gamesSoFar(dir, settingsJson(tournament, players, options), players, tasks);
    if (!s.plan.empty()) {
        writePlan(s, tournament, players, options, games, tasks.size(), dir);
        return 0;
    }
    if (!games.kept.empty())
        std::cerr << "reversi: resuming: " << games.kept.size() << " of " << tasks.size() << " games already in " << dir
                  << "\n";
    std::string note;
    const std::vector<GameRecord> all = playRest(s, players, options, games, static_cast<int>(tasks.size()), dir, note);
    report(s, tournament, players, all, options, dir, note);
    return 0;
}

int runOneGame(const GameSettings& g) {
    if (!g.result.empty() && fs::exists(g.result)) {
        std::cerr << "reversi game: game " << g.game << " already played (" << g.result << ")\n";
        return 0;
    }
    std::vector<PlayerSpec> players{parsePlayer(g.black), parsePlayer(g.white)};
    for (PlayerSpec& p : players) resolveProgram(p);
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
