#include "tools/fit_order_eval8.hpp"

#include "platform/text_file.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <istream>
#include <memory>
#include <ostream>
#include <stdexcept>

#include "bitboard/bitboard8.hpp"
#include "search/endgame8.hpp"
#include "eval/order_eval8.hpp"
#include "eval/weights_file.hpp"
#include "bitboard/position.hpp"
#include "platform/parallel_for.hpp"
#include "platform/splitmix.hpp"

namespace reversi::order_eval8 {

namespace {

constexpr u64 kCorners = 0x8100000000000081ULL;

// The game-playing evaluation: mobility with corners counted again, corners held.
int playEval(u64 P, u64 O) {
    const u64 mp = bb8::moves(P, O), mo = bb8::moves(O, P);
    return 4 * (std::popcount(mp) + std::popcount(mp & kCorners) - std::popcount(mo) - std::popcount(mo & kCorners)) +
           16 * (std::popcount(P & kCorners) - std::popcount(O & kCorners));
}

int negamax(u64 P, u64 O, int depth, bool passed) {
    const u64 mv = bb8::moves(P, O);
    if (depth == 0) return playEval(P, O);
    if (!mv) return passed ? 64 * (std::popcount(P) - std::popcount(O)) : -negamax(O, P, depth, true);
    int best = -1000000;
    for (u64 m = mv; m; m &= m - 1) {
        const int s = std::countr_zero(m);
        const u64 f = bb8::flips(s, P, O);
        best = std::max(best, -negamax(O ^ f, P ^ f ^ (u64{1} << s), depth - 1, false));
    }
    return best;
}

int nthBit(u64 m, std::uint64_t n) {
    for (n %= static_cast<std::uint64_t>(std::popcount(m)); n; --n) m &= m - 1;
    return std::countr_zero(m);
}

// The random opening's length: between half of openingPlies and openingPlies.
int openingLength(int openingPlies, std::uint64_t& rng) {
    return openingPlies / 2 + static_cast<int>(splitmixNext(rng) % static_cast<std::uint64_t>(openingPlies / 2 + 1));
}

// One game from the start; the positions with the wanted empties, solved.
void playGame(const GenerateOptions& o, std::uint64_t gameSeed, EndgameSolver8& solver, std::vector<Sample>& out) {
    std::uint64_t rng = gameSeed;
    const auto start = Position<8>::fromBoard(Board(8), kBlack);
    u64 P = start.P.w[0], O = start.O.w[0];
    const int opening = openingLength(o.openingPlies, rng);
    for (int ply = 0;; ++ply) {
        const u64 mv = bb8::moves(P, O);
        if (!mv) {
            if (!bb8::moves(O, P)) return;
            std::swap(P, O);
            continue;
        }
        const int empties = 64 - std::popcount(P | O);
        if (empties < o.minEmpties) return;
        if (empties <= o.maxEmpties) {
            const SolveResult r = solver.solve(P, O);
            out.push_back({P, O, r.score});
        }
        int sq;
        const double u = static_cast<double>(splitmixNext(rng) >> 11) * 0x1.0p-53;
        if (ply < opening || u < o.randomMoves) {
            sq = nthBit(mv, splitmixNext(rng));
        } else {
            int best = -1000000;
            sq = std::countr_zero(mv);
            for (u64 m = mv; m; m &= m - 1) {
                const int s = std::countr_zero(m);
                const u64 f = bb8::flips(s, P, O);
                // A little noise breaks ties differently from game to game.
                const int v = -negamax(O ^ f, P ^ f ^ (u64{1} << s), 1, false) * 4 + static_cast<int>(splitmixNext(rng) % 4);
                if (v > best) best = v, sq = s;
            }
        }
        const u64 f = bb8::flips(sq, P, O);
        const u64 nP = O ^ f, nO = P ^ f ^ (u64{1} << sq);
        P = nP;
        O = nO;
    }
}

// Runs play(gameIndex, solver, out) for every game on `jobs` threads; the samples in game order.
template <typename Play>
std::vector<Sample> playGames(int games, int jobs, const std::function<void(int)>& progress, Play play) {
    std::vector<std::vector<Sample>> perGame(static_cast<std::size_t>(std::max(0, games)));
    std::vector<std::unique_ptr<EndgameSolver8>> solvers(static_cast<std::size_t>(std::max(1, jobs)));
    parallelFor(
        perGame.size(), jobs,
        [&](std::size_t g, int worker) {
            auto& solver = solvers[static_cast<std::size_t>(worker)];
            if (!solver) solver = std::make_unique<EndgameSolver8>(20);
            play(static_cast<int>(g), *solver, perGame[g]);
        },
        [&](std::size_t done) {
            if (progress) progress(static_cast<int>(done));
        });
    std::vector<Sample> all;
    for (const auto& g : perGame) all.insert(all.end(), g.begin(), g.end());
    return all;
}

std::uint64_t gameSeed(std::uint64_t seed, int game) { return splitmixFinalize(seed * 1000003 + static_cast<std::uint64_t>(game)); }

}  // namespace

std::vector<Sample> generateSamples(const GenerateOptions& o, const std::function<void(int)>& progress) {
    return playGames(o.games, o.jobs, progress, [&](int g, EndgameSolver8& solver, std::vector<Sample>& out) {
        playGame(o, gameSeed(o.seed, g), solver, out);
    });
}

void writeSamples(std::ostream& out, const std::vector<Sample>& samples) {
    for (const Sample& s : samples) {
        std::string line(64, '-');
        for (int i = 0; i < 64; ++i) line[static_cast<std::size_t>(i)] = (s.P >> i) & 1 ? 'X' : (s.O >> i) & 1 ? 'O' : '-';
        out << line << ' ' << s.score << '\n';
    }
}

std::vector<Sample> readSamples(std::istream& in, const std::string& name) {
    std::vector<Sample> samples;
    std::string line;
    TextLineReader reader(in, name, kSampleFileLimits);
    while (reader.next(line)) {
        if (line.empty()) continue;
        Sample s;
        bool ok = line.size() >= 66 && line[64] == ' ';
        for (std::size_t i = 0; ok && i < 64; ++i) {
            if (line[i] == 'X') s.P |= u64{1} << i;
            else if (line[i] == 'O') s.O |= u64{1} << i;
            else if (line[i] != '-') ok = false;
        }
        if (ok) {
            try {
                std::size_t used = 0;
                s.score = std::stoi(line.substr(65), &used);
                ok = used == line.size() - 65 && s.score >= -64 && s.score <= 64;
            } catch (const std::exception&) {
                ok = false;
            }
        }
        if (!ok) throw std::runtime_error(reader.where() + "expected 64 squares of X, O, - and a score in -64..64");
        samples.push_back(s);
    }
    return samples;
}

std::uint64_t fitBytes(std::size_t samples) {
    // The features of every sample's 8 images, and the weights, their gradients and counts.
    return static_cast<std::uint64_t>(samples) * 8 * kFeatures * sizeof(std::uint32_t) +
           std::uint64_t{3} * weightCount() * sizeof(double);
}

std::vector<double> fitWeights(const std::vector<Sample>& samples, const FitOptions& o,
                               const std::function<void(const FitReport&)>& report) {
    const std::size_t n = samples.size();
    const std::size_t nValidation = static_cast<std::size_t>(static_cast<double>(n) * o.validationFraction);
    const std::size_t nTrain = n - nValidation;
    // Every sample in its 8 images: the pattern tables are per square ordering, so the images tie
    // each configuration's weight to its mirror's.
    std::vector<std::uint32_t> feat(n * 8 * kFeatures);
    for (std::size_t i = 0; i < n; ++i)
        for (int w = 0; w < 8; ++w)
            features(symmetry(samples[i].P, w), symmetry(samples[i].O, w), &feat[(i * 8 + static_cast<std::size_t>(w)) * kFeatures]);
    std::vector<double> weights(weightCount(), 0.0), gradient(weightCount()), count(weightCount(), 0.0);
    for (std::size_t k = 0; k < nTrain * 8 * kFeatures; ++k) count[feat[k]] += 1;
    const auto predict = [&](std::size_t image) {
        double v = 0;
        for (int k = 0; k < kFeatures; ++k) v += weights[feat[image * kFeatures + static_cast<std::size_t>(k)]];
        return v;
    };
    for (int epoch = 1; epoch <= o.epochs; ++epoch) {
        // One step of gradient descent on the squared error, each weight's step divided by how often
        // it occurs (Buro's rule for pattern tables: rare configurations move as fast as common ones).
        std::fill(gradient.begin(), gradient.end(), 0.0);
        double sq = 0;
        for (std::size_t image = 0; image < nTrain * 8; ++image) {
            const double err = samples[image / 8].score - predict(image);
            sq += err * err;
            for (int k = 0; k < kFeatures; ++k) gradient[feat[image * kFeatures + static_cast<std::size_t>(k)]] += err;
        }
        for (std::size_t j = 0; j < weights.size(); ++j)
            weights[j] += o.learningRate * gradient[j] / (count[j] + o.regularisation);
        double vsq = 0;
        for (std::size_t image = nTrain * 8; image < n * 8; image += 8) {
            const double err = samples[image / 8].score - predict(image);
            vsq += err * err;
        }
        if (report)
            report({epoch, std::sqrt(sq / static_cast<double>(std::max<std::size_t>(1, nTrain * 8))),
                    std::sqrt(vsq / static_cast<double>(std::max<std::size_t>(1, nValidation)))});
    }
    return weights;
}

std::string encodeOrderWeights(const std::vector<double>& weights) {
    WeightSet set;
    set.name = kWeightsName;
    set.layout = kWeightsLayout;
    set.tables = 1;
    set.perTable = static_cast<std::uint32_t>(weights.size());
    for (const double w : weights)
        set.weights.push_back(static_cast<std::int16_t>(std::clamp<long>(std::lround(w * kScale), INT16_MIN, INT16_MAX)));
    return encodeWeights(set);
}

}  // namespace reversi::order_eval8
