// `reversi train8`: the 8x8 evaluation's training pipeline (docs/training.md).
//
//   reversi train8 corpus --dir DIR --games N       positions from seeded games, in resumable blocks
//   reversi train8 label --corpus DIR --out DIR --phase K [--weights FILE | --corpus-values]
//                                                  one phase's positions with search values
//   reversi train8 fit --labels DIR --phase K --weights FILE --out FILE
//                                                  one phase's weights fitted to its labels
//   reversi train8 run --corpus DIR --work DIR      label and fit every phase from the end backward
//   reversi train8 probcut --corpus DIR --out FILE  Multi-ProbCut fitted from full-width searches
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "eval/eval8.hpp"
#include "platform/atomic_file.hpp"
#include "tools/corpus8.hpp"
#include "tools/fit_eval8.hpp"
#include "tools/labels8.hpp"
#include "tools/fit_probcut8.hpp"
#include "tools/train8_pipeline.hpp"
#include "search/probcut8.hpp"

namespace reversi::app {

namespace {

// Progress on standard error: a rewritten line at a terminal, a line per step otherwise.
void showSteps(const char* what, int done, int total) {
    if (isatty(2)) std::fprintf(stderr, "\r%s %d/%d%s", what, done, total, done == total ? "\n" : "");
    else std::fprintf(stderr, "%s %d/%d\n", what, done, total);
}

int runCorpus(const train8::CorpusOptions& o) {
    return runTool("reversi train8 corpus", [&] {
        train8::generateCorpus(o, [](int done, int total) { showSteps("blocks", done, total); });
        std::printf("corpus %s: %d games in blocks of %d (seed %llu)\n", o.dir.c_str(), o.games, o.blockGames,
                    static_cast<unsigned long long>(o.seed));
    });
}

void printFit(int phase, const train8::FitPhaseReport& r) {
    std::fprintf(stderr, "phase %2d  iteration %3d  samples %zu (held out %zu)  rms %.3f train, %.3f held out (prior %.3f)\n",
                 phase, r.iteration, r.samples, r.heldOut, r.trainRms, r.validationRms, r.priorRms);
}

int runLabel(const train8::LabelOptions& o) {
    return runTool("reversi train8 label", [&] {
        train8::labelPhase(o, [&](int done, int total) { showSteps(("phase " + std::to_string(o.phase) + " chunks").c_str(), done, total); });
    });
}

struct FitSettings {
    train8::FitPhaseOptions fit;
    std::string weights, out;
    bool priorSame = false;
};

int runFit(const FitSettings& s) {
    return runTool("reversi train8 fit", [&] {
        train8::fitPhaseFile(s.weights, s.out, s.fit, s.priorSame, printFit);
        std::printf("phase %d fitted: %s\n", s.fit.phase, s.out.c_str());
    });
}

int runPipeline(const train8::PipelineOptions& s) {
    return runTool("reversi train8 run", [&] {
        const auto chunks = [](int phase, int done, int total) {
            showSteps(("phase " + std::to_string(phase) + " chunks").c_str(), done, total);
        };
        const std::string last = train8::runPipeline(s, chunks, printFit);
        std::printf("weights after phase %d: %s\n", s.lastPhase, last.c_str());
    });
}

int runProbCut(const train8::ProbCutFitOptions& o, const std::string& out) {
    return runTool("reversi train8 probcut", [&] {
        const ProbCut8 p = train8::fitProbCut(o, [](int done, int total) { showSteps("positions", done, total); });
        writeFileAtomically(out, formatProbCut(p));
        std::printf("Multi-ProbCut fits written to %s\n", out.c_str());
    });
}

void addLabelOptions(CLI::App& cmd, train8::LabelOptions& o) {
    cmd.add_option("--exact-empties", o.exactEmpties, "Positions with at most this many empties are solved exactly")
        ->check(CLI::Range(0, 24))
        ->capture_default_str();
    cmd.add_option("--depth", o.depth, "Search depth for the other positions")->check(CLI::Range(1, 20))->capture_default_str();
    cmd.add_flag("--probcut", o.probCut, "Search with the engine's Multi-ProbCut: the same depth at a fraction of the cost");
    cmd.add_flag("--corpus-values", o.corpusValues,
                 "No search: each position's value from the corpus's own engine (its --depth; built-in weights)");
    cmd.add_option("--max-positions", o.maxPositions, "Most positions labelled per phase")
        ->check(CLI::Range(1, 100000000))
        ->capture_default_str();
    cmd.add_option("--seed", o.seed, "Seed of the choice among the positions")->capture_default_str();
    addJobsOption(cmd, o.jobs);
}

void addFitOptions(CLI::App& cmd, train8::FitPhaseOptions& o) {
    cmd.add_option("--overlap", o.overlap, "Neighbouring phases within this distance also train a phase (half weight)")
        ->check(CLI::Range(0, 5))
        ->capture_default_str();
    cmd.add_option("--iterations", o.iterations, "Conjugate-gradient iterations")->check(CLI::Range(1, 10000))->capture_default_str();
    cmd.add_option("--regularisation", o.regularisation, "Ridge weight toward the prior, in samples")
        ->check(FiniteRange(0.0, 1e9))
        ->capture_default_str();
    cmd.add_option("--validation", o.validation, "Share of the games held out to measure the error (of the positions, for labels without games)")
        ->check(FiniteRange(0.0, 0.5))
        ->capture_default_str();
}

void addCorpusCommand(CLI::App* train, Action& action) {
    auto c = std::make_shared<train8::CorpusOptions>();
    CLI::App* corpus = train->add_subcommand("corpus", "Positions from seeded games, written in resumable blocks");
    corpus->add_option("--dir", c->dir, "Directory of the block files (created; existing blocks are kept)")->required();
    addSelfPlayOptions(*corpus, *c, 100000000, 60, 20);
    addExamples(*corpus, {"reversi train8 corpus --dir corpus8 --games 200000 --seed 1 -j 2   (run again to resume)"});
    corpus->callback([c, &action] {
        checkOpeningRange(*c);
        action = [c] { return runCorpus(*c); };
    });
}

// The phase a label or fit command works on.
void addPhaseOption(CLI::App& command, int& phase, const std::string& help) {
    command.add_option("--phase", phase, help)->required()->check(CLI::Range(0, eval8::kPhases - 1));
}

void addLabelCommand(CLI::App* train, Action& action) {
    auto l = std::make_shared<train8::LabelOptions>();
    CLI::App* label = train->add_subcommand("label", "One phase's positions with search values (exact near the end)");
    label->add_option("--corpus", l->corpora, "Corpus directory (train8 corpus); repeat it to label from several")->required()->take_all();
    label->add_option("--out", l->out, "Labels directory (DIR/phase-PP/chunk-NNNN.lab; resumable)")->required();
    addPhaseOption(*label, l->phase, "eval8 phase: positions with 2K or 2K+1 empties");
    label->add_option("--weights", l->weights, "Weights for the search's leaves (default: the built-in ones)");
    addLabelOptions(*label, *l);
    addExamples(*label, {"reversi train8 label --corpus corpus8 --out labels --phase 8 --weights work/weights-07.bin -j 2",
                         "reversi train8 label --corpus corpus8 --out labels --phase 20 --corpus-values   (no search)"});
    label->callback([l, &action] { action = [l] { return runLabel(*l); }; });
}

void addFitPhaseCommand(CLI::App* train, Action& action) {
    auto f = std::make_shared<FitSettings>();
    CLI::App* fit = train->add_subcommand("fit", "Fit one phase's weights to its labels (ridge toward the next later phase)");
    fit->add_option("--labels", f->fit.labels, "Labels directory (train8 label)")->required();
    addPhaseOption(*fit, f->fit.phase, "The phase to fit");
    addStartAndOut(*fit, f->weights, f->out, "Weights to start from (default: zeros)", "Weights file to write");
    fit->add_flag("--prior-same", f->priorSame, "Regularise toward the phase's own current weights instead of the next later phase's");
    addFitOptions(*fit, f->fit);
    addExamples(*fit, {"reversi train8 fit --labels labels --phase 8 --weights work/weights-07.bin -o work/weights-08.bin"});
    fit->callback([f, &action] { action = [f] { return runFit(*f); }; });
}

void addRunCommand(CLI::App* train, Action& action) {
    auto r = std::make_shared<train8::PipelineOptions>();
    CLI::App* run = train->add_subcommand("run", "Label and fit every phase from the end of the game backward (resumable)");
    run->add_option("--corpus", r->label.corpora, "Corpus directory (train8 corpus); repeat it to label from several")->required()->take_all();
    run->add_option("--work", r->work, "Working directory: labels/ and weights-PP.bin after each phase")->required();
    run->add_option("--first-phase", r->firstPhase, "First phase to fit")->check(CLI::Range(0, eval8::kPhases - 1))->capture_default_str();
    run->add_option("--last-phase", r->lastPhase, "Last phase to fit")->check(CLI::Range(0, eval8::kPhases - 1))->capture_default_str();
    addLabelOptions(*run, r->label);
    addFitOptions(*run, r->fit);
    addExamples(*run, {"reversi train8 run --corpus corpus8 --work work8 -j 2   (then cp work8/weights-29.bin weights/eval8.bin)"});
    run->callback([r, &action] { action = [r] { return runPipeline(*r); }; });
}

void addProbCutCommand(CLI::App* train, Action& action) {
    auto m = std::make_shared<train8::ProbCutFitOptions>();
    auto mOut = std::make_shared<std::string>();
    CLI::App* probcut = train->add_subcommand("probcut", "Fit Multi-ProbCut from full-width searches of corpus positions");
    probcut->add_option("--corpus", m->corpus, "Corpus directory (train8 corpus)")->required();
    probcut->add_option("--weights", m->weights, "Evaluation weights (default: the built-in ones)");
    probcut->add_option("-o,--out", *mOut, "Where to write the fits (weights/probcut8.txt is built in)")->required();
    probcut->add_option("--positions", m->positions, "Positions per phase")->check(CLI::Range(30, 100000))->capture_default_str();
    probcut->add_option("--max-depth", m->maxDepth, "Deepest full-width search")->check(CLI::Range(2, 16))->capture_default_str();
    probcut->add_option("--min-empties", m->minEmpties, "No cuts below this many empties")->check(CLI::Range(0, 60))->capture_default_str();
    probcut->add_option("--t", m->t, "Cut when the prediction clears the bound by this many deviations")
        ->check(FiniteRange(0.1, 10.0))
        ->capture_default_str();
    probcut->add_option("--seed", m->seed, "Seed of the choice of positions")->capture_default_str();
    addJobsOption(*probcut, m->jobs);
    addExamples(*probcut, {"reversi train8 probcut --corpus corpus8 -o weights/probcut8.txt -j 2"});
    probcut->callback([m, mOut, &action] { action = [m, mOut] { return runProbCut(*m, *mOut); }; });
}

}  // namespace

void addTrainCommands(CLI::App& app, Action& action) {
    CLI::App* train = app.add_subcommand("train8", "The 8x8 evaluation's training pipeline: corpus, labels, fit");
    train->require_subcommand(1);
    addExamples(*train, {"reversi train8 corpus --dir corpus8 --games 200000 -j 2", "reversi help train8 corpus"});
    addCorpusCommand(train, action);
    addLabelCommand(train, action);
    addFitPhaseCommand(train, action);
    addRunCommand(train, action);
    addProbCutCommand(train, action);
}

}  // namespace reversi::app
