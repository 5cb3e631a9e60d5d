// The leaderboard's standings and page texts (src/leaderboard/league_standings.cpp, league_pages.cpp,
// league_views.cpp) over a small league written directly with SQL: ranks with ties, the indicator,
// statuses from the entry's own faults in the course's order, W-D-L, CSV quoting, the API's shape,
// a hostile name escaped, and a game replayed into boards.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "leaderboard/league_db.hpp"
#include "leaderboard/league_pages.hpp"
#include "leaderboard/league_standings.hpp"
#include "leaderboard/league_views.hpp"
#include "platform/json_text.hpp"
#include "scratch_files.hpp"

using namespace reversi;

namespace {

constexpr const char* kHostile = "<script>alert(1)</script>";
constexpr const char* kQuoted = "O\"Neil, Jr";

// A league of six: ids 1..6, ratings for 1..5 (2 and 3 tied at 1810.2), 6 unrated.
struct SmallLeague {
    std::string dir = freshDir("league-standings");
    std::string path;
    std::unique_ptr<LeagueDb> db;

    SmallLeague() {
        std::filesystem::create_directories(dir);
        path = dir + "/league.db";
        db = std::make_unique<LeagueDb>(path, LeagueDb::Mode::kCreate);
        const char* names[] = {"alice", "bob", "carol", kHostile, kQuoted, "=late"};
        for (int i = 0; i < 6; ++i)
            db->prepare("INSERT INTO entries(id, name, content_hash, program, how, entered_at) VALUES (?, ?, 'h', x'00', 'test', ?)")
                .bind(1, i + 1).bind(2, names[i]).bind(3, "2026-11-0" + std::to_string(i + 1) + "T00:00:00Z").run();
        const double scores[] = {1911.05, 1810.2, 1810.2, 1746.9, 1500.0};
        for (int i = 0; i < 5; ++i)
            db->prepare("INSERT INTO ratings(entry_id, score, low, high) VALUES (?, ?, ?, ?)")
                .bind(1, i + 1).bind(2, scores[i]).bind(3, scores[i] - 10).bind(4, scores[i] + 10).run();
    }
    ~SmallLeague() {
        db.reset();
        std::filesystem::remove_all(dir);
    }
    void game(int black, int white, const char* winner, const char* faultBy = nullptr, const char* code = nullptr,
              const char* stage = "league") {
        LeagueStatement put = db->prepare(
            "INSERT INTO games(stage, black, white, black_version, white_version, moves, black_discs, white_discs, winner, "
            "fault_by, fault_code, finished_at, opponent) VALUES (?, ?, ?, 1, 1, 'f5d6', 30, 34, ?, ?, ?, ?, ?)");
        put.bind(1, stage).bind(2, black).bind(3, white).bind(4, winner);
        if (faultBy) put.bind(5, faultBy).bind(6, code);
        else put.bindNull(5).bindNull(6);
        put.bind(7, "2026-11-20T10:00:0" + std::to_string(black) + "Z").bind(8, white == 0 ? "smarter" : "").run();
    }
    const StandingsRow& row(const Standings& s, std::int64_t id) {
        for (const StandingsRow& r : s.rows)
            if (r.id == id) return r;
        FAIL("no row for entry " << id);
        return s.rows.front();
    }
};

}  // namespace

TEST_CASE("league standings: the indicator is the score as a percentage of the top one, two decimals") {
    CHECK(indicatorOf(1810.2, 1911.05) == Approx(94.72).margin(1e-9));
    CHECK(indicatorOf(1746.9, 1911.05) == Approx(91.41).margin(1e-9));
    CHECK(indicatorOf(1911.05, 1911.05) == 100.0);
    CHECK(indicatorOf(1500, 0) == 0);
}

TEST_CASE("league standings: status lists the codes in the order IM TLE CRASH OUTPUT, else exactly PASS") {
    CHECK(statusText(false, false, false, false) == "PASS");
    CHECK(statusText(true, true, false, false) == "IM TLE");
    CHECK(statusText(false, true, true, false) == "TLE CRASH");
    CHECK(statusText(true, true, true, true) == "IM TLE CRASH OUTPUT");
    CHECK(statusText(false, false, false, true) == "OUTPUT");
}

TEST_CASE("league standings: ranks share ties and skip, the unrated come last, faults are the entry's own") {
    SmallLeague league;
    league.game(1, 2, "B");
    league.game(2, 1, "W", "B", "TLE");  // bob's fault as Black: not alice's
    league.game(4, 1, "W", "B", "TLE");  // the hostile entry: TLE first, IM later, shown "IM TLE"
    league.game(1, 4, "B", "W", "IM");
    league.game(3, 4, "D");
    league.game(4, 0, "W", "B", "CRASH", "qualifier");  // a qualifier's fault counts, its result does not
    const Standings s = readStandings(*league.db);
    REQUIRE(s.rows.size() == 6);
    CHECK(s.rows[0].id == 1);
    CHECK(s.rows[0].rank == 1);
    CHECK(s.rows[1].rank == 2);
    CHECK(s.rows[2].rank == 2);  // bob and carol tied
    CHECK(s.rows[3].rank == 4);
    CHECK(s.rows[1].name == "bob");  // ties by name
    CHECK(s.rows[5].name == "=late");
    CHECK_FALSE(s.rows[5].rated);
    CHECK(s.rows[5].rank == 0);
    CHECK(league.row(s, 2).indicator == Approx(94.72).margin(1e-9));
    CHECK(league.row(s, 1).status == "PASS");
    CHECK(league.row(s, 2).status == "TLE");
    CHECK(league.row(s, 4).status == "IM TLE CRASH");
    const StandingsRow& alice = league.row(s, 1);
    CHECK(alice.wins == 4);
    CHECK(alice.draws == 0);
    CHECK(alice.losses == 0);
    const StandingsRow& hostile = league.row(s, 4);
    CHECK((hostile.wins == 0 && hostile.draws == 1 && hostile.losses == 2 && hostile.games == 3));
    CHECK(hostile.lastChange == "2026-11-20T10:00:04Z");
    CHECK(league.row(s, 6).lastChange == "2026-11-06T00:00:00Z");  // no games: when it entered
    CHECK(s.played == 6);
    CHECK(s.pending == 6 * 5 - 5);  // stand-in for countMissingGames: the full round robin at opening 0
}

