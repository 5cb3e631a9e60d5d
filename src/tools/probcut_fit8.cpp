#include "tools/probcut_fit8.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <fstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "eval/eval8.hpp"
#include "platform/splitmix.hpp"
#include "search/midgame8.hpp"
#include "tools/corpus8.hpp"

namespace reversi::train8 {

namespace {

using u64 = std::uint64_t;

eval8::Weights loadWeights(const std::string& path) {
    if (path.empty()) return eval8::Weights::builtin();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return eval8::Weights(decodeWeights(bytes.data(), bytes.size()));
}

}  // namespace

int shallowDepthFor(int depth) {
    int s = depth / 2;
    if ((s & 1) != (depth & 1)) --s;
    return std::max(0, s);
}

ProbCut8 fitProbCut(const ProbCutFitOptions& o, const std::function<void(int, int)>& progress) {
    const eval8::Weights weights = loadWeights(o.weights);
    // Sample positions per phase (a seeded choice among the corpus's).
    std::vector<std::vector<std::pair<u64, std::pair<u64, u64>>>> byPhase(ProbCut8::kPhases);
    for (const std::string& block : corpusBlocks(o.corpus))
        for (const CorpusPosition& p : readCorpusBlock(block)) {
            if (p.empties < o.minEmpties) continue;
            byPhase[static_cast<std::size_t>(ProbCut8::phaseOf(p.empties))].push_back(
                {mixSeed(o.seed, p.P ^ splitmixFinalize(p.O)), {p.P, p.O}});
        }
    struct Job {
        int phase;
        u64 P, O;
    };
    std::vector<Job> jobs;
    for (int phase = 0; phase < ProbCut8::kPhases; ++phase) {
        auto& v = byPhase[static_cast<std::size_t>(phase)];
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        for (std::size_t i = 0; i < v.size() && static_cast<int>(i) < o.positions; ++i)
            jobs.push_back({phase, v[i].second.first, v[i].second.second});
    }
    // values[job][depth]: full-width search values (eval8 units).
    std::vector<std::vector<int>> values(jobs.size());
    std::atomic<std::size_t> next{0};
    std::atomic<int> done{0};
    auto worker = [&](bool reports) {
        Midgame8 search(weights, nullptr, 20);
        for (std::size_t i; (i = next++) < jobs.size();) {
            const Job& j = jobs[i];
            const int empties = 64 - std::popcount(j.P | j.O);
            auto& v = values[i];
            v.push_back(search.evaluate(j.P, j.O));
            for (int d = 1; d <= std::min(o.maxDepth, empties - 1); ++d) {
                search.newSearch();
                v.push_back(search.search(j.P, j.O, d, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1).score);
            }
            const int d = ++done;
            if (reports && progress) progress(d, static_cast<int>(jobs.size()));
        }
    };
    std::vector<std::thread> threads;
    for (int k = 1; k < std::max(1, o.jobs); ++k) threads.emplace_back(worker, false);
    worker(true);
    for (auto& t : threads) t.join();

    ProbCut8 p;
    p.t = o.t;
    for (int phase = 0; phase < ProbCut8::kPhases; ++phase) {
        ProbCut8::Fit deepest;
        int deepestDepth = 0;
        for (int depth = 2; depth <= ProbCut8::kMaxDepth; ++depth) {
            const int s = shallowDepthFor(depth);
            ProbCut8::Fit& fit = p.fits[static_cast<std::size_t>(phase)][static_cast<std::size_t>(depth)];
            if (depth <= o.maxDepth) {
                double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
                for (std::size_t i = 0; i < jobs.size(); ++i) {
                    if (jobs[i].phase != phase || static_cast<int>(values[i].size()) <= depth) continue;
                    const double x = values[i][static_cast<std::size_t>(s)], y = values[i][static_cast<std::size_t>(depth)];
                    n += 1, sx += x, sy += y, sxx += x * x, sxy += x * y;
                }
                if (n < 30) continue;  // too few positions: no cut
                const double var = sxx - sx * sx / n;
                const double a = var > 0 ? (sxy - sx * sy / n) / var : 1.0;
                const double b = (sy - a * sx) / n;
                double e2 = 0;
                for (std::size_t i = 0; i < jobs.size(); ++i) {
                    if (jobs[i].phase != phase || static_cast<int>(values[i].size()) <= depth) continue;
                    const double e = values[i][static_cast<std::size_t>(depth)] - (a * values[i][static_cast<std::size_t>(s)] + b);
                    e2 += e * e;
                }
                fit = {static_cast<std::int8_t>(s), static_cast<float>(a), static_cast<float>(b), static_cast<float>(std::sqrt(e2 / n))};
                deepest = fit;
                deepestDepth = depth;
            } else if (deepestDepth > 0) {
                const double gap = depth - s, deepestGap = deepestDepth - deepest.shallow;
                fit = {static_cast<std::int8_t>(s), deepest.a, deepest.b, static_cast<float>(deepest.sigma * std::sqrt(gap / deepestGap))};
            }
        }
    }
    return p;
}

}  // namespace reversi::train8
