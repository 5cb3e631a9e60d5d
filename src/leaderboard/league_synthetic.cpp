#include "leaderboard/league_synthetic.hpp"

#include <cmath>
#include <stdexcept>

#include "platform/printable.hpp"
#include "platform/splitmix.hpp"

namespace reversi {

namespace {

// One real 8x8 game's moves, and a CPU time per move of each side: what a stored game weighs.
constexpr const char* kMoves =
    "d3c3b3b2f5d2a1a3d1f6g7e3b4c1b1a5f3g3f4d6d7e2g4g5h5h8h2h4h6f2g2e1f1d8c5b5b6h1c7h3g1b8f7g6g8h7e6c4c6e7c2"
    "a2a4a6e8c8f8b7a7a8";

std::string cpuTimes(int moves) {
    std::string text = "[";
    for (int i = 0; i < moves; ++i) {
        if (i) text += ',';
        text += formatText("0.%03d", 100 + 7 * i);
    }
    return text + "]";
}

void insertEntries(LeagueDb& db, int entries, double spread, SyntheticLeague& league) {
    LeagueStatement put = db.prepare(
        "INSERT INTO entries(id, name, version, content_hash, program, how, entered_at) VALUES (?, ?, 1, ?, ?, ?, ?)");
    const std::string now = leagueTimestamp();
    for (int i = 0; i < entries; ++i) {
        const std::int64_t id = i + 1;
        put.bind(1, id).bind(2, formatText("synthetic-%04d", i + 1)).bind(3, formatText("%064d", i + 1));
        put.bindBlob(4, "#!/bin/sh\nexit 1\n").bind(5, "synthetic").bind(6, now).run();
        put.reset();
        league.ids.push_back(id);
        league.ratings.push_back(entries > 1 ? 1500 - spread / 2 + spread * i / (entries - 1) : 1500);
    }
    db.prepare("INSERT OR REPLACE INTO settings(key, value) VALUES ('last_entry_id', ?)")
        .bind(1, std::to_string(entries))
        .run();
}

// 'B', 'W' or 'D' for a game between ratings `black` and `white`: the expected score e as P(B) + P(D)/2,
// with draws P(D) = 0.8 e (1 - e) (up to 20 % between equals).
char drawResult(double black, double white, std::uint64_t& state) {
    const double e = 1 / (1 + std::pow(10.0, (white - black) / 400));
    const double draw = 0.8 * e * (1 - e), u = static_cast<double>(splitmixNext(state) >> 11) * 0x1.0p-53;
    return u < e - draw / 2 ? 'B' : u < e + draw / 2 ? 'D' : 'W';
}

}  // namespace

SyntheticLeague fillSyntheticLeague(LeagueDb& db, int entries, std::int64_t games, std::uint64_t seed, double spread) {
    if (entries < 2) throw std::invalid_argument("a synthetic league needs two entries or more");
    SyntheticLeague league;
    db.exec("PRAGMA cache_size = -262144");  // 256 MiB: a million rows' index pages stay in memory until the commit
    LeagueTransaction transaction(db);
    insertEntries(db, entries, spread, league);
    LeagueStatement put = db.prepare(
        "INSERT INTO games(stage, black, white, black_version, white_version, opening_index, moves, black_discs, "
        "white_discs, winner, black_cpu, white_cpu, finished_at) VALUES ('league', ?, ?, 1, 1, ?, ?, ?, ?, ?, ?, ?, ?)");
    const std::string blackCpu = cpuTimes(30), whiteCpu = cpuTimes(30), now = leagueTimestamp();
    const std::int64_t orderedPairs = static_cast<std::int64_t>(entries) * (entries - 1);
    std::uint64_t state = seed;
    for (std::int64_t k = 0; k < games; ++k) {
        const std::int64_t pair = k % orderedPairs;
        const int black = static_cast<int>(pair / (entries - 1)), other = static_cast<int>(pair % (entries - 1));
        const int white = other >= black ? other + 1 : other;
        const char winner = drawResult(league.ratings[black], league.ratings[white], state);
        const int blackDiscs = winner == 'B' ? 40 : winner == 'W' ? 24 : 32;
        put.bind(1, league.ids[black]).bind(2, league.ids[white]).bind(3, k / orderedPairs).bind(4, kMoves);
        put.bind(5, blackDiscs).bind(6, 64 - blackDiscs).bind(7, std::string(1, winner)).bind(8, blackCpu);
        put.bind(9, whiteCpu).bind(10, now).run();
        put.reset();
    }
    transaction.commit();
    return league;
}

}  // namespace reversi