TEST_CASE("league standings: the CSV quotes a comma and a quote, and keeps a formula as text") {
    SmallLeague league;
    const std::string csv = standingsCsv(readStandings(*league.db));
    CHECK(csv.rfind("rank,name,score,low,high,indicator,status,wins,draws,losses,games,last_change\r\n", 0) == 0);
    CHECK(csv.find("\r\n5,\"O\"\"Neil, Jr\",1500.00,1490.00,1510.00,78.49,PASS,0,0,0,0,") != std::string::npos);
    CHECK(csv.find(",'=late,,,,,PASS,") != std::string::npos);
    CHECK(csv.find("1,alice,1911.05,1901.05,1921.05,100.00,PASS,") != std::string::npos);
}

TEST_CASE("league standings: the API's body has exactly the issue's fields") {
    SmallLeague league;
    league.game(1, 2, "B");
    const Json body = parseJsonText(standingsJson(readStandings(*league.db)));
    REQUIRE(body.size() == 3);
    CHECK(body["games"] == 1);
    CHECK(body["pending"] == 29);
    const Json& first = body["entries"][0];
    std::vector<std::string> keys;
    for (const auto& [key, value] : first.items()) keys.push_back(key);
    CHECK(keys == std::vector<std::string>{"rank", "name", "score", "indicator", "status", "wins", "draws", "losses"});
    CHECK(first["score"] == 1911.05);
    CHECK(first["indicator"] == 100.0);
    CHECK(body["entries"][3]["name"] == kHostile);
    CHECK(body["entries"][5]["rank"].is_null());
}

TEST_CASE("league pages: a hostile name is text in every page, and the viewer's data cannot end its block") {
    SmallLeague league;
    league.game(4, 1, "W", "B", "TLE");
    const Standings s = readStandings(*league.db);
    const std::string page = standingsPage(s, league.db->settings());
    CHECK(page.find(kHostile) == std::string::npos);
    CHECK(page.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
    CHECK(page.find("O&quot;Neil, Jr") != std::string::npos);
    const auto entry = findShownEntry(*league.db, kHostile);
    REQUIRE(entry);
    CHECK(entry->id == 4);
    CHECK(findShownEntry(*league.db, "4")->name == kHostile);
    CHECK_FALSE(findShownEntry(*league.db, "nobody"));
    CHECK(entryPage(*entry, &s.rows[3], entryGames(*league.db, 4)).find(kHostile) == std::string::npos);
    const auto game = findGame(*league.db, 1);
    REQUIRE(game);
    const std::string json = jsonLine(gameJson(*game));
    const std::string viewer = gamePage(*game, json);
    CHECK(viewer.find(kHostile) == std::string::npos);
    CHECK(viewer.find("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e") != std::string::npos);
}

TEST_CASE("league views: a game's boards follow its moves, passes put back") {
    SmallLeague league;
    league.game(1, 2, "B");  // moves f5 d6
    const Json g = gameJson(*findGame(*league.db, 1));
    REQUIRE(g["boards"].size() == 3);
    CHECK(g["moves"] == Json({"f5", "d6"}));
    CHECK(g["boards"][0] == "...........................WB......BW...........................");
    CHECK(g["boards"][1] == "...........................WB......BBB..........................");
    CHECK(g["boards"][2] == "...........................WB......WBB.....W....................");
    CHECK(g["black"]["name"] == "alice");
    CHECK(g["fault"].is_null());
    CHECK_FALSE(g.contains("replay_error"));
}

// Failed before: an all-digit word was only ever an id, so an entry named by a student number could not
// be reached by its name.
TEST_CASE("league views: an entry by id, by name, and by an all-digit name that is no id") {
    SmallLeague league;
    league.db->prepare("INSERT INTO entries(id, name, content_hash, program, how, entered_at) VALUES "
                       "(7, '20231234', 'h', x'00', 'test', '2026-11-07T00:00:00Z'), "
                       "(8, '1', 'h', x'00', 'test', '2026-11-08T00:00:00Z')").run();
    CHECK(findShownEntry(*league.db, "2")->name == "bob");
    CHECK(findShownEntry(*league.db, kHostile)->id == 4);
    CHECK(findShownEntry(*league.db, "20231234")->id == 7);  // no entry has that id: the name
    CHECK(findShownEntry(*league.db, "1")->id == 1);         // both an id and a name: the id
    CHECK_FALSE(findShownEntry(*league.db, "99").has_value());
    CHECK_FALSE(isIdText("12a"));
    CHECK_FALSE(isIdText("1234567890123456789"));  // too long for an id
}
