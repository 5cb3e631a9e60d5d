// Coordinate descent over the hand-set evaluation's weights (tune.hpp).
#include "tools/tune.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>

#include "arena/game_pool.hpp"
#include "arena/match.hpp"
#include "arena/ratings.hpp"
#include "eval/evaluate.hpp"
#include "platform/splitmix.hpp"

namespace reversi::tune {

namespace {

// Score of `variant` against `base` over the scheduled games.
double playVariant(const EvalWeights& variant, const EvalWeights& base, const TuneOptions& s, std::uint64_t seed) {
    std::vector<PlayerSpec> players(2);
    for (int i = 0; i < 2; ++i) {
        players[static_cast<std::size_t>(i)].kind = PlayerKind::kPart2;
        players[static_cast<std::size_t>(i)].engine.moveTime = s.moveTime;
        // The weights tuned are the hand-set evaluation's, so it plays at every size given, 8x8 too
        // (where the engine otherwise uses its fitted patterns and these weights would change nothing).
        players[static_cast<std::size_t>(i)].engine.evaluation = Evaluation::kHand;
    }
    players[0].name = "variant";
    players[0].engine.weights = &variant;
    players[1].name = "current";
    players[1].engine.weights = &base;
    MatchOptions options;
    options.sizes = s.sizes;
    options.games = s.games;
    options.openingPlies = s.openingPlies;
    options.seed = seed;
    options.jobs = s.jobs;
    options.referee.timeLimit = 1.0;
    const std::vector<GameTask> tasks = scheduleGames(2, options);
    const std::vector<GameRecord> games = runGames(players, tasks, options);
    return scoreFor(games, 0).score;
}

}  // namespace

int tuneWeights(const TuneOptions& s) {
    try {
        EvalWeights current = defaultEvalWeights();
        applyWeights(current, s.start);
        const std::vector<std::string> params = s.params.empty() ? weightNames() : s.params;
        for (const std::string& p : params)
            if (!weightRef(current, p)) throw std::invalid_argument("unknown weight \"" + p + "\"");
        std::uint64_t seed = s.seed;
        for (int round = 1; round <= s.rounds; ++round) {
            for (const std::string& p : params) {
                const int value = *weightRef(current, p);
                const int step = std::max(2, static_cast<int>(std::lround(std::abs(value) * s.stepPercent / 100.0)));
                double bestScore = 0;
                int bestValue = value;
                for (const int candidate : {value + step, value - step}) {
                    EvalWeights variant = current;
                    *weightRef(variant, p) = candidate;
                    const double score = playVariant(variant, current, s, seed);
                    std::printf("round %d  %-18s %6d -> %6d  score %.3f\n", round, p.c_str(), value, candidate, score);
                    std::fflush(stdout);
                    if (score > bestScore) {
                        bestScore = score;
                        bestValue = candidate;
                    }
                }
                seed = mixSeed(seed, 1);  // fresh openings for the next weight
                if (bestScore >= s.accept) {
                    *weightRef(current, p) = bestValue;
                    std::printf("round %d  %-18s accepted %d\n", round, p.c_str(), bestValue);
                }
            }
        }
        std::printf("weights: %s\n", formatWeights(current).c_str());
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "reversi tune: " << e.what() << "\n";
        return 2;
    }
}


}  // namespace reversi::tune
