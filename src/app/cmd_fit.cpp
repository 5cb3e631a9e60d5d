// `reversi fit8`: fits the 8x8 exact solver's ordering evaluation (eval/order_eval8.hpp).
//
//   reversi fit8 generate --games N --out FILE       endgame positions from generated games, solved exactly
//   reversi fit8 train FILE... --out FILE             their weights, as weights/order_eval8.bin
//
// docs/training.md has the commands that made the committed weights/order_eval8.bin. (The engine's
// 8x8 evaluation is trained by `reversi train8`.)
#include <bit>
#include <cerrno>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

#include <unistd.h>

#include "cli.hpp"
#include "commands.hpp"
#include "eval/order_eval8.hpp"
#include "platform/atomic_file.hpp"
#include "tools/fit_order_eval8.hpp"
#include "platform/memory.hpp"
#include "platform/printable.hpp"
#include "platform/text_file.hpp"

namespace reversi::app {

namespace {

constexpr int kMinSolveEmpties = 8;

struct TrainSettings {
    std::vector<std::string> files;
    std::string out;
    order_eval8::FitOptions fit;
};

// Runs generate(progress) (one of the generators, reporting finished games), writes its samples to
// `out` and says how many; command names the subcommand in messages.
int writeGenerated(const char* command, const std::string& out, int games,
                   const std::function<std::vector<order_eval8::Sample>(const std::function<void(int)>&)>& generate,
                   const std::string& what) {
    std::ofstream file(out);
    if (!file) {
        std::cerr << "reversi fit8 " << command << ": cannot write " << printable(out) << ": " << std::strerror(errno) << "\n";
        return 2;
    }
    const bool tty = isatty(2);
    const auto samples = generate([&](int done) {
        if (tty) std::fprintf(stderr, "\rgames %d/%d%s", done, games, done == games ? "\n" : "");
        else if (done == games || done % 1000 == 0) std::fprintf(stderr, "games %d/%d\n", done, games);
    });
    order_eval8::writeSamples(file, samples);
    file.close();
    if (!file) {
        std::cerr << "reversi fit8 " << command << ": writing " << out << " failed\n";
        return 2;
    }
    std::printf("%zu positions %s from %d games written to %s\n", samples.size(), what.c_str(), games, out.c_str());
    return 0;
}

int runGenerate(const order_eval8::GenerateOptions& o, const std::string& out) {
    return writeGenerated("generate", out, o.games, [&](const auto& progress) { return order_eval8::generateSamples(o, progress); },
                          "with " + std::to_string(o.minEmpties) + ".." + std::to_string(o.maxEmpties) + " empties");
}

// The samples of every file, or an error message on standard error and an empty result.
std::vector<order_eval8::Sample> readSampleFiles(const std::vector<std::string>& files, const char* command) {
    std::vector<order_eval8::Sample> samples;
    for (const std::string& name : files) {
        try {
            const auto in = openTextFile(name);
            const auto more = order_eval8::readSamples(*in, name);
            samples.insert(samples.end(), more.begin(), more.end());
        } catch (const std::exception& e) {
            std::cerr << "reversi fit8 " << command << ": " << printable(e.what()) << "\n";
            return {};
        }
    }
    if (samples.empty()) {
        std::cerr << "reversi fit8 " << command << ": no positions\n";
        return {};
    }
    // The fit's arrays, checked against the memory there is before they are made.
    const std::uint64_t need = order_eval8::fitBytes(samples.size()), room = allocatableBytes();
    if (need > room) {
        std::cerr << "reversi fit8 " << command << ": fitting " << samples.size() << " positions needs "
                  << formatMemory(need) << ", and only " << formatMemory(room) << " can be had\n";
        return {};
    }
    return samples;
}

int writeWeights(const std::string& path, const std::vector<double>& weights) {
    try {
        writeFileAtomically(path, order_eval8::encodeOrderWeights(weights));
    } catch (const std::exception& e) {
        std::cerr << "reversi fit8 train: " << e.what() << "\n";
        return 2;
    }
    std::printf("weights written to %s\n", path.c_str());
    return 0;
}

int runTrain(const TrainSettings& s) {
    const auto samples = readSampleFiles(s.files, "train");
    if (samples.empty()) return 2;
    std::printf("%zu positions (%.0f%% held out for validation), %u weights\n", samples.size(),
                100 * s.fit.validationFraction, order_eval8::weightCount());
    const auto weights = order_eval8::fitWeights(samples, s.fit, [](const order_eval8::FitReport& r) {
        std::printf("epoch %3d  train rms %6.2f  validation rms %6.2f discs\n", r.epoch, r.trainRms, r.validationRms);
        std::fflush(stdout);
    });
    if (s.out.empty()) return 0;
    return writeWeights(s.out, weights);
}

// The least-squares fit's options.
void addFitOptions(CLI::App* cmd, order_eval8::FitOptions& fit) {
    cmd->add_option("--epochs", fit.epochs, "Passes over the positions")->check(CLI::Range(1, 100000))->capture_default_str();
    cmd->add_option("--learning-rate", fit.learningRate, "Step per epoch")->check(FiniteRange(0.0001, 10.0))->capture_default_str();
    cmd->add_option("--regularisation", fit.regularisation, "Pseudo-count per weight (shrinks rare ones)")
        ->check(FiniteRange(0.0, 1e9))
        ->capture_default_str();
    cmd->add_option("--validation", fit.validationFraction, "Fraction held out to measure the error")
        ->check(FiniteRange(0.0, 0.9))
        ->capture_default_str();
}

}  // namespace

void addFitCommand(CLI::App& app, Action& action) {
    CLI::App* fit = app.add_subcommand("fit8", "Fit the 8x8 exact solver's ordering evaluation");
    fit->require_subcommand(1);
    addExamples(*fit, {"reversi fit8 generate --games 20000 -j 2 -o endgame.txt", "reversi help fit8 train"});

    auto g = std::make_shared<order_eval8::GenerateOptions>();
    auto gOut = std::make_shared<std::string>();
    CLI::App* gen = fit->add_subcommand("generate", "Positions from generated games, each solved exactly");
    gen->add_option("--games", g->games, "Games to play")->check(CLI::Range(1, 100000000))->capture_default_str();
    addSeedOption(*gen, g->seed, "Seed of the games");
    gen->add_option("--min-empties", g->minEmpties, "Fewest empties recorded")->check(CLI::Range(0, 60))->capture_default_str();
    gen->add_option("--max-empties", g->maxEmpties, "Most empties recorded (solving time grows fast with it)")
        ->check(CLI::Range(0, 30))
        ->capture_default_str();
    gen->add_option("--opening-plies", g->openingPlies, "Random opening plies (between half of this and this)")
        ->check(CLI::Range(0, 40))
        ->capture_default_str();
    gen->add_option("--random-moves", g->randomMoves, "Chance of a random move after the opening")
        ->check(FiniteRange(0.0, 1.0))
        ->capture_default_str();
    addJobsOption(*gen, g->jobs);
    gen->add_option("-o,--out", *gOut, "Output file")->required();
    addExamples(*gen, {"reversi fit8 generate --games 20000 --seed 1 -j 2 -o endgame.txt"});
    gen->callback([g, gOut, &action] {
        if (g->minEmpties > g->maxEmpties) throw CLI::ValidationError("--min-empties", "must not exceed --max-empties");
        action = [g, gOut] { return runGenerate(*g, *gOut); };
    });

    auto t = std::make_shared<TrainSettings>();
    CLI::App* train = fit->add_subcommand("train", "Fit the pattern weights to solved positions");
    train->add_option("files", t->files, "Files written by `fit8 generate`")->required()->check(CLI::ExistingFile);
    train->add_option("-o,--out", t->out, "Weights file to write (weights/order_eval8.bin is built in)");
    addFitOptions(train, t->fit);
    addExamples(*train, {"reversi fit8 train endgame.txt -o weights/order_eval8.bin"});
    train->callback([t, &action] { action = [t] { return runTrain(*t); }; });

}

}  // namespace reversi::app
