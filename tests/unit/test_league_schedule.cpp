// The league's schedule, claims and recording (leaderboard/league_schedule.hpp, league_claims.hpp):
// tiny leagues whose entries are rows inserted directly; no game is played here (the end-to-end test
// tests/scripts/leaderboard_e2e.py plays them).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>
#include <thread>
#include <tuple>

#include "leaderboard/league_claims.hpp"
#include "leaderboard/league_cost.hpp"
#include "leaderboard/league_run.hpp"
#include "leaderboard/league_schedule.hpp"
#include "scratch_files.hpp"

using namespace reversi;

namespace {

// A fresh league database with `entries` entries named e1, e2, ...
std::string league(const std::string& name, int entries, LeagueSettings settings = {}) {
    const std::string dir = freshDir(name);
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/league.db";
    LeagueDb db(path, LeagueDb::Mode::kCreate, settings);
    for (int i = 1; i <= entries; ++i) {
        LeagueStatement q = db.prepare(
            "INSERT INTO entries (name, content_hash, program, how, entered_at) VALUES (?, ?, ?, 'test', 'now')");
        const std::string number = std::to_string(i);
        q.bind(1, std::string("e").append(number)).bind(2, std::string("hash").append(number));
        q.bindBlob(3, "#!/bin/sh\n").run();
    }
    return path;
}

GameResult blackWins() {
    GameResult r;
    r.size = 8;
    r.blackDiscs = 40;
    r.whiteDiscs = 24;
    r.winner = 'B';
    r.moveSeconds[0] = {0.01, 0.02};
    r.moveSeconds[1] = {0.03};
    return r;
}

std::int64_t count(LeagueDb& db, const std::string& sql) {
    LeagueStatement q = db.prepare(sql);
    return q.step() ? q.integer(0) : -1;
}

using Slot = std::tuple<std::int64_t, std::int64_t, int>;

}  // namespace

TEST_CASE("league schedule: N entries miss exactly N(N-1) games, each ordered pair once", "[league]") {
    for (const int n : {2, 3, 5}) {
        LeagueDb db(league("sched" + std::to_string(n), n), LeagueDb::Mode::kExisting);
        const std::vector<LeagueGame> missing = missingGames(db);
        REQUIRE(missing.size() == static_cast<std::size_t>(n * (n - 1)));
        std::set<Slot> slots;
        for (const LeagueGame& g : missing) {
            CHECK(g.black != g.white);
            CHECK(g.openingIndex == 0);
            CHECK((g.blackVersion == 1 && g.whiteVersion == 1));
            slots.insert({g.black, g.white, g.openingIndex});
        }
        CHECK(slots.size() == missing.size());  // each entry once with each colour against each other
        CHECK(countMissingGames(db) == n * (n - 1));
    }
}

TEST_CASE("league schedule: K openings are played with both colours by every pair", "[league]") {
    LeagueSettings settings;
    settings.openings = 3;
    LeagueDb db(league("openings", 4, settings), LeagueDb::Mode::kExisting);
    const std::vector<LeagueGame> missing = missingGames(db);
    REQUIRE(missing.size() == 3u * 4 * 3);  // K x 2 per pair, 6 pairs
    std::set<Slot> slots;
    for (const LeagueGame& g : missing) slots.insert({g.black, g.white, g.openingIndex});
    CHECK(slots.size() == missing.size());
    for (int k = 0; k < 3; ++k) CHECK((slots.count({1, 2, k}) && slots.count({2, 1, k})));
    CHECK(countMissingGames(db) == 36);
    CHECK_THROWS_AS(runLeague(db.path(), {}), std::invalid_argument);  // lab programs start from the standard position
}

TEST_CASE("league claims: two schedulers claiming at once never get the same game", "[league]") {
    const std::string path = league("claims", 6);
    std::vector<LeagueGame> got[2];
    auto scheduler = [&](int which) {
        LeagueDb db(path, LeagueDb::Mode::kExisting);  // a connection of its own, as another process has
        const std::string owner = schedulerOwner() + "-" + std::to_string(which);
        for (;;) {
            const std::vector<LeagueGame> candidates = missingGames(db);
            std::size_t next = 0;
            const std::vector<LeagueGame> batch = claimGames(db, candidates, next, 2, owner);
            if (batch.empty()) break;
            got[which].insert(got[which].end(), batch.begin(), batch.end());
        }
    };
    std::thread a(scheduler, 0), b(scheduler, 1);
    a.join();
    b.join();
    std::set<Slot> all;
    for (const auto& list : got)
        for (const LeagueGame& g : list) CHECK(all.insert({g.black, g.white, g.openingIndex}).second);
    CHECK(all.size() == 30u);  // every game claimed, none twice
    LeagueDb db(path, LeagueDb::Mode::kExisting);
    CHECK(missingGames(db).empty());   // claimed games are not missing for a scheduler
    CHECK(countMissingGames(db) == 30);  // but still pending on the page
}

