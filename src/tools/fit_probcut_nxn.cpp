#include "tools/fit_probcut_nxn.hpp"

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <stdexcept>
#include <vector>

#include "eval/score.hpp"
#include "platform/cpu_clock.hpp"
#include "platform/splitmix.hpp"
#include "search/search.hpp"
#include "tools/games_nxn.hpp"
#include "tools/probcut_regression.hpp"

namespace reversi::train_nxn {

namespace {

struct Chosen {
    std::uint64_t order;  // the seeded choice
    std::uint32_t game;
    std::uint16_t ply;
};

struct Job {
    int phase;
    Chosen at;
};

// Per phase the first `positions` distinct positions in a seeded order (openings repeat), among those
// with more empties than the deepest search (so that no search is an exact solve).
std::vector<Job> chooseSamples(const std::vector<GameMoves>& games, const ProbCutFitOptions& o) {
    const int squares = o.size * o.size;
    std::vector<std::vector<Chosen>> byPhase(eval_nxn::kPhases);
    for (std::size_t g = 0; g < games.size(); ++g)
        for (std::size_t ply = 0; ply < games[g].moves.size(); ++ply) {
            const int empties = squares - 4 - static_cast<int>(ply);
            if (empties <= o.maxDepth) break;
            byPhase[static_cast<std::size_t>(eval_nxn::phaseOf(o.size, empties))].push_back(
                {mixSeed(o.seed, g << 16 | ply), static_cast<std::uint32_t>(g), static_cast<std::uint16_t>(ply)});
        }
    std::vector<Job> jobs;
    for (int phase = 0; phase < eval_nxn::kPhases; ++phase) {
        auto& v = byPhase[static_cast<std::size_t>(phase)];
        std::sort(v.begin(), v.end(), [](const Chosen& a, const Chosen& b) { return a.order < b.order; });
        std::set<std::string> seen;
        for (std::size_t i = 0; i < v.size() && static_cast<int>(seen.size()) < o.positions; ++i) {
            const auto [board, colour] = positionAt(games[v[i].game], v[i].ply);
            std::string key(1, colour);
            for (int r = 0; r < o.size; ++r) key.append(board.cells()[r], static_cast<std::size_t>(o.size));
            if (seen.insert(key).second) jobs.push_back({phase, v[i]});
        }
    }
    return jobs;
}

// Full-width search values of a position (score units) at depths 0 (the static evaluation) to maxDepth;
// none for a position whose side to move passes (the position after the pass is another sample).
std::vector<int> searchValues(const Board& board, char colour, int maxDepth, TranspositionTable& tt) {
    std::vector<int> v;
    if (!board.hasLegalMove(colour)) return v;
    // Depth 0, the shallow side of depth 2: always a heuristic score, the side to move having a move.
    v.push_back(staticScore(board, colour, EngineOptions{}));
    for (int d = 1; d <= maxDepth; ++d) {
        EngineOptions options;
        options.moveTime = 600;  // the depth decides; the time is only a guard
        options.maxDepth = d;
        options.probCut = false;
        const CpuStopwatch clock;
        const SearchReport r = searchPosition(board, colour, options, tt, clock);
        const bool heuristic = !r.exact && r.score > -kHeuristicLimit && r.score < kHeuristicLimit;
        v.push_back(heuristic ? r.score : train::kNoSearchValue);
    }
    return v;
}

}  // namespace

void fitProbCutN(ProbCutN& fits, const ProbCutFitOptions& o, const std::function<void(std::size_t, std::size_t)>& progress) {
    if (!eval_nxn::coversSize(o.size)) throw std::invalid_argument("fitProbCutN: the even sizes 6..26 but 8");
    const auto games = readGames(o.games, o.size);
    if (games.empty()) throw std::runtime_error("no games of size " + std::to_string(o.size) + " in " + o.games);
    const std::vector<Job> jobs = chooseSamples(games, o);
    const auto values = train::searchSamples(
        jobs.size(), o.jobs, [] { return std::make_unique<TranspositionTable>(18); },
        [&](std::size_t i, TranspositionTable& tt) {
            const auto [board, colour] = positionAt(games[jobs[i].at.game], jobs[i].at.ply);
            return searchValues(board, colour, o.maxDepth, tt);
        },
        [&](std::size_t done) {
            if (progress) progress(done, jobs.size());
        });
    std::vector<int> phaseOf;
    for (const Job& j : jobs) phaseOf.push_back(j.phase);
    train::fitProbCutPhases(phaseOf, values, eval_nxn::kPhases, o.maxDepth, [&](int phase, const train::ProbCutFits& f) {
        fits.phase(o.size, phase) = f;
    });
    fits.t = o.t;
}

}  // namespace reversi::train_nxn
