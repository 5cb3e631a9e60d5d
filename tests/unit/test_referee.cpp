// The referee: built-in players, then external programs that speak the lab protocol, including
// deliberately broken ones (tests/players/lab_player.py MODE), each of which must lose with the reason.
#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "rules/board.hpp"
#include "eval/evaluate.hpp"
#include "players/greedy.hpp"
#include "arena/referee.hpp"
#include "rules/game_record.hpp"
#include "rules/notation.hpp"
#include "scratch_files.hpp"

using namespace reversi;

namespace {
std::string playerScript() { return REVERSI_TEST_PLAYERS "/lab_player.py"; }
PlayerSpec external(const std::string& mode) { return parsePlayer("cmd:python3 " + playerScript() + " " + mode); }

// Replays a result's moves by the rules and checks the recorded disc counts.
void checkReplay(const GameResult& r) {
    Board board(r.size);
    char turn = kBlack;
    for (const Move m : r.moves) {
        if (!board.hasLegalMove(turn)) turn = opponentOf(turn);
        REQUIRE(board.applyMove(m.row, m.col, turn) > 0);
        turn = opponentOf(turn);
    }
    if (!r.forfeitBy) CHECK(board.isGameOver());
    CHECK(board.count(kBlack) == r.blackDiscs);
    CHECK(board.count(kWhite) == r.whiteDiscs);
}
}  // namespace

TEST_CASE("player specs", "[referee]") {
    CHECK(parsePlayer("greedy").kind == PlayerKind::kGreedy);
    CHECK(parsePlayer("smartest").kind == PlayerKind::kSmartest);
    const PlayerSpec r = parsePlayer("random:17");
    CHECK((r.kind == PlayerKind::kRandom && r.hasSeed && r.seed == 17));
    const PlayerSpec p = parsePlayer("part2:time=0.2,depth=4");
    CHECK(p.kind == PlayerKind::kPart2);
    CHECK(p.engine.moveTime == Approx(0.2));
    CHECK(p.engine.maxDepth == 4);
    CHECK(p.engine.evaluation == Evaluation::kDefault);
    CHECK(parsePlayer("part2:eval=hand,time=0.1").engine.evaluation == Evaluation::kHand);
    CHECK(parsePlayer("part2:eval=default").engine.evaluation == Evaluation::kDefault);
    CHECK(parsePlayer("part2:asp=150").engine.aspiration == 150);
    CHECK_FALSE(parsePlayer("part2:mpc=off").engine.probCut);
    CHECK(parsePlayer("part2:mpc=on").engine.probCut);
    CHECK(parsePlayer("part2").engine.probCut);
    const PlayerSpec tuned = parsePlayer("part2:w.frontier.open=-26,time=0.1,w.parity=99");
    REQUIRE(tuned.weights);
    CHECK(tuned.weights->frontier.open == -26);
    CHECK(tuned.weights->parity == 99);
    CHECK(tuned.weights->mobility.open == defaultEvalWeights().mobility.open);
    const PlayerSpec e = parsePlayer("cmd:python3 'my player.py' --x");
    CHECK(e.isExternal());
    CHECK(e.argv == std::vector<std::string>{"python3", "my player.py", "--x"});
    CHECK(parsePlayer("./a.out -q").argv == std::vector<std::string>{"./a.out", "-q"});
    const PlayerSpec nb = parsePlayer("nboard:depth=12 ./edax -nboard");
    CHECK(nb.kind == PlayerKind::kNBoard);
    CHECK(nb.nboardDepth == 12);
    CHECK(nb.argv == std::vector<std::string>{"./edax", "-nboard"});
    CHECK(parsePlayer("nboard:./e").nboardDepth == 0);
    for (const char* bad : {"", "grredy", "random:x", "random:", "greedy:3", "part2:time=0", "part2:speed=3",
                            "part2:depth=-1", "part2:eval=patterns", "part2:eval=", "part2:asp=-1", "part2:w.nothing=3", "part2:mpc=maybe",
                            "part2:w.parity=x", "cmd:", "cmd:'open", "nboard:", "nboard:depth=0 ./x", "nboard:depth=61 ./x", "xyz:./a.out"})
        CHECK_THROWS_AS(parsePlayer(bad), std::invalid_argument);
}