TEST_CASE("league claims: a dead scheduler's claims are freed, a live one's are kept", "[league]") {
    LeagueDb db(league("dead", 3), LeagueDb::Mode::kExisting);
    const std::string me = schedulerOwner();
    const std::string host = me.substr(0, me.find(' '));
    const std::vector<LeagueGame> missing = missingGames(db);
    std::size_t next = 0;
    claimGames(db, missing, next, 1, me);
    claimGames(db, missing, next, 1, host + " 999999999 12345");                          // no such process
    claimGames(db, missing, next, 1, host + " " + std::to_string(getpid()) + " 1");       // its pid, another start
    claimGames(db, missing, next, 1, "another-host.example 1 1");                         // not ours to judge
    CHECK(ownerAlive(me));
    CHECK_FALSE(ownerAlive(host + " 999999999 12345"));
    CHECK(freeDeadClaims(db) == 2);
    CHECK(count(db, "SELECT count(*) FROM claims") == 2);
    CHECK(missingGames(db).size() == 6u - 2);
    CHECK(releaseClaims(db, me) == 1);
    CHECK(count(db, "SELECT count(*) FROM claims") == 1);
}

TEST_CASE("league record: a game recorded twice is stored once, and its claim is gone", "[league]") {
    LeagueDb db(league("twice", 2), LeagueDb::Mode::kExisting);
    const std::vector<LeagueGame> missing = missingGames(db);
    std::size_t next = 0;
    const std::string owner = schedulerOwner();
    const std::vector<LeagueGame> claimed = claimGames(db, missing, next, 1, owner);
    REQUIRE(claimed.size() == 1);
    GameResult r = blackWins();
    r.forfeitBy = 'W';
    r.faultCode = "TLE";
    r.reason = "over the time limit";
    CHECK(recordGame(db, claimed[0], r, owner) == RecordOutcome::kRecorded);
    CHECK(recordGame(db, claimed[0], blackWins(), owner) == RecordOutcome::kAlreadyPlayed);
    CHECK(count(db, "SELECT count(*) FROM games") == 1);
    CHECK(count(db, "SELECT count(*) FROM games WHERE fault_code = 'TLE' AND fault_by = 'W'") == 1);
    CHECK(count(db, "SELECT count(*) FROM claims") == 0);
    CHECK(missingGames(db).size() == 1u);
    CHECK(countMissingGames(db) == 1);
    CHECK(measuredGameSeconds(db) == Approx(0.06));
}

TEST_CASE("league record: the game of an entry replaced while it played is not recorded", "[league]") {
    LeagueDb db(league("replaced", 2), LeagueDb::Mode::kExisting);
    std::size_t next = 0;
    const std::string owner = schedulerOwner();
    const std::vector<LeagueGame> claimed = claimGames(db, missingGames(db), next, 2, owner);
    REQUIRE(claimed.size() == 2);
    CHECK(recordGame(db, claimed[0], blackWins(), owner) == RecordOutcome::kRecorded);
    db.exec("UPDATE entries SET version = version + 1 WHERE id = 1");  // resubmitted
    CHECK(recordGame(db, claimed[1], blackWins(), owner) == RecordOutcome::kReplaced);
    CHECK(count(db, "SELECT count(*) FROM games") == 1);
    CHECK(count(db, "SELECT count(*) FROM claims") == 0);
    // Both games are missing again, at the new version; the old game gives way when the new one ends.
    const std::vector<LeagueGame> missing = missingGames(db);
    REQUIRE(missing.size() == 2u);
    for (const LeagueGame& g : missing) CHECK((g.black == 1 ? g.blackVersion : g.whiteVersion) == 2);
    for (const LeagueGame& g : missing) CHECK(recordGame(db, g, blackWins(), "") == RecordOutcome::kRecorded);
    CHECK(count(db, "SELECT count(*) FROM games") == 2);
    CHECK(countMissingGames(db) == 0);
}

// Failed before: recording deleted the slot's claim whoever held it, so a scheduler whose game was
// outdated by a replacement freed the claim of the one playing the new version, and a third could
// claim and play the same game.
TEST_CASE("league record: a scheduler deletes only its own claim", "[league]") {
    LeagueDb db(league("own-claim", 2), LeagueDb::Mode::kExisting);
    std::size_t next = 0;
    const std::vector<LeagueGame> old = claimGames(db, missingGames(db), next, 1, "host-a 1 1");
    REQUIRE(old.size() == 1u);
    db.exec("UPDATE entries SET version = version + 1");  // both resubmitted: the replacement drops claims
    db.exec("DELETE FROM claims");
    next = 0;
    const std::vector<LeagueGame> fresh = claimGames(db, missingGames(db), next, 2, "host-b 2 2");
    REQUIRE(fresh.size() == 2u);
    CHECK(recordGame(db, old[0], blackWins(), "host-a 1 1") == RecordOutcome::kReplaced);
    CHECK(count(db, "SELECT count(*) FROM claims WHERE owner = 'host-b 2 2'") == 2);
    next = 0;
    CHECK(claimGames(db, missingGames(db), next, 2, "host-c 3 3").empty());
}

