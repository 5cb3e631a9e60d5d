#include "leaderboard/league_bench.hpp"

#include <sys/stat.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <stdexcept>
#include <vector>

#include "leaderboard/league_db.hpp"
#include "leaderboard/league_ratings.hpp"
#include "platform/printable.hpp"
#include "platform/splitmix.hpp"
#include "rules/board.hpp"
#include "rules/notation.hpp"

namespace reversi {

namespace {

double uniform(std::uint64_t& state) { return static_cast<double>(splitmixNext(state) >> 11) * 0x1.0p-53; }

struct PoolGame {
    std::string moves;
    int black = 0, white = 0;
};

// A random legal 8x8 game (passes implicit), for the viewer to step through.
PoolGame randomGame(std::uint64_t& state) {
    Board board(8);
    std::vector<Move> moves;
    char colour = kBlack;
    while (!board.isGameOver()) {
        if (!board.hasLegalMove(colour)) colour = opponentOf(colour);
        const std::vector<Move> legal = board.legalMoves(colour);
        const Move m = legal[splitmixNext(state) % legal.size()];
        board.applyMove(m.row, m.col, colour);
        moves.push_back(m);
        colour = opponentOf(colour);
    }
    return {compactMoveList(moves), board.count(kBlack), board.count(kWhite)};
}

// Pools of games by outcome: [0] Black won, [1] White won, [2] drawn (may stay empty).
std::vector<PoolGame> outcomePools(std::uint64_t& state, std::vector<std::vector<PoolGame>>& pools) {
    pools.assign(3, {});
    std::vector<PoolGame> all;
    for (int i = 0; i < 400 && (pools[0].size() < 8 || pools[1].size() < 8 || pools[2].size() < 2); ++i) {
        PoolGame g = randomGame(state);
        pools[g.black > g.white ? 0 : g.black < g.white ? 1 : 2].push_back(g);
        all.push_back(g);
    }
    return all;
}

std::string timestampAt(std::time_t t) {
    std::tm utc{};
    gmtime_r(&t, &utc);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buffer;
}

std::vector<double> insertEntries(LeagueDb& db, int count, std::uint64_t& state) {
    LeagueStatement put = db.prepare(
        "INSERT INTO entries(id, name, content_hash, program, how, entered_at) VALUES (?, ?, ?, x'', 'synthetic', ?)");
    std::vector<double> strength(static_cast<std::size_t>(count) + 1);
    for (int i = 1; i <= count; ++i) {
        strength[static_cast<std::size_t>(i)] = 2.0 * uniform(state) - 1.0;
        put.bind(1, i).bind(2, formatText("student%04d", i)).bind(3, formatText("%016llx", static_cast<unsigned long long>(splitmixNext(state))));
        put.bind(4, timestampAt(1767225600)).run();
        put.reset();
    }
    return strength;
}

// Entries 7, 17, 27, ... fault in about one game of twenty: a code by entry, so that statuses vary.
const char* faultOf(std::int64_t entry, std::uint64_t& state) {
    if (entry % 10 != 7 || uniform(state) >= 0.05) return nullptr;
    static const char* const kCodes[] = {"TLE", "IM", "CRASH", "OUTPUT"};
    return kCodes[(entry / 10) % 4];
}

// Every ordered pair in turn, then again at the next opening index, until the games are made.
void insertGames(LeagueDb& db, const BenchLeagueOptions& o, const std::vector<double>& strength, std::uint64_t& state) {
    std::vector<std::vector<PoolGame>> pools;
    const std::vector<PoolGame> all = outcomePools(state, pools);
    LeagueStatement put = db.prepare(
        "INSERT INTO games(black, white, black_version, white_version, opening_index, moves, black_discs, white_discs, "
        "winner, fault_by, fault_code, fault_reason, black_cpu, white_cpu, finished_at) "
        "VALUES (?, ?, 1, 1, ?, ?, ?, ?, ?, ?, ?, ?, '[0.01]', '[0.01]', ?)");
    const std::int64_t pairs = static_cast<std::int64_t>(o.entries) * (o.entries - 1);
    for (std::int64_t k = 0; k < o.games; ++k) {
        const std::int64_t p = k % pairs, black = p / (o.entries - 1) + 1;
        std::int64_t white = p % (o.entries - 1) + 1;
        if (white >= black) ++white;
        const double edge = strength[static_cast<std::size_t>(black)] - strength[static_cast<std::size_t>(white)];
        const double draw = uniform(state);
        int outcome = draw < 0.04 ? 2 : uniform(state) < 1.0 / (1.0 + std::exp(-3.0 * edge)) ? 0 : 1;
        const char* blackFault = faultOf(black, state);
        const char* whiteFault = blackFault ? nullptr : faultOf(white, state);
        if (blackFault) outcome = 1;
        if (whiteFault) outcome = 0;
        const std::vector<PoolGame>& pool = pools[static_cast<std::size_t>(outcome)].empty() ? all : pools[static_cast<std::size_t>(outcome)];
        const PoolGame& g = pool[splitmixNext(state) % pool.size()];
        put.bind(1, black).bind(2, white).bind(3, k / pairs).bind(4, g.moves).bind(5, g.black).bind(6, g.white);
        put.bind(7, outcome == 0 ? "B" : outcome == 1 ? "W" : "D");
        if (blackFault || whiteFault) {
            put.bind(8, blackFault ? "B" : "W").bind(9, blackFault ? blackFault : whiteFault).bind(10, "synthetic fault");
        } else {
            put.bindNull(8).bindNull(9).bindNull(10);
        }
        put.bind(11, timestampAt(1767225600 + static_cast<std::time_t>(k))).run();
        put.reset();
    }
}

}  // namespace

BenchLeagueReport makeBenchLeague(const std::string& path, const BenchLeagueOptions& o) {
    struct stat st{};
    if (::stat(path.c_str(), &st) == 0) throw std::invalid_argument(path + " exists: bench-db makes a new league");
    if (o.entries < 2) throw std::invalid_argument("a league needs at least 2 entries");
    if (o.games < 0 || o.games > static_cast<std::int64_t>(o.entries) * (o.entries - 1) * 1000)
        throw std::invalid_argument("more games than the pairs can hold with 1000 openings");
    const auto start = std::chrono::steady_clock::now();
    LeagueDb db(path, LeagueDb::Mode::kCreate);
    std::uint64_t state = o.seed;
    {
        LeagueTransaction made(db);
        const std::vector<double> strength = insertEntries(db, o.entries, state);
        insertGames(db, o, strength, state);
        made.commit();
    }
    fitLeagueRatings(db);  // the ratings as the league computes them (its own transaction)
    BenchLeagueReport report;
    report.entries = o.entries;
    report.games = o.games;
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

}  // namespace reversi
