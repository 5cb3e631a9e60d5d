// Matches and tournaments: scheduling, worker processes, statistics, reports, saved games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "arena/game_pool.hpp"
#include "arena/match.hpp"
#include "arena/match_report.hpp"
#include "arena/ratings.hpp"
#include "arena/results_store.hpp"
#include "arena/saved_game.hpp"
#include "arena/sprt.hpp"
#include "rules/notation.hpp"

using namespace reversi;

namespace {
std::vector<PlayerSpec> players(std::initializer_list<const char*> specs) {
    std::vector<PlayerSpec> out;
    for (const char* s : specs) out.push_back(parsePlayer(s));
    return out;
}
}  // namespace

TEST_CASE("schedule: both colours on one opening, every pair and size", "[match]") {
    MatchOptions options;
    options.sizes = {6, 8};
    options.games = 4;
    options.openingPlies = 3;
    const std::vector<GameTask> tasks = scheduleGames(3, options);
    REQUIRE(tasks.size() == 2 * 3 * 4);
    for (std::size_t i = 0; i + 1 < tasks.size(); i += 2) {
        CHECK(tasks[i].opening == tasks[i + 1].opening);
        CHECK(tasks[i].black == tasks[i + 1].white);
        CHECK(tasks[i].white == tasks[i + 1].black);
        CHECK(tasks[i].opening.size() == 3);
    }
    CHECK(tasks[0].opening != tasks[2].opening);  // the next pair of games gets a new opening
    CHECK(tasks[0].opening == tasks[4].opening);  // and every pair of players gets the same openings
    options.sizes = {7};
    CHECK_THROWS_AS(scheduleGames(2, options), std::invalid_argument);
    options.sizes = {8};
    CHECK_THROWS_AS(scheduleGames(1, options), std::invalid_argument);
}

TEST_CASE("statistics: score, Wilson interval, Elo", "[match]") {
    CHECK(eloFromScore(0.5) == Approx(0).margin(1e-9));
    CHECK(eloFromScore(0.75) == Approx(190.85).epsilon(1e-3));
    CHECK(std::isinf(eloFromScore(1.0)));
    std::vector<GameRecord> games(4);
    const char winners[] = {'B', 'B', 'D', 'W'};  // player 0 is black in games 0 and 2
    for (int i = 0; i < 4; ++i) {
        games[i].task.black = i % 2 == 0 ? 0 : 1;
        games[i].task.white = i % 2 == 0 ? 1 : 0;
        games[i].result.winner = winners[i];
        games[i].result.blackDiscs = 40;
        games[i].result.whiteDiscs = 24;
    }
    const ScoreStats s = scoreFor(games, 0);
    CHECK((s.wins == 2 && s.draws == 1 && s.losses == 1));  // won 0 and 3, lost 1, drew 2
    CHECK(s.score == Approx(0.625));
    CHECK(s.low < s.score);
    CHECK(s.high > s.score);
    CHECK(s.discsFor == 40 + 24 + 40 + 24);
    const std::vector<double> elo = eloRatings(2, games);
    CHECK(elo[0] > 0);
    CHECK(elo[0] == Approx(-elo[1]));
}

TEST_CASE("a match at a fixed seed gives a fixed result, whatever the number of jobs", "[match]") {
    MatchOptions options;
    options.sizes = {6, 8};
    options.games = 6;
    options.openingPlies = 4;
    options.seed = 2024;
    const auto ps = players({"smartest", "random:5"});
    const auto tasks = scheduleGames(2, options);
    const auto serial = runGames(ps, tasks, options);
    options.jobs = 3;
    const auto parallel = runGames(ps, tasks, options);
    REQUIRE(serial.size() == 12);
    for (std::size_t i = 0; i < serial.size(); ++i) {
        CHECK(serial[i].result.moves == parallel[i].result.moves);
        CHECK(serial[i].result.forfeitBy == 0);
    }
    const ScoreStats s = scoreFor(serial, 0, 1);
    // Pinned: smartest against random:5, seed 2024, 4 opening plies, 6 games on 6x6 and 8x8.
    CHECK(s.wins == 7);
    CHECK(s.draws == 0);
    CHECK(s.discsFor == 340);
    CHECK(s.discsAgainst == 260);
    const std::string table = matchSummary(ps, serial, options);
    CHECK_THAT(table, Catch::Contains("smartest vs random:5"));
    CHECK_THAT(resultsJson(ps, serial, options, false), Catch::Contains("\"by_size\""));
}

