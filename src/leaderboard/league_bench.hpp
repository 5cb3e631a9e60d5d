// `reversi leaderboard bench-db`: a synthetic league for the page's benchmark (the 1,000
// entries and 1,000,000 games): entries with hidden strengths, games between every ordered pair (more
// openings when the games outnumber the pairs) whose results follow the strengths, legal random move
// lists from a small pool, a few entries that fault, written in one transaction; then rated by the
// league's own fit (fitLeagueRatings).
#pragma once

#include <cstdint>
#include <string>

namespace reversi {

struct BenchLeagueOptions {
    int entries = 1000;
    std::int64_t games = 1000000;
    std::uint64_t seed = 1;
};

struct BenchLeagueReport {
    std::int64_t entries = 0, games = 0;
    double seconds = 0;  // to make it, ratings included
};

// Makes the league at `path`, which must not exist (std::invalid_argument otherwise, and when the
// games outnumber what the pairs can hold: entries * (entries - 1) * 1000 openings).
BenchLeagueReport makeBenchLeague(const std::string& path, const BenchLeagueOptions& options);

}  // namespace reversi
