#include "leaderboard/league_ratings.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace reversi {

namespace {

const double kEloPerUnit = 400 / std::log(10.0);  // Elo points per natural-log unit of odds
const double kTolerance = 1e-4 / kEloPerUnit;     // converged when no rating moves by 0.0001 Elo
constexpr int kMostIterations = 10000;
constexpr double kLargestStep = 2.0;              // natural units (about 350 Elo): a first step from far off
constexpr double kZ95 = 1.959963984540054;

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

struct Opponent {
    int other;
    double games, points;
};

// Every player's games, grouped by player (compressed rows): each pair seen from both sides.
struct Meetings {
    std::vector<std::size_t> first;  // player i's opponents are list[first[i] .. first[i + 1])
    std::vector<Opponent> list;
};

Meetings meetings(int count, const std::vector<PairGames>& pairs) {
    Meetings m;
    m.first.assign(static_cast<std::size_t>(count) + 1, 0);
    for (const PairGames& p : pairs) {
        ++m.first[static_cast<std::size_t>(p.a) + 1];
        ++m.first[static_cast<std::size_t>(p.b) + 1];
    }
    for (std::size_t i = 1; i < m.first.size(); ++i) m.first[i] += m.first[i - 1];
    std::vector<std::size_t> next(m.first.begin(), m.first.end() - 1);
    m.list.resize(m.first.back());
    for (const PairGames& p : pairs) {
        m.list[next[static_cast<std::size_t>(p.a)]++] = {p.b, p.games, p.points};
        m.list[next[static_cast<std::size_t>(p.b)]++] = {p.a, p.games, p.games - p.points};
    }
    return m;
}

// One Gauss-Seidel sweep: each player's rating takes a Newton step on its own log-likelihood (its games
// and its virtual draw against 0), the others as they are now. `information` gets each player's Fisher
// information. Returns the largest step.
double sweep(const Meetings& m, std::vector<double>& rating, std::vector<double>& information) {
    double largest = 0;
    for (std::size_t i = 0; i < rating.size(); ++i) {
        const double self = logistic(rating[i]);
        double gradient = 0.5 - self, curvature = self * (1 - self);
        for (std::size_t k = m.first[i]; k < m.first[i + 1]; ++k) {
            const Opponent& o = m.list[k];
            const double p = logistic(rating[i] - rating[static_cast<std::size_t>(o.other)]);
            gradient += o.points - o.games * p;
            curvature += o.games * p * (1 - p);
        }
        const double step = std::clamp(gradient / curvature, -kLargestStep, kLargestStep);
        rating[i] += step;
        information[i] = curvature;
        largest = std::max(largest, std::abs(step));
    }
    return largest;
}

// A Newton step moving every rating together: the one direction only the virtual draws hold, which a
// sweep of a large, well-connected league moves by a tiny fraction each time.
double shiftAll(std::vector<double>& rating) {
    double gradient = 0, curvature = 0;
    for (const double r : rating) {
        const double p = logistic(r);
        gradient += 0.5 - p;
        curvature += p * (1 - p);
    }
    const double step = std::clamp(gradient / curvature, -kLargestStep, kLargestStep);
    for (double& r : rating) r += step;
    return std::abs(step);
}

}  // namespace

BradleyTerryFit fitBradleyTerry(int count, const std::vector<PairGames>& pairs, const std::vector<double>& start) {
    const std::size_t n = static_cast<std::size_t>(std::max(count, 0));
    BradleyTerryFit fit;
    if (n == 0) {
        fit.converged = true;
        return fit;
    }
    std::vector<double> rating(n, 0.0), information(n, 0.25);
    for (std::size_t i = 0; i < std::min(n, start.size()); ++i)
        if (std::isfinite(start[i])) rating[i] = (start[i] - 1500) / kEloPerUnit;
    const Meetings m = meetings(count, pairs);
    while (fit.iterations < kMostIterations) {
        ++fit.iterations;
        const double moved = std::max(sweep(m, rating, information), shiftAll(rating));
        if (moved < kTolerance) {
            fit.converged = true;
            break;
        }
    }
    double mean = 0;
    for (const double r : rating) mean += r / static_cast<double>(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double score = 1500 + kEloPerUnit * (rating[i] - mean);
        const double half = kZ95 * kEloPerUnit / std::sqrt(information[i]);
        fit.score.push_back(score);
        fit.low.push_back(score - half);
        fit.high.push_back(score + half);
    }
    return fit;
}

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

