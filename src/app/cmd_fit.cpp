// `reversi fit8`: fits the 8x8 pattern evaluation (pattern8.hpp) that orders the endgame solver's moves.
//
//   reversi fit8 generate --games N --out FILE   positions from generated games, solved exactly
//   reversi fit8 train FILE... --out SOURCE       least-squares pattern weights, written as C++ source
//
// The committed src/pattern8_weights.cpp is `train`'s output; README "The pattern evaluation" has
// the commands that made it.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <unistd.h>

#include "commands.hpp"
#include "reversi/pattern8.hpp"
#include "reversi/pattern_fit.hpp"

namespace reversi::app {

namespace {

struct TrainSettings {
    std::vector<std::string> files;
    std::string out;
    pattern8::FitOptions fit;
};

int runGenerate(const pattern8::GenerateOptions& o, const std::string& out) {
    std::ofstream file(out);
    if (!file) {
        std::cerr << "reversi fit8 generate: cannot write " << out << "\n";
        return 2;
    }
    const bool tty = isatty(2);
    const auto samples = pattern8::generateSamples(o, [&](int done) {
        if (tty) std::fprintf(stderr, "\rgames %d/%d%s", done, o.games, done == o.games ? "\n" : "");
        else if (done == o.games || done % 1000 == 0) std::fprintf(stderr, "games %d/%d\n", done, o.games);
    });
    pattern8::writeSamples(file, samples);
    file.close();
    if (!file) {
        std::cerr << "reversi fit8 generate: writing " << out << " failed\n";
        return 2;
    }
    std::printf("%zu positions with %d..%d empties from %d games written to %s\n", samples.size(), o.minEmpties,
                o.maxEmpties, o.games, out.c_str());
    return 0;
}

int runTrain(const TrainSettings& s) {
    std::vector<pattern8::Sample> samples;
    for (const std::string& name : s.files) {
        std::ifstream in(name);
        if (!in) {
            std::cerr << "reversi fit8 train: cannot read " << name << "\n";
            return 2;
        }
        try {
            const auto more = pattern8::readSamples(in);
            samples.insert(samples.end(), more.begin(), more.end());
        } catch (const std::exception& e) {
            std::cerr << "reversi fit8 train: " << name << ": " << e.what() << "\n";
            return 2;
        }
    }
    if (samples.empty()) {
        std::cerr << "reversi fit8 train: no positions\n";
        return 2;
    }
    std::printf("%zu positions (%.0f%% held out for validation), %u weights\n", samples.size(),
                100 * s.fit.validationFraction, pattern8::weightCount());
    const auto weights = pattern8::fitWeights(samples, s.fit, [](const pattern8::FitReport& r) {
        std::printf("epoch %3d  train rms %6.2f  validation rms %6.2f discs\n", r.epoch, r.trainRms, r.validationRms);
        std::fflush(stdout);
    });
    if (s.out.empty()) return 0;
    std::ofstream out(s.out);
    std::ostringstream provenance;
    provenance << samples.size() << " positions, " << s.fit.epochs << " epochs, learning rate " << s.fit.learningRate
               << ", regularisation " << s.fit.regularisation << ".";
    pattern8::writeWeightsSource(out, weights, provenance.str());
    out.close();
    if (!out) {
        std::cerr << "reversi fit8 train: writing " << s.out << " failed\n";
        return 2;
    }
    std::printf("weights written to %s\n", s.out.c_str());
    return 0;
}

}  // namespace

void addFitCommand(CLI::App& app, Action& action) {
    CLI::App* fit = app.add_subcommand("fit8", "Fit the 8x8 pattern evaluation that orders the endgame solver's moves");
    fit->require_subcommand(1);

    auto g = std::make_shared<pattern8::GenerateOptions>();
    auto gOut = std::make_shared<std::string>();
    CLI::App* gen = fit->add_subcommand("generate", "Positions from generated games, each solved exactly");
    gen->add_option("--games", g->games, "Games to play")->check(CLI::Range(1, 100000000))->capture_default_str();
    gen->add_option("--seed", g->seed, "Seed of the games")->capture_default_str();
    gen->add_option("--min-empties", g->minEmpties, "Fewest empties recorded")->check(CLI::Range(0, 60))->capture_default_str();
    gen->add_option("--max-empties", g->maxEmpties, "Most empties recorded (solving time grows fast with it)")
        ->check(CLI::Range(0, 30))
        ->capture_default_str();
    gen->add_option("--opening-plies", g->openingPlies, "Random opening plies (between half of this and this)")
        ->check(CLI::Range(0, 40))
        ->capture_default_str();
    gen->add_option("--random-moves", g->randomMoves, "Chance of a random move after the opening")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    gen->add_option("-j,--jobs", g->jobs, "Threads")->check(CLI::Range(1, 256))->capture_default_str();
    gen->add_option("-o,--out", *gOut, "Output file")->required();
    gen->callback([g, gOut, &action] {
        if (g->minEmpties > g->maxEmpties) throw CLI::ValidationError("--min-empties", "must not exceed --max-empties");
        action = [g, gOut] { return runGenerate(*g, *gOut); };
    });

    auto t = std::make_shared<TrainSettings>();
    CLI::App* train = fit->add_subcommand("train", "Fit the pattern weights to solved positions");
    train->add_option("files", t->files, "Files written by `fit8 generate`")->required()->check(CLI::ExistingFile);
    train->add_option("-o,--out", t->out, "C++ source to write the weights to (e.g. src/pattern8_weights.cpp)");
    train->add_option("--epochs", t->fit.epochs, "Passes over the positions")->check(CLI::Range(1, 100000))->capture_default_str();
    train->add_option("--learning-rate", t->fit.learningRate, "Step per epoch")->check(CLI::Range(0.0001, 10.0))->capture_default_str();
    train->add_option("--regularisation", t->fit.regularisation, "Pseudo-count per weight (shrinks rare ones)")
        ->check(CLI::Range(0.0, 1e9))
        ->capture_default_str();
    train->add_option("--validation", t->fit.validationFraction, "Fraction held out to measure the error")
        ->check(CLI::Range(0.0, 0.9))
        ->capture_default_str();
    train->callback([t, &action] { action = [t] { return runTrain(*t); }; });
}

}  // namespace reversi::app
