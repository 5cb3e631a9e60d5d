// Fault codes and the CPU time of each move: every way a game is lost names its kind (IM, TLE, CRASH,
// OUTPUT) for GTP and NBoard engines (tiny shell scripts here; lab programs in test_referee.cpp) and for
// the referee's own workers; each move's CPU time is kept, adds up to the totals, and travels through
// the worker's wire format.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>

#include "arena/game_pool.hpp"
#include "arena/referee.hpp"
#include "scratch_files.hpp"

using namespace reversi;

namespace {

// An executable shell script named `name` in this test's scratch directory.
std::string script(const std::string& name, const std::string& body) {
    static const std::string dir = freshDir("fault-codes");
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/" + name;
    std::ofstream(path) << "#!/bin/sh\n" << body;
    chmod(path.c_str(), 0755);
    return path;
}

// A GTP engine that answers every command with success and `genmove` as `genmove` says.
PlayerSpec gtpEngine(const std::string& name, const std::string& genmove) {
    return parsePlayer("gtp:" + script(name, "while read cmd rest; do case \"$cmd\" in\n"
                                             "genmove) " + genmove + ";;\n"
                                             "quit) printf '=\\n\\n'; exit 0;;\n"
                                             "*) printf '=\\n\\n';;\nesac; done\n"));
}

// An NBoard engine that answers ping, does `go` as `go` says and ignores everything else.
PlayerSpec nboardEngine(const std::string& name, const std::string& go, const std::string& ping = "echo \"pong $rest\"") {
    return parsePlayer("nboard:" + script(name, "while read cmd rest; do case \"$cmd\" in\n"
                                                "ping) " + ping + ";;\ngo) " + go + ";;\nquit) exit 0;;\nesac; done\n"));
}

// The game of `engine` as Black against greedy; it must lose with `code` and a reason containing `reason`.
// The wall-clock limit is 3 s, room for a shell engine's start on a busy machine; a spinning engine gets
// 10 s, so that it reaches its 0.2 s of CPU first even when it has a small share of a core.
GameResult expectLoss(const PlayerSpec& engine, int n, const char* code, const char* reason, double wallLimit = 3.0) {
    RefereeOptions options;
    options.timeLimit = 0.2;
    options.wallLimit = wallLimit;
    const GameResult r = playGame(engine, parsePlayer("greedy"), n, {}, 1, 0, options);
    INFO(engine.spec << ": " << r.faultCode << " " << r.reason);
    CHECK(r.forfeitBy == 'B');
    CHECK(r.faultCode == code);
    CHECK_THAT(r.reason, Catch::Contains(reason));
    return r;
}

// Each move's CPU time is there, in order, and adds up to the total and the longest.
void checkMoveSeconds(const GameResult& r) {
    for (int side = 0; side < 2; ++side) {
        const std::vector<double>& seconds = r.moveSeconds[side];
        REQUIRE(seconds.size() == static_cast<std::size_t>(r.moveCount[side]));
        CHECK(std::accumulate(seconds.begin(), seconds.end(), 0.0) == Approx(r.totalSeconds[side]).margin(1e-9));
        const double longest = seconds.empty() ? 0 : *std::max_element(seconds.begin(), seconds.end());
        CHECK(longest == r.longestSeconds[side]);
    }
}

// The result after the worker's wire format: every field, the CPU times exactly.
void checkWire(const GameResult& r) {
    const GameResult back = fromWire(toWire(r));
    CHECK(back.forfeitBy == r.forfeitBy);
    CHECK(back.faultCode == r.faultCode);
    CHECK(back.reason == r.reason);
    CHECK(back.refereeFailed == r.refereeFailed);
    CHECK(back.moves == r.moves);
    for (int side = 0; side < 2; ++side) {
        CHECK(back.moveSeconds[side] == r.moveSeconds[side]);
        CHECK(back.moveCount[side] == r.moveCount[side]);
    }
    CHECK(toWire(back) == toWire(r));
}

}  // namespace

TEST_CASE("fault codes: a GTP engine's bad or illegal move is IM, its exit CRASH, a failed genmove OUTPUT",
          "[referee][faults]") {
    expectLoss(gtpEngine("gtp-word.sh", "printf '= zz\\n\\n'"), 4, "IM", "bad move \"zz\"");
    expectLoss(gtpEngine("gtp-pass.sh", "printf '= pass\\n\\n'"), 4, "IM", "answered \"pass\"");
    // The referee's own check; the code travels through the worker's wire.
    checkWire(expectLoss(gtpEngine("gtp-corner.sh", "printf '= a1\\n\\n'"), 4, "IM", "illegal move"));
    expectLoss(gtpEngine("gtp-exit.sh", "exit 1"), 4, "CRASH", "the GTP engine exited while answering");
    expectLoss(gtpEngine("gtp-fails.sh", "printf '? cannot\\n\\n'"), 4, "OUTPUT", "failed: ? cannot");
    expectLoss(parsePlayer("gtp:/nonexistent/engine"), 4, "CRASH", "");
}