struct Rated {
    std::int64_t id, version;
    double previous;  // the last fit's score, or NaN
};

// Every league game per pair, read in one snapshot with the entries and their last ratings.
struct LeagueGames {
    std::vector<Rated> players;  // the entries with a league game
    std::vector<PairGames> pairs;
    std::int64_t games = 0;
};

LeagueGames readLeagueGames(LeagueDb& db) {
    db.exec("BEGIN");  // one snapshot for both queries; reading only, so no writer waits for it
    struct Ended {
        LeagueDb& db;
        ~Ended() {
            try {
                db.exec("COMMIT");
            } catch (...) {  // a read transaction has nothing to lose
            }
        }
    } ended{db};
    std::vector<Rated> entries;
    LeagueStatement e = db.prepare("SELECT e.id, e.version, r.score FROM entries e LEFT JOIN ratings r ON r.entry_id = e.id");
    std::int64_t largest = 0;
    while (e.step()) {
        entries.push_back({e.integer(0), e.integer(1), e.isNull(2) ? std::nan("") : e.real(2)});
        largest = std::max(largest, entries.back().id);
    }
    // Entry id -> its index in `entries` (ids are small: one per submission ever entered).
    std::vector<int> entryAt(static_cast<std::size_t>(largest) + 1, -1), slot(entries.size(), -1);
    for (std::size_t i = 0; i < entries.size(); ++i) entryAt[static_cast<std::size_t>(entries[i].id)] = static_cast<int>(i);
    LeagueGames league;
    auto index = [&](std::int64_t id) {  // the player of entry `id`, or -1 when it is no entry (now)
        if (id <= 0 || id > largest || entryAt[static_cast<std::size_t>(id)] < 0) return -1;
        const std::size_t at = static_cast<std::size_t>(entryAt[static_cast<std::size_t>(id)]);
        if (slot[at] < 0) {
            slot[at] = static_cast<int>(league.players.size());
            league.players.push_back(entries[at]);
        }
        return slot[at];
    };
    // One row per pair, kept by the games table's triggers (league_schema.hpp): no grouping of games here.
    LeagueStatement size = db.prepare("SELECT count(*) FROM league_pairs");
    size.step();
    league.pairs.reserve(static_cast<std::size_t>(size.integer(0)));  // half a million pairs, not grown by copying
    LeagueStatement g = db.prepare("SELECT low, high, games, low_points2 FROM league_pairs");
    while (g.step()) {
        const int a = index(g.integer(0)), b = index(g.integer(1));
        if (a < 0 || b < 0) continue;  // a game with the reference player, or of an entry removed
        league.pairs.push_back({a, b, static_cast<double>(g.integer(2)), 0.5 * static_cast<double>(g.integer(3))});
        league.games += g.integer(2);
    }
    return league;
}

void writeRatings(LeagueDb& db, const LeagueGames& league, const BradleyTerryFit& fit) {
    LeagueTransaction transaction(db);
    db.exec("DELETE FROM ratings");
    // Only for the version the games were played by: an entry replaced meanwhile waits for the next fit.
    LeagueStatement put = db.prepare(
        "INSERT INTO ratings(entry_id, score, low, high) SELECT ?1, ?2, ?3, ?4 "
        "WHERE EXISTS (SELECT 1 FROM entries WHERE id = ?1 AND version = ?5)");
    for (std::size_t i = 0; i < league.players.size(); ++i) {
        put.bind(1, league.players[i].id).bind(2, fit.score[i]).bind(3, fit.low[i]).bind(4, fit.high[i]);
        put.bind(5, league.players[i].version).run();
        put.reset();
    }
    transaction.commit();
}

}  // namespace

LeagueFit fitLeagueRatings(LeagueDb& db) {
    const auto start = Clock::now();
    const LeagueGames league = readLeagueGames(db);
    LeagueFit result;
    result.querySeconds = since(start);
    std::vector<double> previous;
    for (const Rated& r : league.players) previous.push_back(r.previous);
    const BradleyTerryFit fit = fitBradleyTerry(static_cast<int>(league.players.size()), league.pairs, previous);
    writeRatings(db, league, fit);
    result.iterations = fit.iterations;
    result.converged = fit.converged;
    result.entries = static_cast<int>(league.players.size());
    result.games = league.games;
    result.seconds = since(start);
    return result;
}

}  // namespace reversi
