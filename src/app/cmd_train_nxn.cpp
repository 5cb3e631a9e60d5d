// `reversi train-nxn`: the learned evaluation of the other sizes (6x6, 10x10 ... 26x26; docs/training.md).
//
//   reversi train-nxn games --dir DIR --size N --games G    self-play games of one size, in resumable blocks
//   reversi train-nxn fit --games DIR --size N --weights FILE --out FILE [--search-depth D]
//                                                        that size's weights fitted to the games' outcomes,
//                                                        or to search values of their positions
//   reversi train-nxn share --weights FILE --from N --to M,... --out FILE
//                                                        other sizes play size N's weights (a size class)
//   reversi train-nxn probcut --games DIR --size N --fits FILE --out FILE
//                                                        that size's Multi-ProbCut fitted from full-width
//                                                        searches of its games' positions
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli.hpp"
#include "commands.hpp"
#include "eval/eval_nxn.hpp"
#include "eval/weights_file.hpp"
#include "platform/atomic_file.hpp"
#include "platform/text_file.hpp"
#include "tools/fit_eval_nxn.hpp"
#include "tools/games_nxn.hpp"
#include "tools/fit_probcut_nxn.hpp"
#include "search/probcut_nxn.hpp"

namespace reversi::app {

namespace {
// Named apart from cmd_train8.cpp's commands of the same names (fit, probcut): the command files are
// compiled together in unity units (src/CMakeLists.txt).
namespace nxn {

int runGames(const train_nxn::GamesOptions& o) {
    return runTool("reversi train-nxn games", [&] {
        train_nxn::generateGames(o, [&](int done, int total) {
            if (isatty(2)) std::fprintf(stderr, "\r%dx%d blocks %d/%d%s", o.size, o.size, done, total, done == total ? "\n" : "");
            else std::fprintf(stderr, "%dx%d blocks %d/%d\n", o.size, o.size, done, total);
        });
        std::printf("%d games of %dx%d in %s\n", o.games, o.size, o.size, o.dir.c_str());
    });
}

struct FitSettings {
    train_nxn::FitSizeOptions fit;
    std::string weights, out;
};

// Every size's packed weights from an eval_nxn weights file (checked), or zeros when `path` is empty.
std::vector<std::int16_t> readPackedWeights(const std::string& path) {
    if (path.empty()) return std::vector<std::int16_t>(static_cast<std::size_t>(eval_nxn::kSizes * eval_nxn::kPhases) * eval_nxn::layout().packedPerPhase, 0);
    const std::string bytes = readWholeFile(path);
    WeightSet set = decodeWeights(bytes.data(), bytes.size());
    eval_nxn::Weights check(set);
    return set.weights;
}

int runFit(const FitSettings& s) {
    return runTool("reversi train-nxn fit", [&] {
        std::vector<std::int16_t> packed = readPackedWeights(s.weights);
        const auto fitReport = [](const train_nxn::FitSizeReport& r) {
            if (r.iteration == 0 && r.labelSeconds > 0) std::fprintf(stderr, "phase %2d  labelled in %.0f s\n", r.phase, r.labelSeconds);
            if (r.iteration % 20 == 0 || r.iteration >= 60)
                std::fprintf(stderr, "phase %2d  iteration %3d  samples %zu (held out %zu)  rms %.3f train, %.3f held out (zero weights %.3f)\n",
                             r.phase, r.iteration, r.samples, r.heldOut, r.trainRms, r.validationRms, r.priorRms);
        };
        const bool terminal = isatty(2);
        const auto labelProgress = [terminal](int phase, std::size_t done, std::size_t total) {
            if (terminal) std::fprintf(stderr, "\rphase %2d  labelling %zu/%zu%s", phase, done, total, done == total ? "\n" : "");
            else if (done == total || done % 10000 == 0) std::fprintf(stderr, "phase %2d  labelling %zu/%zu\n", phase, done, total);
        };
        train_nxn::fitSize(packed, s.fit, fitReport, labelProgress);
        writeFileAtomically(s.out, encodeWeights(eval_nxn::packWeights(packed)));
        std::printf("%dx%d fitted: %s\n", s.fit.size, s.fit.size, s.out.c_str());
    });
}

struct ShareSettings {
    std::string weights, out;
    int from = 16;
    std::vector<int> to;
};

int runShare(const ShareSettings& s) {
    return runTool("reversi train-nxn share", [&] {
        std::vector<std::int16_t> packed = readPackedWeights(s.weights);
        for (const int n : s.to) train_nxn::shareSize(packed, s.from, n);
        writeFileAtomically(s.out, encodeWeights(eval_nxn::packWeights(packed)));
        std::printf("%dx%d's weights shared with %zu size(s): %s\n", s.from, s.from, s.to.size(), s.out.c_str());
    });
}

struct ProbCutSettings {
    train_nxn::ProbCutFitOptions fit;
    std::string fits, out;
};

int runProbCut(const ProbCutSettings& s) {
    return runTool("reversi train-nxn probcut", [&] {
        ProbCutN fits;
        if (!s.fits.empty()) fits = parseProbCutN(readWholeFile(s.fits));
        const bool terminal = isatty(2);
        train_nxn::fitProbCutN(fits, s.fit, [terminal](std::size_t done, std::size_t total) {
            if (terminal) std::fprintf(stderr, "\rpositions %zu/%zu%s", done, total, done == total ? "\n" : "");
            else if (done == total || done % 100 == 0) std::fprintf(stderr, "positions %zu/%zu\n", done, total);
        });
        writeFileAtomically(s.out, formatProbCutN(fits));
        std::printf("%dx%d Multi-ProbCut fitted: %s\n", s.fit.size, s.fit.size, s.out.c_str());
    });
}

const auto kSizeCheck = CLI::Validator(
    [](const std::string& v) {
        try {
            const int n = std::stoi(v);
            return eval_nxn::coversSize(n) ? std::string() : std::string("an even size from 6 to 26 but 8");
        } catch (const std::exception&) {
            return std::string("a board size");
        }
    },
    "SIZE");

void addGamesCommand(CLI::App* train, Action& action) {
    auto g = std::make_shared<train_nxn::GamesOptions>();
    CLI::App* games = train->add_subcommand("games", "Self-play games of one size, in resumable blocks");
    games->add_option("--dir", g->dir, "Directory of the games (DIR/SIZE/block-NNNNN.games)")->required();
    games->add_option("--size", g->size, "Board size")->required()->check(kSizeCheck);
    addSelfPlayOptions(*games, *g, 10000000, 600, 12);
    games->add_flag("--learned", g->learned, "The engine plays with the built-in learned evaluation (else the hand-set one)");
    addExamples(*games, {"reversi train-nxn games --dir games_nxn --size 16 --games 2000 --seed 1 -j 2   (run again to resume)"});
    games->callback([g, &action] {
        checkOpeningRange(*g);
        action = [g] { return runGames(*g); };
    });
}

// The input of fit and probcut: one size's games (train_nxn games).
void addGamesOfSize(CLI::App& command, std::string& games, int& size) {
    command.add_option("--games", games, "Games directory (train_nxn games)")->required();
    command.add_option("--size", size, "Board size")->required()->check(kSizeCheck);
}

void addFitSizeCommand(CLI::App* train, Action& action) {
    auto f = std::make_shared<FitSettings>();
    CLI::App* fit = train->add_subcommand("fit", "Fit one size's weights to the outcomes of its games");
    addGamesOfSize(*fit, f->fit.games, f->fit.size);
    addStartAndOut(*fit, f->weights, f->out, "Weights to start from, the other sizes kept (default: zeros)",
                   "Weights file to write");
    fit->add_option("--overlap", f->fit.overlap, "Neighbouring phases within this distance also train a phase")->check(CLI::Range(0, 5))->capture_default_str();
    fit->add_option("--iterations", f->fit.iterations, "Conjugate-gradient iterations per phase")->check(CLI::Range(1, 10000))->capture_default_str();
    fit->add_option("--regularisation", f->fit.regularisation, "Ridge weight toward the later phase, in samples")->check(FiniteRange(0.0, 1e9))->capture_default_str();
    fit->add_option("--validation", f->fit.validation, "Share of the games held out")->check(FiniteRange(0.0, 0.5))->capture_default_str();
    fit->add_option("--search-depth", f->fit.searchDepth,
                    "Label positions by a search of this depth with the phases fitted so far (0: by the games' outcomes)")
        ->check(CLI::Range(0, 12))->capture_default_str();
    fit->add_option("--exact-empties", f->fit.exactEmpties, "Search labels: solve exactly at or below this many empties")
        ->check(CLI::Range(0, 20))->capture_default_str();
    fit->add_option("--per-phase", f->fit.perPhase, "Search labels: positions labelled per phase at most (a seeded choice)")
        ->check(CLI::Range(1, 100000000))->capture_default_str();
    addSeedOption(*fit, f->fit.seed, "Search labels: seed of the choice of positions");
    addJobsOption(*fit, f->fit.jobs, "Search labels: threads");
    addExamples(*fit, {"reversi train-nxn fit --games games_nxn --size 16 --weights weights/eval_nxn.bin -o weights/eval_nxn.bin",
                       "reversi train-nxn fit --games games_nxn --size 10 --search-depth 4 -j 2 --weights weights/eval_nxn.bin -o eval_nxn.bin"});
    fit->callback([f, &action] { action = [f] { return runFit(*f); }; });
}

void addShareCommand(CLI::App* train, Action& action) {
    auto sh = std::make_shared<ShareSettings>();
    CLI::App* share = train->add_subcommand("share", "Let other sizes play one fitted size's weights (a size class)");
    share->add_option("--weights", sh->weights, "Weights file holding the fitted size")->required();
    share->add_option("--from", sh->from, "The fitted size whose weights are shared")->required()->check(kSizeCheck);
    share->add_option("--to", sh->to, "Sizes that get a copy (repeat or list: --to 18,20)")->required()->delimiter(',')->check(kSizeCheck);
    share->add_option("-o,--out", sh->out, "Weights file to write")->required();
    addExamples(*share, {"reversi train-nxn share --weights weights/eval_nxn.bin --from 16 --to 18,20 -o eval_nxn-shared.bin"});
    share->callback([sh, &action] { action = [sh] { return runShare(*sh); }; });
}

void addProbCutCommand(CLI::App* train, Action& action) {
    auto p = std::make_shared<ProbCutSettings>();
    CLI::App* probcut = train->add_subcommand("probcut", "Fit one size's Multi-ProbCut from full-width searches of its games' positions");
    addGamesOfSize(*probcut, p->fit.games, p->fit.size);
    probcut->add_option("--fits", p->fits, "Fits to start from, the other sizes kept (default: none)");
    probcut->add_option("-o,--out", p->out, "Fits file to write (weights/probcut_nxn.txt is built in)")->required();
    probcut->add_option("--positions", p->fit.positions, "Positions per phase")->check(CLI::Range(30, 100000))->capture_default_str();
    probcut->add_option("--max-depth", p->fit.maxDepth, "Deepest full-width search")->check(CLI::Range(3, 16))->capture_default_str();
    probcut->add_option("--t", p->fit.t, "Cut when the prediction clears the bound by this many deviations")
        ->check(FiniteRange(0.1, 10.0))
        ->capture_default_str();
    addSeedOption(*probcut, p->fit.seed, "Seed of the choice of positions");
    addJobsOption(*probcut, p->fit.jobs);
    addExamples(*probcut, {"reversi train-nxn probcut --games games_nxn --size 12 --fits weights/probcut_nxn.txt -o weights/probcut_nxn.txt -j 2"});
    probcut->callback([p, &action] { action = [p] { return runProbCut(*p); }; });
}

}  // namespace nxn
}  // namespace

void addTrainNCommands(CLI::App& app, Action& action) {
    CLI::App* train = app.add_subcommand("train-nxn", "The learned evaluation and Multi-ProbCut of the sizes other than 8x8: self-play games, fits")->alias("trainn");
    train->require_subcommand(1);
    addExamples(*train, {"reversi train-nxn games --dir games_nxn --size 12 --games 4000 -j 2",
                         "reversi train-nxn fit --games games_nxn --size 12 --weights weights/eval_nxn.bin -o weights/eval_nxn.bin"});
    nxn::addGamesCommand(train, action);
    nxn::addFitSizeCommand(train, action);
    nxn::addShareCommand(train, action);
    nxn::addProbCutCommand(train, action);
}

}  // namespace reversi::app
