// `reversi bench`: the engine's speed and depth on fixed positions, and its longest move over games.
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "tools/bench.hpp"

namespace reversi::app {

namespace {
struct BenchSettings {
    std::vector<int> sizes{8, 14, 20, 26};
    std::vector<int> gameSizes{8, 14};
    double moveTime = 1.0;
    int depth = 0;
    int positions = 1;
    double gameMoveTime = EngineOptions{}.moveTime;
};
// 0 (or an empty list) means none.
bool validSizes(std::vector<int>& sizes) {
    std::erase(sizes, 0);
    for (const int n : sizes)
        if (n < 4 || n > 26 || n % 2) return false;
    return true;
}
}  // namespace

void addTuneCommand(CLI::App& app, Action& action);  // cmd_tune.cpp
void addTrainCommands(CLI::App& app, Action& action);  // cmd_train8.cpp
void addTrainNCommands(CLI::App& app, Action& action);  // cmd_train_nxn.cpp
void addAnalyseCommand(CLI::App& app, Action& action);  // cmd_analyse.cpp

namespace {
void addBenchCommand(CLI::App& app, Action& action) {
    auto s = std::make_shared<BenchSettings>();
    CLI::App* cmd = app.add_subcommand(
        "bench", "Engine benchmarks: nodes/s and depth on fixed positions, longest move over whole games");
    cmd->add_option("--sizes", s->sizes, "Sizes for the fixed-position search benchmark (0: none)")
        ->delimiter(',')
        ->expected(0, 12)
        ->capture_default_str();
    cmd->add_option("--game-sizes", s->gameSizes, "Sizes for the engine-against-engine games (0: none)")
        ->delimiter(',')
        ->expected(0, 12)
        ->capture_default_str();
    cmd->add_option("--move-time", s->moveTime, "CPU seconds per search on the fixed positions")
        ->check(FiniteRange(0.001, 60.0))
        ->capture_default_str();
    cmd->add_option("--depth", s->depth,
                    "Search the fixed positions exactly this many plies (deterministic node counts; 0: by time)")
        ->check(CLI::Range(0, 60))
        ->capture_default_str();
    cmd->add_option("--positions", s->positions,
                    "Fixed positions per fill level (20/40/60%): more average out how a change moves one search")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    cmd->add_option("--game-move-time", s->gameMoveTime, "The engine's move time in the games")
        ->check(FiniteRange(0.001, 60.0))
        ->capture_default_str();
    addExamples(*cmd, {"reversi bench", "reversi bench --sizes 8 --game-sizes 0 --move-time 0.5",
                       "reversi bench --sizes 8,14 --game-sizes 0 --depth 8 --move-time 60",
                       "reversi bench --sizes 8 --game-sizes 0 --depth 14 --move-time 60 --positions 20"});
    cmd->callback([s, &action] {
        action = [s] {
            if (!validSizes(s->sizes) || !validSizes(s->gameSizes)) {
                std::cerr << "reversi: sizes must be even numbers from 4 to 26\n";
                return 2;
            }
            EngineOptions search, game;
            search.moveTime = s->moveTime;
            search.maxDepth = s->depth;
            game.moveTime = s->gameMoveTime;
            runBench(std::cout, s->sizes, s->gameSizes, search, game, s->positions);
            return 0;
        };
    });
}
}  // namespace

void addEngineCommands(CLI::App& app, Action& action) {
    addBenchCommand(app, action);
    addTuneCommand(app, action);
    addTrainCommands(app, action);
    addTrainNCommands(app, action);
    addAnalyseCommand(app, action);
}

}  // namespace reversi::app
