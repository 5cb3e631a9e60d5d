// `reversi tune`: tunes the evaluation weights by self-play matches (coordinate descent).
//
// For each weight in turn, two variants of the current weights (the weight raised and lowered by a
// step) each play a match against the current weights: seeded random openings, both colours from each,
// at the given sizes and move time. A variant that scores at least --accept (default 0.55) replaces the
// current weights. The result prints as NAME=VALUE,... (EvalWeights in evaluate.hpp holds the defaults;
// --start takes such a list as the starting point). These are the hand-set evaluation's weights, used
// at every size but 8x8, whose evaluation is fitted (`reversi fit8`); both sides play eval=hand.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "eval/evaluate.hpp"
#include "arena/game_pool.hpp"
#include "arena/match.hpp"
#include "arena/ratings.hpp"
#include "platform/splitmix.hpp"

namespace reversi::app {

namespace {

struct TuneSettings {
    std::vector<std::string> params;
    std::vector<int> sizes{10, 14};  // the hand-set evaluation plays every size but 8x8 (patterns there)
    int games = 20;
    int openingPlies = 8;
    double moveTime = 0.05;
    int jobs = 1;
    int rounds = 1;
    int stepPercent = 30;
    double accept = 0.55;
    std::uint64_t seed = 1;
    std::string start;
};

// Score of `variant` against `base` over the scheduled games.
double playVariant(const EvalWeights& variant, const EvalWeights& base, const TuneSettings& s, std::uint64_t seed) {
    std::vector<Player> players(2);
    for (int i = 0; i < 2; ++i) {
        players[static_cast<std::size_t>(i)].kind = PlayerKind::kPart2;
        players[static_cast<std::size_t>(i)].engine.moveTime = s.moveTime;
        // The weights tuned are the hand-set evaluation's, so it plays at every size given, 8x8 too
        // (where the engine otherwise uses its fitted patterns and these weights would change nothing).
        players[static_cast<std::size_t>(i)].engine.evaluation = Evaluation::kHand;
    }
    players[0].name = "variant";
    players[0].engine.weights = &variant;
    players[1].name = "current";
    players[1].engine.weights = &base;
    MatchOptions options;
    options.sizes = s.sizes;
    options.games = s.games;
    options.openingPlies = s.openingPlies;
    options.seed = seed;
    options.jobs = s.jobs;
    options.referee.timeLimit = 1.0;
    const std::vector<GameTask> tasks = scheduleGames(2, options);
    const std::vector<GameRecord> games = runGames(players, tasks, options);
    return scoreFor(games, 0).score;
}

int run(const TuneSettings& s) {
    try {
        EvalWeights current = defaultEvalWeights();
        applyWeights(current, s.start);
        const std::vector<std::string> params = s.params.empty() ? weightNames() : s.params;
        for (const std::string& p : params)
            if (!weightRef(current, p)) throw std::invalid_argument("unknown weight \"" + p + "\"");
        std::uint64_t seed = s.seed;
        for (int round = 1; round <= s.rounds; ++round) {
            for (const std::string& p : params) {
                const int value = *weightRef(current, p);
                const int step = std::max(2, static_cast<int>(std::lround(std::abs(value) * s.stepPercent / 100.0)));
                double bestScore = 0;
                int bestValue = value;
                for (const int candidate : {value + step, value - step}) {
                    EvalWeights variant = current;
                    *weightRef(variant, p) = candidate;
                    const double score = playVariant(variant, current, s, seed);
                    std::printf("round %d  %-18s %6d -> %6d  score %.3f\n", round, p.c_str(), value, candidate, score);
                    std::fflush(stdout);
                    if (score > bestScore) {
                        bestScore = score;
                        bestValue = candidate;
                    }
                }
                seed = mixSeed(seed, 1);  // fresh openings for the next weight
                if (bestScore >= s.accept) {
                    *weightRef(current, p) = bestValue;
                    std::printf("round %d  %-18s accepted %d\n", round, p.c_str(), bestValue);
                }
            }
        }
        std::printf("weights: %s\n", formatWeights(current).c_str());
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "reversi tune: " << e.what() << "\n";
        return 2;
    }
}

}  // namespace

void addTuneCommand(CLI::App& app, Action& action) {
    auto s = std::make_shared<TuneSettings>();
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
            return run(*s);
        };
    });
}

}  // namespace reversi::app
