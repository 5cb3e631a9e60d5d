// `reversi leaderboard init | add | remove | entries | fit`: making a league, entering programs and
// recomputing the ratings (docs/leaderboard.md).
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli.hpp"
#include "commands.hpp"
#include "leaderboard/league_entries.hpp"
#include "leaderboard/league_ratings.hpp"
#include "leaderboard/league_synthetic.hpp"
#include "platform/interrupt.hpp"
#include "platform/printable.hpp"
#include "rules/board.hpp"

namespace reversi::app {

namespace {

struct EntrySettings {
    std::string db, name, submission;
    LeagueSettings league;
    int syntheticEntries = 0;
    std::int64_t syntheticGames = 1000000;
};

// Runs `work` as `reversi leaderboard COMMAND`: a command line, name, database or submission that cannot
// be used exits 2 with one line on standard error; anything else that fails (the database busy past its
// timeout, a full disk) exits 1.
bool exists(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

// The league at `path`: opening a file that is not one (or is missing) is a usage error.
std::unique_ptr<LeagueDb> openLeague(const std::string& path, LeagueDb::Mode mode, const LeagueSettings& settings = {}) {
    try {
        return std::make_unique<LeagueDb>(path, mode, settings);
    } catch (const std::runtime_error& e) {
        throw std::invalid_argument(e.what());
    }
}

int initLeague(const EntrySettings& s) {
    if (!isValidSize(s.league.size))
        throw std::invalid_argument("board size " + std::to_string(s.league.size) + " is not an even number from 4 to 26");
    if (exists(s.db)) throw std::invalid_argument(s.db + " already exists: a league's settings are fixed when it is made");
    const auto db = openLeague(s.db, LeagueDb::Mode::kCreate, s.league);
    const LeagueSettings& l = db->settings();
    std::printf("made %s: %dx%d, %g s of CPU a move (%g s wall-clock), %s, %s\n", s.db.c_str(), l.size, l.size,
                l.timeLimit, l.wallLimit,
                l.openings ? formatText("%d openings (seed %llu)", l.openings, static_cast<unsigned long long>(l.seed)).c_str()
                           : "the standard start",
                l.finalists ? formatText("%d finalists", l.finalists).c_str() : "the full round robin");
    return 0;
}

const char* outcomeWord(AddOutcome outcome) {
    return outcome == AddOutcome::kAdded ? "added" : outcome == AddOutcome::kReplaced ? "replaced" : "unchanged";
}

int addToLeague(const EntrySettings& s) {
    installInterruptHandler();  // Ctrl-C removes the private copy; the database is changed whole or not at all
    const auto db = openLeague(s.db, LeagueDb::Mode::kCreate);
    const AddResult r = addEntry(*db, s.name, s.submission);
    std::printf("%s: %s (entry %lld, version %lld, %s)\n", outcomeWord(r.outcome), printable(r.entry.name).c_str(),
                static_cast<long long>(r.entry.id), static_cast<long long>(r.entry.version), r.entry.how.c_str());
    return 0;
}

int removeFromLeague(const EntrySettings& s) {
    const auto db = openLeague(s.db, LeagueDb::Mode::kExisting);
    if (!removeEntry(*db, s.name))
        throw std::invalid_argument("no entry named '" + printable(s.name) + "' in " + s.db);
    std::printf("removed: %s\n", printable(s.name).c_str());
    return 0;
}

int showEntries(const EntrySettings& s) {
    const auto db = openLeague(s.db, LeagueDb::Mode::kReadOnly);
    const std::vector<LeagueEntry> entries = listEntries(*db);
    std::size_t width = 4;
    for (const LeagueEntry& e : entries) width = std::max(width, printable(e.name).size());
    std::printf("%5s  %-*s %7s  %-28s %s\n", "id", static_cast<int>(width), "name", "version", "how", "entered");
    for (const LeagueEntry& e : entries)
        std::printf("%5lld  %-*s %7lld  %-28s %s\n", static_cast<long long>(e.id), static_cast<int>(width),
                    printable(e.name).c_str(), static_cast<long long>(e.version), e.how.c_str(), e.enteredAt.c_str());
    if (entries.empty()) std::printf("(no entries in %s)\n", s.db.c_str());
    return 0;
}

int fitRatings(const EntrySettings& s) {
    std::unique_ptr<LeagueDb> db;
    if (s.syntheticEntries > 0) {
        if (exists(s.db)) throw std::invalid_argument("--synthetic makes a new league: " + s.db + " already exists");
        db = openLeague(s.db, LeagueDb::Mode::kCreate);
        const auto start = std::chrono::steady_clock::now();
        fillSyntheticLeague(*db, s.syntheticEntries, s.syntheticGames, 1);
        std::printf("synthetic league: %d entries, %lld games inserted in %.2f s (one transaction)\n", s.syntheticEntries,
                    static_cast<long long>(s.syntheticGames),
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    } else {
        db = openLeague(s.db, LeagueDb::Mode::kExisting);
    }
    const LeagueFit fit = fitLeagueRatings(*db);
    std::printf("ratings: %d entries from %lld league games: %d iterations%s, %.3f s (aggregating the games %.3f s)\n",
                fit.entries, static_cast<long long>(fit.games), fit.iterations, fit.converged ? "" : " (NOT converged)",
                fit.seconds, fit.querySeconds);
    return 0;
}

CLI::App* entryCommand(CLI::App& leaderboard, Action& action, const std::shared_ptr<EntrySettings>& s, const char* name,
                       const char* description, int (*work)(const EntrySettings&)) {
    CLI::App* cmd = leaderboard.add_subcommand(name, description);
    cmd->add_option("db", s->db, "The league's database file")->required();
    cmd->callback([s, &action, name, work] {
        action = [s, name, work] { return runChecked(std::string("reversi leaderboard ") + name, [&] { return work(*s); }); };
    });
    return cmd;
}

void addInitCommand(CLI::App& leaderboard, Action& action) {
    auto s = std::make_shared<EntrySettings>();
    CLI::App* cmd = entryCommand(leaderboard, action, s, "init", "Make a league's database with its settings", initLeague);
    LeagueSettings& l = s->league;
    cmd->add_option("--size", l.size, "Board size of every game")->capture_default_str();
    cmd->add_option("--time-limit", l.timeLimit, "CPU seconds a move")->check(FiniteRange(0.001, 3600))->capture_default_str();
    cmd->add_option("--wall-limit", l.wallLimit, "Wall-clock seconds a move")->check(FiniteRange(0.01, 36000))->capture_default_str();
    cmd->add_option("--openings", l.openings, "0: every pair plays from the standard start; K: K balanced openings, "
                                              "both colours each")->check(CLI::Range(0, 1000))->capture_default_str();
    cmd->add_option("--seed", l.seed, "Seed of the openings")->capture_default_str();
    cmd->add_option("--finalists", l.finalists, "0: the full round robin; K: a qualifying stage, then every pair of "
                                                "the top K")->check(CLI::Range(0, 100000))->capture_default_str();
    addExamples(*cmd, {"reversi leaderboard init league.db",
                       "reversi leaderboard init league.db --size 6 --time-limit 0.5 --finalists 40"});
}

}  // namespace

void addLeaderboardEntryCommands(CLI::App& leaderboard, Action& action) {
    // `reversi leaderboard --help` ends with the course's whole cycle (the command itself has no file of its own
    // for them: cmd_leaderboard.cpp only makes it).
    addExamples(leaderboard, {"reversi leaderboard init league.db",
                              "reversi grade part2 submissions/*/ --leaderboard league.db",
                              "reversi leaderboard add league.db alice submissions/alice/",
                              "reversi leaderboard run league.db --jobs 2",
                              "reversi leaderboard serve league.db --port 8090"});
    addInitCommand(leaderboard, action);
    auto add = std::make_shared<EntrySettings>();
    CLI::App* cmd = entryCommand(leaderboard, action, add, "add",
                                 "Enter (or replace) a program: copied and compiled as `reversi grade part2` does; "
                                 "plays nothing",
                                 addToLeague);
    cmd->add_option("name", add->name, "The entry's name (any printable text up to 64 bytes)")->required();
    cmd->add_option("submission", add->submission, "A submission directory: one C source file or an executable "
                                                    "named lab7part2")->required();
    addExamples(*cmd, {"reversi leaderboard add league.db alice submissions/alice/   (makes league.db if missing)",
                       "reversi leaderboard add league.db alice submissions/alice/   (again: unchanged, or replaced)"});
    auto remove = std::make_shared<EntrySettings>();
    cmd = entryCommand(leaderboard, action, remove, "remove", "Remove an entry with its games and rating",
                       removeFromLeague);
    cmd->add_option("name", remove->name, "The entry's name")->required();
    addExamples(*cmd, {"reversi leaderboard remove league.db alice"});
    auto list = std::make_shared<EntrySettings>();
    cmd = entryCommand(leaderboard, action, list, "entries", "List the entries: id, name, version, program, entered",
                       showEntries);
    addExamples(*cmd, {"reversi leaderboard entries league.db"});
    auto fit = std::make_shared<EntrySettings>();
    cmd = entryCommand(leaderboard, action, fit, "fit",
                       "Recompute the ratings from every league game now, and say how long it took", fitRatings);
    cmd->add_option("--synthetic", fit->syntheticEntries,
                    "Benchmark: first make DB (new) with this many synthetic entries and --games games")
        ->check(CLI::Range(2, 100000));
    cmd->add_option("--games", fit->syntheticGames, "Games of the synthetic league")
        ->check(CLI::Range(std::int64_t{0}, std::int64_t{100000000}))
        ->capture_default_str();
    addExamples(*cmd, {"reversi leaderboard fit league.db",
                       "reversi leaderboard fit /tmp/bench.db --synthetic 1000 --games 1000000   (the benchmark)"});
}

}  // namespace reversi::app