TEST_CASE("move lists: compact and lab notation round-trip", "[referee]") {
    const std::vector<Move> moves{{4, 5}, {5, 3}, {2, 2}, {19, 25}};
    CHECK(compactMoveList(moves) == "f5d6c3z20");
    CHECK(parseMoveList("f5d6c3z20", 26) == moves);
    CHECK(parseMoveList("ef fd\ncc tz", 26) == moves);
    CHECK_THROWS_AS(parseMoveList("f5d6", 4), std::invalid_argument);
    CHECK_THROWS_AS(parseMoveList("f", 8), std::invalid_argument);
    CHECK_THROWS_AS(parseMoveList("5f", 8), std::invalid_argument);
}

TEST_CASE("built-in players: a complete, legal, reproducible game", "[referee]") {
    const PlayerSpec greedy = parsePlayer("greedy");
    const PlayerSpec smartest = parsePlayer("smartest");
    const GameResult a = playGame(smartest, greedy, 8, {}, 1, 0, {});
    const GameResult b = playGame(smartest, greedy, 8, {}, 1, 0, {});
    CHECK(a.forfeitBy == 0);
    CHECK(a.moves == b.moves);
    CHECK(a.blackDiscs == b.blackDiscs);
    checkReplay(a);
    CHECK(a.moveCount[0] + a.moveCount[1] == static_cast<int>(a.moves.size()));
    // Greedy against itself follows greedyMove at every turn.
    const GameResult g = playGame(greedy, greedy, 6, {}, 1, 0, {});
    Board board(6);
    char turn = kBlack;
    for (const Move m : g.moves) {
        if (!board.hasLegalMove(turn)) turn = opponentOf(turn);
        CHECK(greedyMove(board, turn) == m);
        board.applyMove(m.row, m.col, turn);
        turn = opponentOf(turn);
    }
    CHECK(toWire(fromWire(toWire(a))) == toWire(a));
}

TEST_CASE("random openings: seeded, legal, and played before the players", "[referee]") {
    const std::vector<Move> opening = randomOpening(8, 6, 99);
    CHECK(opening.size() == 6);
    CHECK(randomOpening(8, 6, 99) == opening);
    CHECK(randomOpening(8, 6, 100) != opening);
    const GameResult r = playGame(parsePlayer("greedy"), parsePlayer("smarter"), 8, opening, 1, 0, {});
    CHECK(r.openingPlies == 6);
    CHECK(std::vector<Move>(r.moves.begin(), r.moves.begin() + 6) == opening);
    checkReplay(r);
    CHECK_THROWS_AS(playGame(external("good"), parsePlayer("greedy"), 8, opening, 1, 0, {}), std::invalid_argument);
}

TEST_CASE("a GTP engine is sent the opening and every move in the order played, each with its colour", "[referee]") {
    // A long random opening (before, the engine was caught up by searching for any move order leading to
    // the referee's board: exponential in the moves to catch up, and another order than the game's);
    // 6x6 has passes in most games.
    const int n = GENERATE(6, 8);
    const std::string log = freshDir("gtp-log");
    const std::vector<Move> opening = randomOpening(n, n * n / 2, 5);
    const PlayerSpec engine = parsePlayer("gtp:python3 " REVERSI_TEST_PLAYERS "/gtp_player.py " + log);
    RefereeOptions unwalled;  // so that the engine can write its log where the test reads it
    unwalled.isolation = Isolation::kContainer;
    unwalled.runAs = "root";
    const GameResult r = playGame(engine, parsePlayer("greedy"), n, opening, 1, 0, unwalled);
    INFO(r.reason);
    REQUIRE_FALSE(r.forfeitBy);
    checkReplay(r);
    // What the engine must have read: each move not its own as `play`, its own as `genmove black`, up to
    // its last move (the moves after it are never sent).
    std::vector<std::string> expected;
    const Replay replay = replayGame(n, r.moves);
    for (std::size_t i = 0; i < replay.steps.size(); ++i) {
        const ReplayStep& step = replay.steps[i];
        const bool own = i >= opening.size() && step.colour == kBlack;
        expected.push_back(own ? std::string("genmove black")
                               : std::string(step.colour == kBlack ? "play black " : "play white ") +
                                     othelloNotation(step.move));
    }
    while (!expected.empty() && expected.back() != "genmove black") expected.pop_back();
    std::vector<std::string> sent;
    std::istringstream in(slurp(log));
    for (std::string line; std::getline(in, line);)
        if (line.rfind("play ", 0) == 0 || line.rfind("genmove ", 0) == 0) sent.push_back(line);
    std::remove(log.c_str());
    CHECK(r.openingPlies == n * n / 2);
    CHECK(sent == expected);
}

