#include "tools/fit_eval_nxn.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include "bitboard/position.hpp"
#include "eval/eval_nxn.hpp"
#include "eval/score.hpp"
#include "platform/cpu_clock.hpp"
#include "platform/parallel_for.hpp"
#include "platform/splitmix.hpp"
#include "search/search.hpp"
#include "tools/games_nxn.hpp"
#include "tools/linear_fit.hpp"

namespace reversi::train_nxn {

namespace {

constexpr int kIndicators = eval_nxn::kInstances;
constexpr int kReals = eval_nxn::kCounts;

struct Sample {
    std::uint32_t index[kIndicators + kReals];
    float value[kReals];
    float label;  // eval_nxn units
    int phase;
    bool held;
    bool labelled;       // has a label to fit (search labels: chosen for its phase and searched)
    std::uint32_t game;  // where the position is: the game, and the moves played before it
    std::uint16_t ply;
};

// Every position of every game where the side to move has a move, with its features and label.
template <int N>
std::vector<Sample> samplesOf(const std::vector<GameMoves>& games, double validation) {
    std::vector<Sample> out;
    const auto& L = eval_nxn::layout();
    for (std::size_t g = 0; g < games.size(); ++g) {
        const bool held = static_cast<double>(splitmixFinalize(g * 7919 + 17) >> 11) * 0x1p-53 < validation;
        Board board(N);
        char toMove = kBlack;
        struct Seen {
            Sample s;
            char side;
        };
        std::vector<Seen> seen;
        for (std::size_t ply = 0; ply < games[g].moves.size(); ++ply) {
            const Move m = games[g].moves[ply];
            if (!board.hasLegalMove(toMove)) toMove = opponentOf(toMove);
            if (!board.isLegalMove(m.row, m.col, toMove)) throw std::runtime_error("an illegal move in a recorded game");
            const Position<N> pos = Position<N>::fromBoard(board, toMove);
            const auto moves = pos.moves();
            const eval_nxn::Features f = eval_nxn::featuresOf(pos, moves, pos.opponentMoves());
            Seen x{};
            eval_nxn::packedIndices(f, x.s.index);
            for (int k = 0; k < kReals; ++k) {
                x.s.index[kIndicators + k] = L.packedCountsOffset + static_cast<std::uint32_t>(k);
                x.s.value[k] = static_cast<float>(f.counts[static_cast<std::size_t>(k)]);
            }
            x.s.phase = eval_nxn::phaseOf(N, pos.emptyCount());
            x.s.held = held;
            x.s.labelled = true;
            x.s.game = static_cast<std::uint32_t>(g);
            x.s.ply = static_cast<std::uint16_t>(ply);
            x.side = toMove;
            seen.push_back(x);
            board.applyMove(m.row, m.col, toMove);
            toMove = opponentOf(toMove);
        }
        if (!board.isGameOver()) throw std::runtime_error("a recorded game that does not end");
        const int b = board.count(kBlack), w = board.count(kWhite), e = board.count(kEmpty);
        const int blackMargin = b > w ? b - w + e : b < w ? b - w - e : 0;
        for (Seen& x : seen) {
            x.s.label = static_cast<float>((x.side == kBlack ? blackMargin : -blackMargin) * eval_nxn::kScale);
            out.push_back(x.s);
        }
    }
    return out;
}

}  // namespace

float searchLabel(const Board& board, char colour, const FitSizeOptions& o, const eval_nxn::Weights& weights, TranspositionTable& tt) {
    const int empties = board.count(kEmpty), squares = board.size() * board.size();
    EngineOptions options;
    options.moveTime = 600;  // the depth decides; the time is only a guard
    options.maxDepth = empties <= o.exactEmpties ? empties : o.searchDepth;
    options.learnedWeights = &weights;
    options.probCut = false;  // labels from full-width searches
    const CpuStopwatch clock;
    const SearchReport r = searchPosition(board, colour, options, tt, clock);
    // In discs: a proven result (the solve, or a game's end within the depth) is its margin; a heuristic
    // value may carry the wipe-out guard, so it is kept to what a margin can be.
    const double discs = r.exact ? r.score
                         : isExactScore(r.score) ? exactMargin(r.score)
                                                 : std::clamp(static_cast<double>(r.score) / kScorePerDisc, -static_cast<double>(squares),
                                                              static_cast<double>(squares));
    return static_cast<float>(discs * eval_nxn::kScale);
}

namespace {

// Labels a seeded choice of the phase's samples with search values under `current` (the others stay
// unlabelled). Each search is deterministic with its own table, so the labels do not depend on the
// threads.
void labelBySearch(std::vector<Sample>& samples, const std::vector<GameMoves>& games, int phase,
                   const FitSizeOptions& o, const eval_nxn::Weights& current, const LabelProgress& progress) {
    std::vector<std::size_t> chosen;
    for (std::size_t i = 0; i < samples.size(); ++i)
        if (samples[i].phase == phase) chosen.push_back(i);
    std::sort(chosen.begin(), chosen.end(), [&](std::size_t a, std::size_t b) {
        return mixSeed(o.seed, a) < mixSeed(o.seed, b);
    });
    if (chosen.size() > static_cast<std::size_t>(o.perPhase)) chosen.resize(static_cast<std::size_t>(o.perPhase));
    std::vector<std::unique_ptr<TranspositionTable>> tables(static_cast<std::size_t>(std::max(1, o.jobs)));
    try {
        parallelFor(
            chosen.size(), o.jobs,
            [&](std::size_t i, int worker) {
                auto& tt = tables[static_cast<std::size_t>(worker)];
                if (!tt) tt = std::make_unique<TranspositionTable>(16);
                Sample& s = samples[chosen[i]];
                const auto [board, colour] = positionAt(games[s.game], s.ply);
                s.label = searchLabel(board, colour, o, current, *tt);
                s.labelled = true;
            },
            [&](std::size_t done) {
                if (progress && done % 1000 == 0) progress(phase, done, chosen.size());
            });
    } catch (const std::exception& e) {
        throw std::runtime_error("labelling phase " + std::to_string(phase) + ": " + e.what());
    }
    if (progress) progress(phase, chosen.size(), chosen.size());
}

}  // namespace

void fitSize(std::vector<std::int16_t>& packed, const FitSizeOptions& o, const std::function<void(const FitSizeReport&)>& report,
             const LabelProgress& labelProgress) {
    const std::size_t per = eval_nxn::layout().packedPerPhase;
    if (packed.size() != per * eval_nxn::kSizes * eval_nxn::kPhases) throw std::invalid_argument("fitSize: weights of the wrong size");
    if (!isValidSize(o.size) || o.size < 6) throw std::invalid_argument("fitSize: sizes 6..26");
    const auto games = readGames(o.games, o.size);
    if (games.empty()) throw std::runtime_error("no games of size " + std::to_string(o.size) + " in " + o.games);
    std::vector<Sample> samples =
        bb::dispatchSize(o.size, [&](auto n) { return samplesOf<decltype(n)::value>(games, o.validation); });
    std::int16_t* tables = packed.data() + static_cast<std::size_t>(eval_nxn::sizeIndex(o.size) * eval_nxn::kPhases) * per;
    std::vector<std::int16_t> prior(per, 0);
    if (o.searchDepth > 0)  // none is labelled until its phase is searched
        for (Sample& s : samples) s.labelled = false;
    for (int phase = eval_nxn::kPhases - 1; phase >= 0; --phase) {
        FitSizeReport rep;
        rep.phase = phase;
        if (o.searchDepth > 0) {
            // Leaves in this phase are evaluated by the later phase's weights until it has its own.
            std::copy(prior.begin(), prior.end(), tables + static_cast<std::size_t>(phase) * per);
            const eval_nxn::Weights current(eval_nxn::packWeights(packed));
            const auto started = std::chrono::steady_clock::now();
            labelBySearch(samples, games, phase, o, current, labelProgress);
            rep.labelSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        }
        train::SparseSamples trainSet(kIndicators, kReals), held(kIndicators, kReals);
        for (const Sample& s : samples) {
            if (!s.labelled || std::abs(s.phase - phase) > o.overlap || (s.held && s.phase != phase)) continue;
            double predicted = 0;
            for (int k = 0; k < kIndicators; ++k) predicted += prior[s.index[k]];
            for (int k = 0; k < kReals; ++k) predicted += prior[s.index[kIndicators + k]] * s.value[k];
            (s.held ? held : trainSet).add(s.index, s.value, static_cast<float>(s.label - predicted), s.phase == phase ? 1.0F : 0.5F);
        }
        rep.samples = trainSet.size();
        rep.heldOut = held.size();
        rep.priorRms = held.rms(std::vector<double>(per, 0)) / eval_nxn::kScale;
        if (trainSet.size() == 0) continue;
        const auto u = train::fitLinear(trainSet, held, per, o.regularisation, o.iterations, [&](const train::LinearFitReport& r) {
            rep.iteration = r.iteration;
            rep.trainRms = r.trainRms / eval_nxn::kScale;
            rep.validationRms = r.validationRms / eval_nxn::kScale;
            if (report) report(rep);
        });
        std::int16_t* out = tables + static_cast<std::size_t>(phase) * per;
        for (std::size_t i = 0; i < per; ++i) out[i] = static_cast<std::int16_t>(std::clamp<long>(std::lround(prior[i] + u[i]), INT16_MIN, INT16_MAX));
        prior.assign(out, out + per);
    }
}

void shareSize(std::vector<std::int16_t>& packed, int from, int to) {
    const std::size_t per = eval_nxn::layout().packedPerPhase, perSize = per * eval_nxn::kPhases;
    if (packed.size() != perSize * eval_nxn::kSizes) throw std::invalid_argument("shareSize: weights of the wrong size");
    for (const int n : {from, to})
        if (!eval_nxn::coversSize(n)) throw std::invalid_argument("size " + std::to_string(n) + " has no learned evaluation here (6, 10, 12 ... 26)");
    const auto first = packed.begin() + static_cast<std::ptrdiff_t>(perSize * static_cast<std::size_t>(eval_nxn::sizeIndex(from)));
    if (std::all_of(first, first + static_cast<std::ptrdiff_t>(perSize), [](std::int16_t v) { return v == 0; }))
        throw std::invalid_argument(std::to_string(from) + "x" + std::to_string(from) + " has no fitted weights to share");
    std::copy(first, first + static_cast<std::ptrdiff_t>(perSize),
              packed.begin() + static_cast<std::ptrdiff_t>(perSize * static_cast<std::size_t>(eval_nxn::sizeIndex(to))));
}

}  // namespace reversi::train_nxn
