#include "tools/fit_evaln.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "bitboard/position.hpp"
#include "eval/evaln.hpp"
#include "platform/splitmix.hpp"
#include "tools/gamesn.hpp"
#include "tools/linear_fit.hpp"

namespace reversi::trainn {

namespace {

constexpr int kIndicators = evaln::kInstances;
constexpr int kReals = evaln::kCounts;

struct Sample {
    std::uint32_t index[kIndicators + kReals];
    float value[kReals];
    float label;  // evaln units
    int phase;
    bool held;
};

// Every position of every game where the side to move has a move, with its features and label.
template <int N>
std::vector<Sample> samplesOf(const std::vector<GameMoves>& games, double validation) {
    std::vector<Sample> out;
    const auto& L = evaln::layout();
    for (std::size_t g = 0; g < games.size(); ++g) {
        const bool held = static_cast<double>(splitmixFinalize(g * 7919 + 17) >> 11) * 0x1p-53 < validation;
        Board board(N);
        char toMove = kBlack;
        struct Seen {
            Sample s;
            char side;
        };
        std::vector<Seen> seen;
        for (const Move m : games[g].moves) {
            if (!board.hasLegalMove(toMove)) toMove = opponentOf(toMove);
            if (!board.isLegalMove(m.row, m.col, toMove)) throw std::runtime_error("an illegal move in a recorded game");
            const Position<N> pos = Position<N>::fromBoard(board, toMove);
            const auto moves = pos.moves();
            const evaln::Features f = evaln::featuresOf(pos, moves, pos.opponentMoves());
            Seen x{};
            evaln::packedIndices(f, x.s.index);
            for (int k = 0; k < kReals; ++k) {
                x.s.index[kIndicators + k] = L.packedCountsOffset + static_cast<std::uint32_t>(k);
                x.s.value[k] = static_cast<float>(f.counts[static_cast<std::size_t>(k)]);
            }
            x.s.phase = evaln::phaseOf(N, pos.emptyCount());
            x.s.held = held;
            x.side = toMove;
            seen.push_back(x);
            board.applyMove(m.row, m.col, toMove);
            toMove = opponentOf(toMove);
        }
        if (!board.isGameOver()) throw std::runtime_error("a recorded game that does not end");
        const int b = board.count(kBlack), w = board.count(kWhite), e = board.count(kEmpty);
        const int blackMargin = b > w ? b - w + e : b < w ? b - w - e : 0;
        for (Seen& x : seen) {
            x.s.label = static_cast<float>((x.side == kBlack ? blackMargin : -blackMargin) * evaln::kScale);
            out.push_back(x.s);
        }
    }
    return out;
}

}  // namespace

void fitSize(std::vector<std::int16_t>& packed, const FitSizeOptions& o, const std::function<void(const FitSizeReport&)>& report) {
    const std::size_t per = evaln::layout().packedPerPhase;
    if (packed.size() != per * evaln::kSizes * evaln::kPhases) throw std::invalid_argument("fitSize: weights of the wrong size");
    if (!isValidSize(o.size) || o.size < 6) throw std::invalid_argument("fitSize: sizes 6..26");
    const auto games = readGames(o.games, o.size);
    if (games.empty()) throw std::runtime_error("no games of size " + std::to_string(o.size) + " in " + o.games);
    const std::vector<Sample> samples =
        bb::dispatchSize(o.size, [&](auto n) { return samplesOf<decltype(n)::value>(games, o.validation); });
    std::int16_t* tables = packed.data() + static_cast<std::size_t>(evaln::sizeIndex(o.size) * evaln::kPhases) * per;
    std::vector<std::int16_t> prior(per, 0);
    for (int phase = evaln::kPhases - 1; phase >= 0; --phase) {
        train::SparseSamples trainSet(kIndicators, kReals), held(kIndicators, kReals);
        for (const Sample& s : samples) {
            if (std::abs(s.phase - phase) > o.overlap || (s.held && s.phase != phase)) continue;
            double predicted = 0;
            for (int k = 0; k < kIndicators; ++k) predicted += prior[s.index[k]];
            for (int k = 0; k < kReals; ++k) predicted += prior[s.index[kIndicators + k]] * s.value[k];
            (s.held ? held : trainSet).add(s.index, s.value, static_cast<float>(s.label - predicted), s.phase == phase ? 1.0F : 0.5F);
        }
        FitSizeReport rep;
        rep.phase = phase;
        rep.samples = trainSet.size();
        rep.heldOut = held.size();
        rep.priorRms = held.rms(std::vector<double>(per, 0)) / evaln::kScale;
        if (trainSet.size() == 0) continue;
        const auto u = train::fitLinear(trainSet, held, per, o.regularisation, o.iterations, [&](const train::LinearFitReport& r) {
            rep.iteration = r.iteration;
            rep.trainRms = r.trainRms / evaln::kScale;
            rep.validationRms = r.validationRms / evaln::kScale;
            if (report) report(rep);
        });
        std::int16_t* out = tables + static_cast<std::size_t>(phase) * per;
        for (std::size_t i = 0; i < per; ++i) out[i] = static_cast<std::int16_t>(std::clamp<long>(std::lround(prior[i] + u[i]), INT16_MIN, INT16_MAX));
        prior.assign(out, out + per);
    }
}

}  // namespace reversi::trainn
