// `reversi train8`: the 8x8 evaluation's training pipeline (docs/training.md).
//
//   reversi train8 corpus --dir DIR --games N     positions from seeded games, in resumable blocks
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "tools/corpus8.hpp"

namespace reversi::app {

namespace {

// Progress on standard error: a rewritten line at a terminal, a line per step otherwise.
void showSteps(const char* what, int done, int total) {
    if (isatty(2)) std::fprintf(stderr, "\r%s %d/%d%s", what, done, total, done == total ? "\n" : "");
    else std::fprintf(stderr, "%s %d/%d\n", what, done, total);
}

int runCorpus(const train8::CorpusOptions& o) {
    try {
        train8::generateCorpus(o, [](int done, int total) { showSteps("blocks", done, total); });
        std::printf("corpus %s: %d games in blocks of %d (seed %llu)\n", o.dir.c_str(), o.games, o.blockGames,
                    static_cast<unsigned long long>(o.seed));
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "reversi train8 corpus: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace

void addTrainCommands(CLI::App& app, Action& action) {
    CLI::App* train = app.add_subcommand("train8", "The 8x8 evaluation's training pipeline: corpus, labels, fit");
    train->require_subcommand(1);
    addExamples(*train, {"reversi train8 corpus --dir corpus8 --games 200000 -j 2", "reversi help train8 corpus"});

    auto c = std::make_shared<train8::CorpusOptions>();
    CLI::App* corpus = train->add_subcommand("corpus", "Positions from seeded games, written in resumable blocks");
    corpus->add_option("--dir", c->dir, "Directory of the block files (created; existing blocks are kept)")->required();
    corpus->add_option("--games", c->games, "Games in all")->check(CLI::Range(1, 100000000))->capture_default_str();
    corpus->add_option("--seed", c->seed, "Seed of the games")->capture_default_str();
    corpus->add_option("--opening-min", c->openingMin, "Fewest random opening plies")->check(CLI::Range(0, 60))->capture_default_str();
    corpus->add_option("--opening-max", c->openingMax, "Most random opening plies")->check(CLI::Range(0, 60))->capture_default_str();
    corpus->add_option("--random-moves", c->randomMoveRate, "Chance of a random move after the opening")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    corpus->add_option("--depth", c->depth, "The engine's search depth for the other moves")->check(CLI::Range(1, 20))->capture_default_str();
    corpus->add_option("--block-games", c->blockGames, "Games per block file")->check(CLI::Range(1, 1000000))->capture_default_str();
    corpus->add_option("-j,--jobs", c->jobs, "Threads")->check(CLI::Range(1, 256))->capture_default_str();
    addExamples(*corpus, {"reversi train8 corpus --dir corpus8 --games 200000 --seed 1 -j 2   (run again to resume)"});
    corpus->callback([c, &action] {
        if (c->openingMin > c->openingMax) throw CLI::ValidationError("--opening-min", "must not exceed --opening-max");
        action = [c] { return runCorpus(*c); };
    });
}

}  // namespace reversi::app
