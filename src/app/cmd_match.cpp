// `reversi match A B` and `reversi tournament P1 P2 ...`: games between players under the referee.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "platform/printable.hpp"
#include "commands.hpp"
#include "platform/atomic_file.hpp"
#include "platform/interrupt.hpp"
#include "arena/match.hpp"

namespace reversi::app {

namespace {

struct MatchSettings {
    std::vector<std::string> players;
    std::vector<int> sizes{8};
    int games = 2;
    int openingPlies = 0;
    std::uint64_t seed = 1;
    int jobs = 1;
    double timeLimit = 1.0;
    double wallLimit = 0;
    std::string json;
    std::string saveDir;
    std::string saveFormat = "compact";
};

const char* kPlayerHelp =
    "Players: random[:SEED], greedy, smarter, smartest, part2[:time=SECONDS,depth=PLIES,eval=hand|default,asp=W,"
    "w.NAME=V], cmd:PROGRAM ARGS... or any command containing '/' (a program speaking the lab's protocol), "
    "gtp:PROGRAM ARGS... (a GTP engine)";

void addOptions(CLI::App& cmd, MatchSettings& s) {
    cmd.add_option("--sizes", s.sizes, "Board sizes, comma-separated (even, 4 to 26)")
        ->delimiter(',')
        ->capture_default_str();
    cmd.add_option("--games", s.games,
                   "Games per pair of players and size; each two consecutive games share an opening with colours "
                   "swapped")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    cmd.add_option("--opening-plies", s.openingPlies,
                   "Random plies played before the players take over (built-in players only)")
        ->check(CLI::Range(0, 60))
        ->capture_default_str();
    cmd.add_option("--seed", s.seed, "Seed for the openings and the random players")->capture_default_str();
    cmd.add_option("-j,--jobs", s.jobs, "Games played at once (each in its own process)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd.add_option("--time-limit", s.timeLimit, "CPU seconds (user time) per move; a slower move loses the game")
        ->check(FiniteRange(0.001, 3600.0))
        ->capture_default_str();
    cmd.add_option("--wall-limit", s.wallLimit,
                   "Wall-clock seconds an external program may stay silent (0: 3 x time limit + 2)")
        ->check(FiniteRange(0.0, 36000.0))
        ->capture_default_str();
    cmd.add_option("--json", s.json, "Also write a machine-readable summary to this file ('-': standard output, "
                                     "instead of the table)");
    cmd.add_option("--save-games", s.saveDir, "Save every game's moves in this directory (game-0001.txt, ...)");
    cmd.add_option("--save-format", s.saveFormat,
                   "compact: the size and moves as f5d6...; lab: the size, then one rc move per line")
        ->check(CLI::IsMember({"compact", "lab"}))
        ->capture_default_str();
}

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

int run(const MatchSettings& s, bool tournament) {
    installInterruptHandler();  // Ctrl-C: a message, status 130, no results file
    try {
        std::vector<Player> players;
        for (std::size_t i = 0; i < s.players.size(); ++i) {
            players.push_back(parsePlayer(s.players[i]));
            // The same spec twice: number the copies so that the tables tell them apart.
            const auto same = [&](std::size_t end) {
                return std::count(s.players.begin(), s.players.begin() + static_cast<std::ptrdiff_t>(end), s.players[i]);
            };
            if (same(s.players.size()) > 1) players.back().name += "#" + std::to_string(same(i + 1));
        }
        if (!tournament && players.size() != 2) throw std::invalid_argument("a match is between exactly two players");
        if (tournament && players.size() < 2) throw std::invalid_argument("a tournament needs at least two players");
        MatchOptions options;
        options.sizes = s.sizes;
        options.games = s.games;
        options.openingPlies = s.openingPlies;
        options.seed = s.seed;
        options.jobs = s.jobs;
        options.referee.timeLimit = s.timeLimit;
        options.referee.wallLimit = s.wallLimit;
        if (options.openingPlies > 0)
            for (const Player& p : players)
                if (p.isExternal())
                    throw std::invalid_argument("--opening-plies needs built-in players: the external program \"" +
                                                p.name + "\" always starts from the standard position");
        const std::vector<GameTask> tasks = scheduleGames(static_cast<int>(players.size()), options);
        const bool tty = isatty(2);
        const std::vector<GameRecord> games = runGames(players, tasks, options, tty ? ProgressCallback(showProgress)
                                                                                   : ProgressCallback());
        if (!s.saveDir.empty()) {
            const int written = saveGames(s.saveDir, s.saveFormat, players, games);
            std::cerr << "reversi: saved " << written << " games in " << s.saveDir << "\n";
        }
        const std::string json = resultsJson(players, games, options, tournament);
        if (s.json != "-")
            std::cout << (tournament ? tournamentSummary(players, games, options) : matchSummary(players, games, options));
        if (s.json == "-") {
            std::cout << json;
        } else if (!s.json.empty()) {
            writeFileAtomically(s.json, json);
        }
        std::cout.flush();
        return 0;
    } catch (const std::exception& e) {
        std::cerr << (tournament ? "reversi tournament: " : "reversi match: ") << printable(e.what()) << "\n";
        return 2;
    }
}

}  // namespace

void addMatchCommands(CLI::App& app, Action& action) {
    auto matchSettings = std::make_shared<MatchSettings>();
    CLI::App* match = app.add_subcommand(
        "match", "Games between two players, both colours, at one or more sizes, with a score table");
    match->add_option("players", matchSettings->players, kPlayerHelp)->required()->expected(2);
    addOptions(*match, *matchSettings);
    addExamples(*match, {"reversi match part2 smartest --sizes 8,16,26",
                         "reversi match part2:time=0.1 greedy --games 50 --opening-plies 6 --jobs 2 --json result.json",
                         "reversi match \"cmd:./a.out\" smarter --sizes 8   (a program speaking the lab protocol)"});
    match->callback([matchSettings, &action] { action = [matchSettings] { return run(*matchSettings, false); }; });

    auto tournamentSettings = std::make_shared<MatchSettings>();
    CLI::App* tournament = app.add_subcommand(
        "tournament", "Round robin: every pair of players plays both colours; a leaderboard with Elo ratings");
    tournament->add_option("players", tournamentSettings->players, kPlayerHelp)->required()->expected(2, 64);
    addOptions(*tournament, *tournamentSettings);
    addExamples(*tournament, {"reversi tournament greedy smarter smartest part2:time=0.05 --sizes 6,8",
                              "reversi tournament part2 \"cmd:./alice/a.out\" \"cmd:./bob/a.out\" --save-games games/"});
    tournament->callback(
        [tournamentSettings, &action] { action = [tournamentSettings] { return run(*tournamentSettings, true); }; });
}

}  // namespace reversi::app