TEST_CASE("tournament: leaderboard and saved games that replay", "[match]") {
    MatchOptions options;
    options.sizes = {6};
    options.games = 2;
    options.jobs = 2;
    const auto ps = players({"greedy", "smartest", "random:1"});
    const auto games = runGames(ps, scheduleGames(3, options), options);
    REQUIRE(games.size() == 6);
    const std::string table = tournamentSummary(ps, games, options);
    CHECK_THAT(table, Catch::Contains("rank"));
    for (const char* fmt : {"compact", "lab"}) {
        for (const GameRecord& g : games) {
            const SavedGame saved = parseSavedGame(formatSavedGame(fmt, ps, g));
            CHECK(saved.size == 6);
            CHECK(saved.moves == g.result.moves);
        }
    }
}

TEST_CASE("a broken external player loses through the worker too", "[match]") {
    const std::string script = REVERSI_TEST_PLAYERS "/lab_player.py";
    MatchOptions options;
    options.sizes = {4};
    const auto ps = players({"greedy", ("cmd:python3 " + script + " illegal").c_str()});
    const auto games = runGames(ps, scheduleGames(2, options), options);
    REQUIRE(games.size() == 2);
    CHECK(scoreFor(games, 0).wins == 2);
    CHECK_THAT(games[0].result.reason, Catch::Contains("illegal move"));
    for (const GameRecord& g : games) CHECK(g.result.faultCode == "IM");  // through the worker's wire
}

TEST_CASE("player specs: unknown kinds, missing programs, names by directory", "[match]") {
    CHECK_THROWS_WITH(parsePlayer("xyz:foo/bar"), Catch::Contains("unknown player kind \"xyz:\""));
    CHECK_THROWS_AS(parsePlayer("gtpx:/usr/bin/x"), std::invalid_argument);
    CHECK(parsePlayer("subs/alice:v2/a.out").isExternal());  // a path with ':' is still a path
    PlayerSpec missing = parsePlayer("cmd:./no/such/program");
    CHECK_THROWS_WITH(resolveProgram(missing), Catch::Contains("no program"));
    PlayerSpec notOnPath = parsePlayer("cmd:no-such-program-anywhere --x");
    CHECK_THROWS_WITH(resolveProgram(notOnPath), Catch::Contains("on the PATH"));
    PlayerSpec sh = parsePlayer("cmd:/bin/sh -c true");
    resolveProgram(sh);
    CHECK(sh.name == "bin/sh -c true");
    CHECK(sh.spec == "cmd:/bin/sh -c true");
    PlayerSpec builtin = parsePlayer("greedy");
    resolveProgram(builtin);
    CHECK(builtin.name == "greedy");
    std::vector<PlayerSpec> ps{parsePlayer("greedy"), parsePlayer("greedy"), parsePlayer("smarter")};
    distinctNames(ps);
    CHECK(ps[0].name == "greedy#1");
    CHECK(ps[1].name == "greedy#2");
    CHECK(ps[2].name == "smarter");
    CHECK(joinCommandLine({"a b", "it's", "c"}) == "'a b' \"it's\" c");
    CHECK(splitCommandLine(joinCommandLine({"a b", "it's", "c"})) == std::vector<std::string>{"a b", "it's", "c"});
}

TEST_CASE("identical games are counted once", "[match]") {
    std::vector<GameRecord> games(6);
    for (int i = 0; i < 6; ++i) {
        games[i].task.index = i;
        games[i].task.black = i % 2 == 0 ? 0 : 1;
        games[i].task.white = i % 2 == 0 ? 1 : 0;
        games[i].result.size = 4;
        games[i].result.moves = {{0, 1}};
        games[i].result.winner = i % 2 == 0 ? 'B' : 'B';  // player 0 wins as Black, loses as White
        games[i].result.blackDiscs = 10;
        games[i].result.whiteDiscs = 6;
    }
    CHECK(markDuplicates(games) == 4);
    CHECK(games[2].duplicateOf == 0);
    CHECK(games[3].duplicateOf == 1);
    const ScoreStats s = scoreFor(games, 0);
    CHECK(s.games == 2);
    CHECK((s.wins == 1 && s.losses == 1));
    games[4].result.moves = {{1, 0}};  // a different game after all
    CHECK(markDuplicates(games) == 3);
    CHECK(scoreFor(games, 0).games == 3);
    MatchOptions options;
    options.sizes = {4};
    options.games = 6;
    const std::vector<PlayerSpec> ps = players({"greedy", "smarter"});
    CHECK_THAT(matchSummary(ps, games, options), Catch::Contains("Identical games: 3 of the 6"));
    CHECK_THAT(resultsJson(ps, games, options, false), Catch::Contains("\"distinct_games\": 3"));
}

