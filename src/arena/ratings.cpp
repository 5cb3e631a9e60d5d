#include "arena/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

namespace reversi {

double gameScore(const GameRecord& game, int player) {
    const char colour = game.task.black == player ? 'B' : 'W';
    return game.result.winner == 'D' ? 0.5 : game.result.winner == colour ? 1.0 : 0.0;
}

bool plays(const GameRecord& game, int player) { return game.task.black == player || game.task.white == player; }

ScoreStats scoreFor(const std::vector<GameRecord>& games, int player, int opponent, int size) {
    ScoreStats stats;
    std::vector<double> scores;
    for (const GameRecord& game : games) {
        if (!plays(game, player) || game.duplicateOf >= 0) continue;
        const int other = game.task.black == player ? game.task.white : game.task.black;
        if (opponent >= 0 && other != opponent) continue;
        if (size > 0 && game.task.size != size) continue;
        const double s = gameScore(game, player);
        scores.push_back(s);
        stats.wins += s == 1.0;
        stats.draws += s == 0.5;
        stats.losses += s == 0.0;
        const bool black = game.task.black == player;
        stats.discsFor += black ? game.result.blackDiscs : game.result.whiteDiscs;
        stats.discsAgainst += black ? game.result.whiteDiscs : game.result.blackDiscs;
    }
    stats.games = static_cast<int>(scores.size());
    if (stats.games == 0) return stats;
    const double n = stats.games;
    stats.score = std::accumulate(scores.begin(), scores.end(), 0.0) / n;
    // Wilson score interval on the score as a proportion (draws as half points): well-behaved at 0 and 1
    // and for few games, and conservative when there are draws.
    const double z = 1.96, z2 = z * z;
    const double centre = (stats.score + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(stats.score * (1 - stats.score) / n + z2 / (4 * n * n));
    stats.low = std::max(0.0, centre - half);
    stats.high = std::min(1.0, centre + half);
    return stats;
}

double eloFromScore(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400 * std::log10(1 / score - 1);
}

std::vector<double> eloRatings(int playerCount, const std::vector<GameRecord>& games) {
    // Games and points per pair of players that met.
    struct Meeting {
        int other;
        double games = 0, points = 0;
    };
    std::vector<std::vector<Meeting>> met(static_cast<std::size_t>(playerCount));
    std::map<std::pair<int, int>, std::size_t> slot;
    for (const GameRecord& game : games) {
        if (game.duplicateOf >= 0) continue;
        for (const int p : {game.task.black, game.task.white}) {
            const int other = game.task.black == p ? game.task.white : game.task.black;
            const auto [at, inserted] = slot.emplace(std::make_pair(p, other), met[p].size());
            if (inserted) met[p].push_back({other});
            Meeting& m = met[p][at->second];
            m.games += 1;
            m.points += gameScore(game, p);
        }
    }
    std::vector<double> rating(static_cast<std::size_t>(playerCount), 0.0);
    auto expected = [](double a, double b) { return 1 / (1 + std::pow(10.0, (b - a) / 400)); };
    const double k = std::log(10.0) / 400;
    for (int iteration = 0; iteration < 500; ++iteration) {
        std::vector<double> next = rating;
        for (int p = 0; p < playerCount; ++p) {
            double actual = 0.5, predicted = expected(rating[p], 0), curvature = predicted * (1 - predicted);
            for (const Meeting& m : met[p]) {
                const double e = expected(rating[p], rating[m.other]);
                actual += m.points;
                predicted += m.games * e;
                curvature += m.games * e * (1 - e);
            }
            next[p] = rating[p] + std::clamp((actual - predicted) / (k * curvature), -200.0, 200.0);
        }
        const double mean = std::accumulate(next.begin(), next.end(), 0.0) / playerCount;
        for (double& r : next) r -= mean;
        rating = next;
    }
    return rating;
}

}  // namespace reversi
