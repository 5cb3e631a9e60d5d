// `reversi match A B`, `reversi tournament P1 P2 ...` and `reversi game BLACK WHITE`: games between
// players under the referee; results kept as the games finish (--results DIR), resumed, split into
// batch jobs (--plan FILE) and merged (--merge DIR). docs/matches.md.
#include <climits>
#include <iostream>
#include <map>
#include <memory>

#include "arena/match_run.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "platform/interrupt.hpp"
#include "platform/printable.hpp"
#include "platform/sandbox.hpp"

namespace reversi::app {

namespace {

const char* kPlayerHelp =
    "Players: random[:SEED], greedy, smarter, smartest, part2[:time=SECONDS,depth=PLIES,eval=hand|default,"
    "mpc=on|off,asp=W,w.NAME=V], cmd:PROGRAM ARGS... or any command containing '/' (a program speaking the lab's "
    "protocol; a directory stands for the submission in it), gtp:PROGRAM ARGS... (a GTP engine), "
    "nboard:PROGRAM ARGS... (an NBoard engine)";

void addLimitOptions(CLI::App& cmd, MatchSettings& s) {
    cmd.add_option("--time-limit", s.timeLimit, "CPU seconds (user time, or as --cpu-time says) per move; a slower move loses the game")
        ->check(FiniteRange(0.001, 3600.0))
        ->capture_default_str();
    cmd.add_option("--wall-limit", s.wallLimit,
                   "Wall-clock seconds an external program has for each whole move (0: 3 x time limit + 2)")
        ->check(FiniteRange(0.0, 36000.0))
        ->capture_default_str();
    cmd.add_option("--memory-limit", s.memoryLimit, "MiB of address space for each process of an external program")
        ->check(CLI::Range(16, 1 << 20))
        ->capture_default_str();
    cmd.add_option("--run-as", s.runAs,
                   "When run as root: the user external programs run as (auto: a user id of each program's own, "
                   "from 61000-61999; root: keep root, not sandboxed as well)")
        ->capture_default_str();
    addSandboxOptions(cmd);
}

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
                   "Random plies played before the players take over (built-in, GTP or NBoard players)")
        ->check(CLI::Range(0, 60))
        ->capture_default_str();
    cmd.add_option("--balanced-openings", s.openingBalance,
                   "Keep only random openings that a fixed-depth search of our engine scores within this many "
                   "discs of even (as XOT's openings are); a lopsided opening decides a colour pair by itself")
        ->check(FiniteRange(0.0, 64.0));
    cmd.add_option("--openings", s.openings,
                   "A file of openings, one a line in compact notation (f5d6c3...), '#' comments: colour pair K "
                   "starts from the K-th opening (XOT-style books); one board size, built-in, GTP or NBoard players, "
                   "not with --opening-plies");
    cmd.add_option("--seed", s.seed, "Seed for the openings and the random players")->capture_default_str();
    cmd.add_option("-j,--jobs", s.jobs, "Games played at once (each in its own process)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    addLimitOptions(cmd, s);
    cmd.add_option("--json", s.json, "Also write a machine-readable summary to this file ('-': standard output, "
                                     "instead of the table)");
    cmd.add_option("--save-games", s.saveDir,
                   "Save every game's moves in this directory as it finishes (game-0001.txt, ...)");
    cmd.add_option("--save-format", s.saveFormat,
                   "compact: the size and moves as f5d6...; lab: the size, then one rc move per line")
        ->check(CLI::IsMember({"compact", "lab"}))
        ->capture_default_str();
    cmd.add_option("--results", s.results,
                   "Keep every game's result in this directory as it finishes (one JSON line per game); a rerun "
                   "with the same players and options resumes");
    addPlanAndMerge(cmd, s.plan, s.merge,
                    "Play nothing: write one self-contained command per game not yet in --results DIR to this file, "
                    "for a batch runner (GNU parallel, a Slurm array); then --merge DIR",
                    "Play nothing: build the table from the results in this directory (--results, --plan)");
}

}  // namespace

void addSandboxOptions(CLI::App& cmd) {
    static const std::map<std::string, Isolation> isolations{
        {"namespaces", Isolation::kNamespaces}, {"container", Isolation::kContainer}, {"auto", Isolation::kAuto}};
    static const std::map<std::string, CpuTime> cpuTimes{{"user", CpuTime::kUser}, {"user+system", CpuTime::kUserSystem}};
    cmd.add_option("--isolation", sandboxPolicy().isolation,
                   "namespaces: each program walled off in bubblewrap (refused where it cannot be); container: one "
                   "submission per container (limits, own session, no namespaces); auto: namespaces, else container, "
                   "said on standard error. docs/sandbox.md")
        ->transform(CLI::CheckedTransformer(isolations))
        ->default_str("namespaces");
    cmd.add_option("--cpu-time", sandboxPolicy().cpuTime,
                   "The CPU time a program is charged: user (as the course's handout measures, ru_utime) or "
                   "user+system")
        ->transform(CLI::CheckedTransformer(cpuTimes))
        ->default_str("user");
}