TEST_CASE("fault codes: an NBoard engine that spins or sleeps is TLE, a move word that names no square IM",
          "[referee][faults]") {
    expectLoss(nboardEngine("nb-spin.sh", "while :; do :; done"), 8, "TLE", "CPU time", 10.0);
    expectLoss(nboardEngine("nb-sleep.sh", "sleep 5"), 8, "TLE", "no move within the wall-clock limit");
    // Its pong spaced otherwise still starts the game (a TLE at the ping if it did not).
    expectLoss(nboardEngine("nb-word.sh", "echo '=== Q9'", "echo \" pong  $rest \""), 8, "IM", "bad move");
    // The game starts once the engine has answered `ping 1` (after `nboard 2`).
    expectLoss(nboardEngine("nb-noping.sh", "echo '=== F5'", ":"), 8, "TLE", "no pong to ping 1");
    expectLoss(nboardEngine("nb-pingexit.sh", "echo '=== F5'", "exit 0"), 8, "CRASH", "exited before answering ping 1");
}

TEST_CASE("fault codes: a game whose worker fails is a CRASH of the side to move", "[referee][faults]") {
    // An opening the referee refuses makes the worker report an error instead of a result.
    MatchOptions options;
    GameTask task;
    task.size = 6;
    task.black = 0;
    task.white = 1;
    task.opening = {{0, 0}};
    const std::vector<GameRecord> games = runGames({parsePlayer("greedy"), parsePlayer("random:1")}, {task}, options);
    REQUIRE(games.size() == 1);
    CHECK(games[0].result.forfeitBy == 'B');
    CHECK(games[0].result.faultCode == "CRASH");
    CHECK_THAT(games[0].result.reason, Catch::Contains("referee error"));
    // No player is to blame: the leaderboard records no such game (it was recorded as a CRASH before).
    CHECK(games[0].result.refereeFailed);
    checkWire(games[0].result);
}

TEST_CASE("a game's worker waiting on a slow program through a long turn is not taken for stuck", "[referee][faults]") {
    // Black's first turn sends a 12-ply opening as 12 `play` commands, each answered after 2.5 s, within
    // the 4 s wall limit: 30 s without a move, longer than the watchdog's 10 * 0.05 + 4 + 20 = 24.5 s,
    // which killed the worker and charged the referee before the worker reported its waits.
    MatchOptions options;
    options.referee.timeLimit = 0.05;
    options.referee.wallLimit = 4;
    GameTask task;
    task.size = 8;
    task.black = 0;
    task.white = 1;
    Board board(8);
    char turn = kBlack;
    while (task.opening.size() < 12) {
        if (!board.hasLegalMove(turn)) turn = opponentOf(turn);
        const Move m = board.legalMoves(turn).front();
        board.applyMove(m.row, m.col, turn);
        task.opening.push_back(m);
        turn = opponentOf(turn);
    }
    REQUIRE(turn == kBlack);
    const PlayerSpec slow = parsePlayer("gtp:" + script("gtp-slow-play.sh", "while read cmd rest; do case \"$cmd\" in\n"
                                                                            "play) sleep 2.5; printf '=\\n\\n';;\n"
                                                                            "genmove) printf '= zz\\n\\n';;\n"
                                                                            "quit) printf '=\\n\\n'; exit 0;;\n"
                                                                            "*) printf '=\\n\\n';;\nesac; done\n"));
    const std::vector<GameRecord> games = runGames({slow, parsePlayer("greedy")}, {task}, options);
    REQUIRE(games.size() == 1);
    INFO(games[0].result.faultCode << " " << games[0].result.reason);
    // The game reached Black's move, a bad one: the program's loss, not the referee's.
    CHECK(games[0].result.forfeitBy == 'B');
    CHECK(games[0].result.faultCode == "IM");
    CHECK_FALSE(games[0].result.refereeFailed);
}

TEST_CASE("CPU per move: one time per move of each side, adding up to the totals, through the worker's wire",
          "[referee][faults]") {
    const GameResult builtin = playGame(parsePlayer("smarter"), parsePlayer("part2:time=0.01"), 6, {}, 1, 0, {});
    CHECK(builtin.forfeitBy == 0);
    CHECK(builtin.faultCode.empty());
    CHECK(builtin.moveCount[0] + builtin.moveCount[1] == static_cast<int>(builtin.moves.size()));
    checkMoveSeconds(builtin);
    checkWire(builtin);
    const PlayerSpec lab = parsePlayer("cmd:python3 " REVERSI_TEST_PLAYERS "/lab_player.py good");
    const GameResult external = playGame(parsePlayer("greedy"), lab, 4, {}, 1, 0, {});
    CHECK(external.forfeitBy == 0);
    CHECK(external.moveCount[1] > 0);
    checkMoveSeconds(external);
    checkWire(external);
    // Through a worker process: the same fields arrive.
    MatchOptions options;
    options.sizes = {6};
    const std::vector<GameRecord> games =
        runGames({parsePlayer("greedy"), parsePlayer("smarter")}, scheduleGames(2, options), options);
    for (const GameRecord& g : games) {
        CHECK(g.result.moveCount[0] > 0);
        checkMoveSeconds(g.result);
    }
}

TEST_CASE("the wire format refuses CPU times that cannot belong to the game", "[referee][faults]") {
    GameResult r = playGame(parsePlayer("greedy"), parsePlayer("greedy"), 4, {}, 1, 0, {});
    std::string wire = toWire(r);
    const std::size_t cpu0 = wire.find(" cpu0 ");
    REQUIRE(cpu0 != std::string::npos);
    CHECK_THROWS_AS(fromWire(wire.substr(0, cpu0) + " cpu0 1000 1"), std::invalid_argument);
    CHECK_THROWS_AS(fromWire(wire.substr(0, cpu0)), std::invalid_argument);
}