TEST_CASE("Elo from pair totals: a large round robin is fast and centred", "[match]") {
    // 120 players, every pair two games, the lower index always wins: ratings fall with the index.
    const int count = 120;
    std::vector<GameRecord> games;
    for (int a = 0; a < count; ++a)
        for (int b = a + 1; b < count; ++b)
            for (int g = 0; g < 2; ++g) {
                GameRecord r;
                r.task.index = static_cast<int>(games.size());
                r.task.black = g == 0 ? a : b;
                r.task.white = g == 0 ? b : a;
                r.result.winner = g == 0 ? 'B' : 'W';
                games.push_back(r);
            }
    const std::vector<double> elo = eloRatings(count, games);
    double sum = 0;
    for (int p = 0; p < count; ++p) sum += elo[p];
    CHECK(std::fabs(sum) < 1e-6);
    for (int p = 0; p + 1 < count; ++p) CHECK(elo[p] > elo[p + 1]);
}

TEST_CASE("stored results: a game as one JSON line and back", "[match]") {
    const auto ps = players({"smartest", "random:3"});
    MatchOptions options;
    options.sizes = {6};
    options.games = 2;
    options.openingPlies = 2;
    const auto games = runGames(ps, scheduleGames(2, options), options);
    for (const GameRecord& g : games) {
        const std::string line = gameJsonLine(ps, g);
        CHECK(line.back() == '\n');
        CHECK(std::count(line.begin(), line.end(), '\n') == 1);
        const GameRecord back = parseGameJsonLine(line, ps);
        CHECK(back.task.index == g.task.index);
        CHECK(back.task.black == g.task.black);
        CHECK(back.result.moves == g.result.moves);
        CHECK(back.result.winner == g.result.winner);
        CHECK(back.result.openingPlies == 2);
        CHECK(back.task.opening == g.task.opening);
        CHECK(back.result.longestSeconds[0] == Approx(g.result.longestSeconds[0]).margin(1e-6));
        for (int side = 0; side < 2; ++side) {
            REQUIRE(back.result.moveSeconds[side].size() == g.result.moveSeconds[side].size());
            for (std::size_t k = 0; k < g.result.moveSeconds[side].size(); ++k)
                CHECK(back.result.moveSeconds[side][k] == Approx(g.result.moveSeconds[side][k]).margin(1e-6));
        }
    }
    CHECK_THROWS_AS(parseGameJsonLine("{\"game\": 1}", ps), std::invalid_argument);
    CHECK_THROWS_AS(parseGameJsonLine("not json", ps), std::invalid_argument);
    const std::string settings = settingsJson(true, ps, options);
    CHECK_THAT(settings, Catch::Contains("\"spec\": \"random:3\""));
    CHECK(shellQuote("it's") == "'it'\\''s'");
}

