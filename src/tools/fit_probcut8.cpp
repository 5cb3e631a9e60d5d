#include "tools/fit_probcut8.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <stdexcept>
#include <vector>

#include "eval/eval8.hpp"
#include "platform/splitmix.hpp"
#include "platform/text_file.hpp"
#include "search/midgame8.hpp"
#include "tools/corpus8.hpp"
#include "tools/probcut_regression.hpp"

namespace reversi::train8 {

namespace {

using u64 = std::uint64_t;

eval8::Weights loadWeights(const std::string& path) {
    if (path.empty()) return eval8::Weights::builtin();
    const std::string bytes = readWholeFile(path);
    return eval8::Weights(decodeWeights(bytes.data(), bytes.size()));
}

}  // namespace

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
    const auto values = train::searchSamples(
        jobs.size(), o.jobs, [&] { return std::make_unique<Midgame8>(weights, nullptr, 20); },
        [&](std::size_t i, Midgame8& search) {
            search.clear();  // the values must not depend on which positions this thread searched before
            const Job& j = jobs[i];
            const int empties = 64 - std::popcount(j.P | j.O);
            std::vector<int> v{search.evaluate(j.P, j.O)};
            for (int d = 1; d <= std::min(o.maxDepth, empties - 1); ++d) {
                search.newSearch();
                v.push_back(search.search(j.P, j.O, d, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1).score);
            }
            return v;
        },
        [&](std::size_t done) {
            if (progress) progress(static_cast<int>(done), static_cast<int>(jobs.size()));
        });

    ProbCut8 p;
    p.t = o.t;
    std::vector<int> phaseOf;
    for (const Job& j : jobs) phaseOf.push_back(j.phase);
    train::fitProbCutPhases(phaseOf, values, ProbCut8::kPhases, o.maxDepth, [&](int phase, const train::ProbCutFits& fits) {
        p.fits[static_cast<std::size_t>(phase)] = fits;
    });
    return p;
}

}  // namespace reversi::train8