// Failed before: a game the referee could not play (the sandbox would not start, its worker crashed)
// was recorded as the side to move's CRASH, branding every entry when bubblewrap broke.
TEST_CASE("league record: a game the referee failed is not recorded and stays missing", "[league]") {
    LeagueDb db(league("referee-failed", 2), LeagueDb::Mode::kExisting);
    std::size_t next = 0;
    const std::string owner = schedulerOwner();
    const std::vector<LeagueGame> claimed = claimGames(db, missingGames(db), next, 1, owner);
    REQUIRE(claimed.size() == 1u);
    GameResult r = blackWins();
    r.winner = 'W';
    r.forfeitBy = 'B';
    r.faultCode = "CRASH";
    r.reason = "cannot wall programs off";
    r.refereeFailed = true;
    CHECK(recordGame(db, claimed[0], r, owner) == RecordOutcome::kRefereeFailed);
    CHECK(count(db, "SELECT count(*) FROM games") == 0);
    CHECK(count(db, "SELECT count(*) FROM claims") == 0);
    CHECK(countMissingGames(db) == 2);
}

TEST_CASE("league finalists: qualifiers first, then every pair of the top K", "[league]") {
    LeagueSettings settings;
    settings.finalists = 2;
    LeagueDb db(league("finalists", 3, settings), LeagueDb::Mode::kExisting);
    std::vector<LeagueGame> missing = missingGames(db);
    REQUIRE(missing.size() == 3u * 6);
    for (const LeagueGame& g : missing) CHECK((g.stage == "qualifier" && (g.black == 0) != (g.white == 0)));
    CHECK(countMissingGames(db) == 18 + 2);
    // Entry 3 wins every qualifying game, entry 2 draws them, entry 1 loses them: the finalists are 3 and 2.
    for (const LeagueGame& g : missing) {
        const std::int64_t entry = g.black ? g.black : g.white;
        GameResult r = blackWins();
        r.winner = entry == 2 ? 'D' : (entry == 3) == (g.black != 0) ? 'B' : 'W';
        CHECK(recordGame(db, g, r, "") == RecordOutcome::kRecorded);
    }
    const std::vector<QualifierScore> standings = qualifierStandings(db);
    CHECK((standings[0].id == 3 && standings[0].points == 6 && standings[1].id == 2 && standings[1].points == 3));
    missing = missingGames(db);
    REQUIRE(missing.size() == 2u);
    for (const LeagueGame& g : missing) CHECK((g.stage == "league" && g.black + g.white == 5));
    CHECK(countMissingGames(db) == 2);
    CHECK(leagueChoiceText(db, 1).find("18 qualifying games") != std::string::npos);
}

TEST_CASE("league run: durations for --every", "[league]") {
    CHECK(parseDuration("90") == 90);
    CHECK(parseDuration("30m") == 1800);
    CHECK(parseDuration("12h") == 43200);
    CHECK(parseDuration("3d") == 259200);
    for (const char* bad : {"", "m", "-1h", "0", "3w", "1e400"}) CHECK_THROWS_AS(parseDuration(bad), std::invalid_argument);
}

// The scheduler's own cost per game (claim, record, and the refit shared by a batch of 8): run by
// hand (`unit_tests "[.league-cost]"`), its figure in docs/leaderboard-playing.md.
TEST_CASE("league scheduler: its own cost per game", "[.league-cost]") {
    LeagueDb db(league("cost", 100), LeagueDb::Mode::kExisting);
    const std::vector<LeagueGame> missing = missingGames(db);
    const std::string owner = schedulerOwner();
    std::vector<double> ms;
    std::size_t next = 0;
    GameResult r = blackWins();
    r.moveSeconds[0].assign(30, 0.5);
    r.moveSeconds[1].assign(30, 0.5);
    while (next < 4000) {
        const auto start = std::chrono::steady_clock::now();
        const std::vector<LeagueGame> batch = claimGames(db, missing, next, 8, owner);
        for (const LeagueGame& g : batch) recordGame(db, g, r, owner);
        refitRatings(db);  // after each batch, as run does
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / 8);
    }
    std::sort(ms.begin(), ms.end());
    WARN("claim + record + refit: median " << ms[ms.size() / 2] << " ms a game, 90th percentile " << ms[ms.size() * 9 / 10]);
    CHECK(ms[ms.size() / 2] < 5);
}
