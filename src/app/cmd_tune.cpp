// `reversi tune`: the options of the coordinate descent over the hand-set evaluation's weights
// (tools/tune.hpp), and --list.
#include <cstdio>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "eval/evaluate.hpp"
#include "tools/tune.hpp"

namespace reversi::app {

void addTuneCommand(CLI::App& app, Action& action) {
    auto s = std::make_shared<tune::TuneOptions>();
    CLI::App* cmd = app.add_subcommand("tune", "Tune the evaluation weights by self-play matches (coordinate descent)");
    cmd->add_option("--params", s->params, "Weights to tune, comma-separated (default: all; see --list)")
        ->delimiter(',');
    cmd->add_option("--sizes", s->sizes, "Board sizes of the matches")->delimiter(',')->capture_default_str();
    cmd->add_option("--games", s->games, "Games per size and variant (pairs of colours from one opening)")
        ->check(CLI::Range(2, 100000))
        ->capture_default_str();
    cmd->add_option("--opening-plies", s->openingPlies, "Random opening plies")->check(CLI::Range(0, 60))->capture_default_str();
    cmd->add_option("--move-time", s->moveTime, "Engine CPU seconds per move")->check(FiniteRange(0.001, 60.0))->capture_default_str();
    addJobsOption(*cmd, s->jobs, "Games played at once");
    cmd->add_option("--rounds", s->rounds, "Passes over the weights")->check(CLI::Range(1, 100))->capture_default_str();
    cmd->add_option("--step", s->stepPercent, "Step as a percentage of the weight (at least 2)")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    cmd->add_option("--accept", s->accept, "Score a variant needs to replace the current weights")
        ->check(FiniteRange(0.5, 1.0))
        ->capture_default_str();
    addSeedOption(*cmd, s->seed, "Seed for the openings");
    cmd->add_option("--start", s->start, "Starting weights, NAME=VALUE,... over the defaults");
    auto list = std::make_shared<bool>(false);
    cmd->add_flag("--list", *list, "Print the weights and their default values, then exit");
    addExamples(*cmd, {"reversi tune --list", "reversi tune --params frontier.open,mobility.open --sizes 10 --games 40 -j 2"});
    cmd->callback([s, list, &action] {
        action = [s, list] {
            if (*list) {
                std::printf("%s\n", formatWeights(defaultEvalWeights()).c_str());
                return 0;
            }
            return tune::tuneWeights(*s);
        };
    });
}

}  // namespace reversi::app