namespace {

int run(const MatchSettings& s, bool tournament) {
    installInterruptHandler();  // Ctrl-C: a message, status 130; the games already kept stay kept
    const char* command = tournament ? "reversi tournament: " : "reversi match: ";
    try {
        return runMatch(s, tournament);
    } catch (const std::exception& e) {
        std::cerr << command << printable(e.what()) << "\n";
        return 2;
    }
}

int runGame(const GameSettings& g) {
    installInterruptHandler();
    try {
        return runOneGame(g);
    } catch (const std::exception& e) {
        std::cerr << "reversi game: " << printable(e.what()) << "\n";
        return 2;
    }
}

}  // namespace

void addMatchCommands(CLI::App& app, Action& action) {
    auto matchSettings = std::make_shared<MatchSettings>();
    CLI::App* match = app.add_subcommand(
        "match", "Games between two players, both colours, at one or more sizes, with a score table");
    match->add_option("players", matchSettings->players, kPlayerHelp)->expected(0, 2);
    addOptions(*match, *matchSettings);
    match->add_option("--sprt", matchSettings->sprt,
                      "ELO0,ELO1: a sequential test (alpha = beta = 0.05) of whether the first player is ELO1 rather "
                      "than ELO0 Elo stronger; no game starts once it decides (--games is the most to play)");
    addExamples(*match, {"reversi match part2 smartest --sizes 8,16,26",
                         "reversi match part2:time=0.1 greedy --games 50 --opening-plies 6 --jobs 2 --json result.json",
                         "reversi match \"cmd:./a.out\" smarter --sizes 8   (a program speaking the lab protocol)",
                         "reversi match submissions/alice smartest --results alice-results/   (resumable)",
                         "reversi match part2 \"gtp:old/reversi gtp\" --games 1000 --opening-plies 8 --balanced-openings 2 "
                         "--sprt 0,30 --jobs 2 --results screen/"});
    match->callback([matchSettings, &action] { action = [matchSettings] { return run(*matchSettings, false); }; });

    auto tournamentSettings = std::make_shared<MatchSettings>();
    CLI::App* tournament = app.add_subcommand(
        "tournament", "Round robin: every pair of players plays both colours; a leaderboard with Elo ratings");
    tournament->add_option("players", tournamentSettings->players, kPlayerHelp)->expected(0, 1000000);
    addOptions(*tournament, *tournamentSettings);
    addExamples(*tournament,
                {"reversi tournament greedy smarter smartest part2:time=0.05 --sizes 6,8",
                 "reversi tournament submissions/*/ smartest --results league/ --jobs 2   (Ctrl-C, then run it again)",
                 "reversi tournament submissions/*/ --results league/ --plan games.txt && parallel < games.txt && "
                 "reversi tournament --merge league/"});
    tournament->callback(
        [tournamentSettings, &action] { action = [tournamentSettings] { return run(*tournamentSettings, true); }; });

    auto gameSettings = std::make_shared<GameSettings>();
    CLI::App* game = app.add_subcommand(
        "game", "One refereed game, its result as one JSON line (the unit of work of a tournament's --plan)");
    game->add_option("black", gameSettings->black, "The player with Black (a player spec, as for match)")->required();
    game->add_option("white", gameSettings->white, "The player with White")->required();
    game->add_option("--size", gameSettings->size, "Board size (even, 4 to 26)")->capture_default_str();
    game->add_option("--game", gameSettings->game, "The game's number in its tournament")
        ->check(CLI::Range(1, INT_MAX))
        ->capture_default_str();
    game->add_option("--seed", gameSettings->seed, "The game's seed (random players)")->capture_default_str();
    game->add_option("--opening", gameSettings->opening, "Opening moves played first (compact: f5d6...)");
    game->add_option("--black-name", gameSettings->blackName, "Black's name in the result");
    game->add_option("--white-name", gameSettings->whiteName, "White's name in the result");
    game->add_option("--result", gameSettings->result,
                     "Write the result here (one JSON line); when the file exists, the game is not played again");
    addLimitOptions(*game, gameSettings->limits);
    addExamples(*game, {"reversi game submissions/alice smartest --size 8",
                        "reversi game greedy \"cmd:./a.out\" --size 6 --result game.json"});
    game->callback([gameSettings, &action] { action = [gameSettings] { return runGame(*gameSettings); }; });
}

}  // namespace reversi::app