TEST_CASE("SPRT: the log-likelihood ratio and Wald's bounds", "[match][sprt]") {
    const SprtBounds b = parseSprtBounds("0,50");
    CHECK(b.elo0 == 0);
    CHECK(b.elo1 == 50);
    // By hand: s0 = 0.5, s1 = 1 / (1 + 10^-0.125) = 0.571463; 60-20-20 is 70 points for, 30 against:
    // LLR = 70 ln(1.142926) + 30 ln(0.857074) = 70 x 0.133592 - 30 x 0.154226 = 4.7247.
    const SprtStatus st = sprtStatus(60, 20, 20, b);
    CHECK(st.llr == Approx(4.7247).epsilon(0.001));
    CHECK(st.lower == Approx(std::log(0.05 / 0.95)));
    CHECK(st.upper == Approx(std::log(0.95 / 0.05)));
    CHECK(st.verdict == SprtVerdict::kH1);
    CHECK_THAT(sprtLine(st, b, "new"), Catch::Contains("H1 accepted: new is stronger by 50 Elo"));
    // An even score is evidence for H0 = 0 Elo over H1 = 50: each win and loss adds 0.133592 - 0.154226.
    const SprtStatus even = sprtStatus(40, 0, 40, b);
    CHECK(even.llr == Approx(40 * (0.133592 - 0.154226)).epsilon(0.001));
    CHECK(even.verdict == SprtVerdict::kContinue);
    CHECK(sprtStatus(100, 0, 100, b).verdict == SprtVerdict::kContinue);  // LLR -2.06
    CHECK(sprtStatus(150, 0, 150, b).verdict == SprtVerdict::kH0);       // LLR -3.10
    CHECK(sprtStatus(0, 0, 0, b).verdict == SprtVerdict::kContinue);
    CHECK(sprtStatus(2, 0, 0, b).verdict == SprtVerdict::kContinue);  // two wins decide nothing (LLR 0.27)
    CHECK(sprtStatus(30, 0, 0, b).verdict == SprtVerdict::kH1);       // thirty do (LLR 4.0)
    for (const char* bad : {"", "30", "30,0", "0,0", "a,b", "0,30x", "0,5000", "nan,3"})
        CHECK_THROWS_AS(parseSprtBounds(bad), std::invalid_argument);
}

TEST_CASE("SPRT: a decided test keeps its verdict while the running games come in", "[match][sprt]") {
    SprtTest test(parseSprtBounds("0,50"));
    // Each win adds ln(1.142926) = 0.133592: 22 wins are 2.939, under the bound 2.944; 23 cross it.
    for (int i = 0; i < 22; ++i) test.add(1.0);
    CHECK_FALSE(test.decided());
    test.add(1.0);
    REQUIRE(test.decided());
    CHECK(test.decision().verdict == SprtVerdict::kH1);
    CHECK(test.decidedAfter() == 23);
    test.add(0.0);  // a game that was running: the ratio falls back inside the bounds
    CHECK(test.now().verdict == SprtVerdict::kContinue);
    CHECK(test.decided());
    CHECK(test.decision().verdict == SprtVerdict::kH1);
    CHECK(test.decidedAfter() == 23);
}

TEST_CASE("a stopped game pool plays no more games and returns only those played", "[match][sprt]") {
    MatchOptions options;
    options.sizes = {6};
    options.games = 8;
    options.seed = 7;
    options.openingPlies = 2;
    const auto ps = players({"greedy", "random:3"});
    const auto tasks = scheduleGames(2, options);
    int finished = 0;
    std::map<int, std::string> seen;  // each game's moves as the finished-game callback saw them
    const auto games = runGames(ps, tasks, options, {},
                                [&](const GameRecord& g) {
                                    ++finished;
                                    seen[g.task.index] = compactMoveList(g.result.moves);
                                },
                                [&] { return finished >= 3; });
    CHECK(games.size() == 3);
    CHECK(finished == 3);
    for (std::size_t i = 0; i < games.size(); ++i) {
        CHECK(games[i].task.index == static_cast<int>(i));
        // Each game keeps its moves when the played ones are gathered: the report tells repeats by them.
        CHECK(games[i].result.moves.size() > 4);
        CHECK(compactMoveList(games[i].result.moves) == seen[static_cast<int>(i)]);
        CHECK(games[i].duplicateOf < 0);
    }
}

TEST_CASE("the match table gives each player's CPU per move before the last 20 empties", "[match]") {
    MatchOptions options;
    options.sizes = {8};
    options.games = 2;
    const auto ps = players({"greedy", "random:1"});
    const auto games = runGames(ps, scheduleGames(2, options), options);
    const std::string table = matchSummary(ps, games, options);
    // An 8x8 game from the start has 60 empties: each side makes 20 moves with more than 20 left (40
    // moves in all from 60 to 21 empties) unless a pass comes first.
    CHECK_THAT(table, Catch::Contains("CPU per 8x8 move with more than 20 empty squares: greedy mean"));
    const auto at = table.find("greedy mean");
    const auto movesAt = table.find(" moves)", at);
    const int moves = std::stoi(table.substr(table.rfind('(', movesAt) + 1));
    CHECK(moves >= 36);
    CHECK(moves <= 40);
}