TEST_CASE("a built-in move over the time limit loses", "[referee]") {
    RefereeOptions options;
    options.timeLimit = 0.01;
    const GameResult r = playGame(parsePlayer("greedy"), parsePlayer("part2:time=0.3"), 8, {}, 1, 0, options);
    CHECK(r.forfeitBy == 'W');
    CHECK(r.winner == 'B');
    CHECK_THAT(r.reason, Catch::Contains("over the limit"));
    CHECK(r.faultCode == "TLE");
    // The move over the limit is timed (White's last) though not played.
    REQUIRE(r.moveSeconds[1].size() == static_cast<std::size_t>(r.moveCount[1]));
    CHECK(r.moveSeconds[1].back() > options.timeLimit);
    CHECK(r.moveSeconds[1].back() == r.longestSeconds[1]);
}

TEST_CASE("external program: a correct lab program plays a full game", "[referee]") {
    // The script plays Part 1's greedy: its games against greedy are greedy-against-greedy games.
    for (const int n : {4, 6, 8}) {
        const GameResult asBlack = playGame(external("good"), parsePlayer("greedy"), n, {}, 1, 0, {});
        const GameResult asWhite = playGame(parsePlayer("greedy"), external("good"), n, {}, 1, 0, {});
        const GameResult reference = playGame(parsePlayer("greedy"), parsePlayer("greedy"), n, {}, 1, 0, {});
        INFO("n=" << n << " " << asBlack.reason << asWhite.reason);
        CHECK(asBlack.forfeitBy == 0);
        CHECK(asWhite.forfeitBy == 0);
        CHECK(asBlack.moves == reference.moves);
        CHECK(asWhite.moves == reference.moves);
        CHECK(asBlack.moveCount[0] > 0);
    }
    // Two external programs against each other.
    const GameResult both = playGame(external("good"), external("good"), 6, {}, 1, 0, {});
    CHECK(both.forfeitBy == 0);
    checkReplay(both);
}

TEST_CASE("external program: each kind of misbehaviour loses with its reason", "[referee]") {
    // Only "sleep" tests the wall limit; the others get a generous one, since on a loaded machine a
    // Python start-up or 0.2 s of CPU can take well over a second of wall time.
    const struct {
        const char* mode;
        const char* reason;
        double wallLimit;
        const char* code;  // the fault's kind (GameResult::faultCode)
    } cases[] = {
        {"illegal", "illegal move", 20.0, "IM"},
        {"wrongboard", "wrong output for the board after its move", 20.0, "OUTPUT"},
        {"exit", "exited with status 3", 20.0, "CRASH"},
        {"crash", "crashed (signal 11", 20.0, "CRASH"},
        {"sleep", "over the wall-clock limit: its move not complete after 3.0 s", 3.0, "TLE"},
        {"spin", "over the time limit", 20.0, "TLE"},
        {"slow", "over the time limit", 20.0, "TLE"},
        {"wrongresult", "wrong output for the result line", 20.0, "OUTPUT"},
        {"chatty", "wrong output", 20.0, "OUTPUT"},
    };
    for (const auto& c : cases) {
        RefereeOptions options;
        options.timeLimit = 0.2;
        options.wallLimit = c.wallLimit;
        for (const char colour : {kBlack, kWhite}) {
            const PlayerSpec broken = external(c.mode);
            const PlayerSpec greedy = parsePlayer("greedy");
            const GameResult r = colour == kBlack ? playGame(broken, greedy, 6, {}, 1, 0, options)
                                                  : playGame(greedy, broken, 6, {}, 1, 0, options);
            INFO(c.mode << " as " << colour << ": " << r.reason);
            CHECK(r.forfeitBy == colour);
            CHECK(r.winner == opponentOf(colour));
            CHECK_THAT(r.reason, Catch::Contains(c.reason));
            CHECK(r.faultCode == c.code);
        }
    }
}

TEST_CASE("external program: one that cannot be started loses", "[referee]") {
    const GameResult r =
        playGame(parsePlayer("cmd:/nonexistent/program"), parsePlayer("greedy"), 8, {}, 1, 0, {});
    CHECK(r.forfeitBy == 'B');
    CHECK_THAT(r.reason, Catch::Contains("cannot run"));
    CHECK(r.faultCode == "CRASH");
}
