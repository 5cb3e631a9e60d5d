// Hostile peers: external players that hang, flood, close their pipes or die by signals must lose the
// game with a reason, within the referee's limits, with no process of theirs left; the text protocols
// survive malformed and oversized lines; saving on a full disk fails with a message and never leaves a
// half-written file. (Programs that cheat the referee, one each: tests/hostile/defects.py.)
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "rules/game_record.hpp"
#include "programs/grade_program.hpp"
#include "programs/gtp.hpp"
#include "programs/nboard.hpp"
#include "arena/game_pool.hpp"
#include "arena/referee.hpp"
#include "machine_pause.hpp"
#include "process_table.hpp"

using namespace reversi;

namespace {

struct Outcome {
    GameResult result;
    double seconds;
};

// The hostile program plays `colour` against greedy on 6x6; limits: 0.5 s CPU per move, 3 s silence.
Outcome playHostile(const std::string& mode, char colour, const std::string& tag) {
    const PlayerSpec hostile = parsePlayer(std::string("cmd:python3 ") + REVERSI_HOSTILE_PLAYER + " " + mode + " " + tag);
    const PlayerSpec greedy = parsePlayer("greedy");
    RefereeOptions options;
    options.timeLimit = 0.5;
    options.wallLimit = 3.0;  // start-up and the sandbox included: a loaded machine needs the margin
    const auto start = std::chrono::steady_clock::now();
    GameResult r = colour == kBlack ? playGame(hostile, greedy, 6, {}, 1, 0, options)
                                    : playGame(greedy, hostile, 6, {}, 1, 0, options);
    return {r, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

// `code`: the fault's kind (GameResult::faultCode).
void expectForfeit(const std::string& mode, char colour, const std::string& reason, const std::string& code) {
    const std::string tag = uniqueTag("hostile-" + mode);
    const Outcome o = playHostile(mode, colour, tag);
    CHECK(processesGone(tag));
    INFO(mode << " as " << colour << ": " << o.result.reason << " after " << o.seconds << " s");
    CHECK(o.result.forfeitBy == colour);
    CHECK(o.result.winner == opponentOf(colour));
    CHECK_THAT(o.result.reason, Catch::Contains(reason));
    CHECK(o.result.faultCode == code);
    // Never stuck: at most a silence limit to notice, another to reap, plus start-up.
    CHECK(o.seconds < 15);
}

}  // namespace

// The pause tests' limits. The helper may stop a program while Python is still starting, so the
// program's own time after the pause is the 0.3 s its referee runs alone, the rest of its start-up and
// its 0.5 s sleep: about 1.2 s here, more on a busy machine, so the wall limit is 3 s; a referee that
// charged the pause would count 5 s more and fail.
constexpr double kPause = 5.0, kWallLimit = 3.0;

// A loaded CI machine's stall, a paused virtual machine or a stopped run (Ctrl-Z) froze the referee and
// its program together; the referee woke first, read its clock and charged the program with a TLE.
TEST_CASE("wall-clock limit: a pause of the whole machine is no program's time", "[hostile]") {
    const std::string tag = uniqueTag("hostile-slowstart");
    const PlayerSpec slow = parsePlayer(std::string("cmd:python3 ") + REVERSI_HOSTILE_PLAYER + " slowstart " + tag);
    RefereeOptions options;
    options.timeLimit = 0.5;
    options.wallLimit = kWallLimit;
    const pid_t helper = pauseMachineLater(tag, kPause);  // while the referee waits for its dimension prompt
    const GameResult r = playGame(slow, parsePlayer("greedy"), 4, {}, 1, 0, options);
    int status = 0;
    waitpid(helper, &status, 0);
    REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));  // the pause happened
    INFO(r.reason);
    CHECK(r.forfeitBy == 0);
    CHECK(r.blackDiscs + r.whiteDiscs > 4);
    CHECK(processesGone(tag));
}

// A match's scheduler watches its game workers the same way: stopped together longer than it waits for
// a silent worker (10 * 0.2 + 3 + 20 = 25 s), it woke first and killed the worker as hung, and the
// game was lost as a referee failure.
TEST_CASE("match workers: a pause of the whole machine is no worker's silence", "[hostile]") {
    const std::string tag = uniqueTag("hostile-poolpause");
    const PlayerSpec slow = parsePlayer(std::string("cmd:python3 ") + REVERSI_HOSTILE_PLAYER + " slowstart " + tag);
    MatchOptions options;
    options.referee.timeLimit = 0.2;
    options.referee.wallLimit = kWallLimit;
    GameTask task;
    task.size = 4;
    task.black = 0;
    task.white = 1;
    const pid_t helper = pauseMachineLater(tag, 27.0, false, true);
    const std::vector<GameRecord> games = runGames({slow, parsePlayer("greedy")}, {task}, options);
    int status = 0;
    waitpid(helper, &status, 0);
    REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));  // the pause happened
    REQUIRE(games.size() == 1);
    INFO(games[0].result.reason);
    CHECK_FALSE(games[0].result.refereeFailed);
    CHECK(games[0].result.forfeitBy == 0);
    CHECK(processesGone(tag));
}

// The wait for a program's exit after the end of its output is counted the same way: a pause there
// turned a crash into "closed its pipes but did not exit (killed)", a TLE.
TEST_CASE("wall-clock limit: a pause of the whole machine while a program exits is not its lingering", "[hostile]") {
    setenv("REVERSI_SANDBOX", "nobwrap", 1);  // the end of its output is seen at once (bubblewrap holds it)
    const std::string tag = uniqueTag("hostile-closeexit");
    const PlayerSpec program = parsePlayer(std::string("cmd:python3 ") + REVERSI_HOSTILE_PLAYER + " closeexit " + tag);
    RefereeOptions options;
    options.wallLimit = kWallLimit;
    const pid_t helper = pauseMachineLater(tag, kPause, true);  // while the referee waits for its exit
    const GameResult r = playGame(program, parsePlayer("greedy"), 4, {}, 1, 0, options);
    unsetenv("REVERSI_SANDBOX");
    int status = 0;
    waitpid(helper, &status, 0);
    REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    INFO(r.reason);
    CHECK(r.forfeitBy == kBlack);
    CHECK(r.faultCode == "CRASH");
    CHECK_THAT(r.reason, Catch::Contains("exited with status 3"));
    CHECK(processesGone(tag));
}

// The grader's runs of a lab program (Lab 6, Part 1: one input, one output, one exit) count their
// wall-clock time the same way: a pause of the machine while the program works or exits is not its.
TEST_CASE("grading runs: a pause of the whole machine is no program's time", "[hostile]") {
    setenv("REVERSI_SANDBOX", "nobwrap", 1);  // the end of its output is seen at once (bubblewrap holds it)
    const bool whileExiting = GENERATE(false, true);
    const std::string tag = uniqueTag("hostile-gradepause");
    const std::string script = whileExiting ? "import os,time; print('done', flush=True); os.close(1); time.sleep(0.5)"
                                            : "import time; time.sleep(0.5); print('done')";
    const pid_t helper = pauseMachineLater(tag, kPause, whileExiting);
    const Run run = runSandboxed({"python3", "-c", script, tag}, "", SandboxOptions{}, 5, kWallLimit, 1 << 20);
    unsetenv("REVERSI_SANDBOX");
    int status = 0;
    waitpid(helper, &status, 0);
    REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));  // the pause happened
    INFO(exitText(run));
    CHECK_FALSE(run.wallExceeded);
    CHECK(run.exited);
    CHECK(run.output == "done\n");
    CHECK(exitText(run).empty());
    CHECK(run.wall < kWallLimit);
    CHECK(processesGone(tag));
}

// On a loaded machine the referee can be held up between a read that finds no output and its check of
// whether the program has exited, long enough for the program to print its last words and exit: the
// referee took its output to have ended, and a correct program lost by CRASH ("exited with status 0
// while the referee expected the board after the opponent's move dd"). testlateexit holds it up there.
TEST_CASE("referee: a program's last words count when it exits before the referee looks again", "[hostile]") {
    const std::string tag = uniqueTag("hostile-lastwords");
    const PlayerSpec slow = parsePlayer(std::string("cmd:python3 ") + REVERSI_HOSTILE_PLAYER + " slowanswer " + tag);
    RefereeOptions options;
    options.wallLimit = 10;
    setenv("REVERSI_SANDBOX", "testlateexit", 1);
    const GameResult r = playGame(slow, parsePlayer("greedy"), 4, {}, 1, 0, options);
    unsetenv("REVERSI_SANDBOX");
    INFO(r.reason);
    CHECK(r.forfeitBy == 0);
    CHECK(r.blackDiscs + r.whiteDiscs > 4);
    CHECK(processesGone(tag));
}

TEST_CASE("hostile player: never prints anything (killed at the wall-clock limit)", "[hostile]") {
    expectForfeit("hang", kBlack, "wall-clock limit: the dimension prompt not complete after 3.0 s", "TLE");
}

TEST_CASE("hostile player: prints megabytes instead of a move", "[hostile]") {
    expectForfeit("flood", kBlack, "wrong output", "OUTPUT");
    expectForfeit("flood", kWhite, "wrong output", "OUTPUT");
    expectForfeit("floodmatch", kBlack, "malformed move line", "OUTPUT");
}

TEST_CASE("hostile player: closes its output early and stays alive", "[hostile]") {
    // Inside bubblewrap, bubblewrap's own processes hold the program's output open until the program
    // exits, so the referee sees no end of file: the wall-clock limit ends it (docs/sandbox.md).
    expectForfeit("closeout", kBlack, "over the wall-clock limit", "TLE");
    expectForfeit("closein", kWhite, "", "TLE");  // killed at the wall-clock limit, sandboxed or not
    setenv("REVERSI_SANDBOX", "nobwrap", 1);  // --isolation container: the end of file is seen at once
    expectForfeit("closeout", kBlack, "closed its pipes but did not exit", "TLE");
    unsetenv("REVERSI_SANDBOX");
}

TEST_CASE("hostile player: dies by a signal", "[hostile]") {
    expectForfeit("kill9", kBlack, "signal 9", "CRASH");
    expectForfeit("abort", kBlack, "signal 6", "CRASH");
    expectForfeit("term", kWhite, "signal 15", "CRASH");
}

TEST_CASE("hostile player: ignores SIGTERM and SIGINT, or leaves a child holding its output", "[hostile]") {
    expectForfeit("ignoreterm", kBlack, "wall-clock limit", "TLE");
    // Its own exit ends its output, whoever still holds the pipe; the child is killed with the game.
    expectForfeit("fork", kBlack, "exited with status 0 while the referee expected its move", "CRASH");
}

TEST_CASE("GTP survives malformed and oversized lines", "[hostile][gtp]") {
    std::string input = "boardsize 8\n" + std::string(4 << 20, 'x') + "\n";
    static const char kControl[] = "\x00\x01\xff garbage \x7f\n";
    input += std::string(kControl, sizeof kControl - 1);
    input += "play\nplay b\nplay b z99\nplay q d3\nboardsize -4\nboardsize 99999999999999999999\ngenmove\n";
    input += "7 name\n\n\n   \t \n# comment\n";
    input += std::string(1 << 15, ' ') + "8 protocol_version\n";  // long, but under the 64 KiB line cap
    input += "9 play b d3\n10 genmove w\nquit\n";
    std::istringstream in(input);
    std::ostringstream out;
    GtpOptions options;
    options.moveTime = 0.05;
    options.depth = 2;
    CHECK(runGtp(in, out, options) == 0);
    const std::string replies = out.str();
    CHECK_THAT(replies, Catch::Contains("=7 reversi") || Catch::Contains("=7 "));
    CHECK_THAT(replies, Catch::Contains("=8 2"));
    CHECK_THAT(replies, Catch::Contains("=9"));
    CHECK_THAT(replies, Catch::Contains("=10 "));
    CHECK(replies.size() < 10000);  // the flood is not echoed back
}

TEST_CASE("NBoard survives malformed and oversized lines", "[hostile][nboard]") {
    std::string input = "nboard 2\nset depth 2\n" + std::string(4 << 20, 'y') + "\n";
    input += "set game (;GM[Othello]BO[8 ---\nset game " + std::string(1 << 20, '[') + "\n";
    input += "set game (;BO[8 " + std::string(64, '-') + " *]B[Z9];)\nmove Q1\nmove\nset depth -5\nset depth 99999999999\n";
    input += std::string("\x00\xff\r\n", 4) + "hint x\nping 41\n";
    input += "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)\n";
    input += "go\nping 42\nquit\n";
    std::istringstream in(input);
    std::ostringstream out;
    NBoardOptions options;
    options.moveTime = 0.05;
    CHECK(runNBoard(in, out, options) == 0);
    const std::string replies = out.str();
    CHECK_THAT(replies, Catch::Contains("pong 41"));
    CHECK_THAT(replies, Catch::Contains("=== "));
    CHECK_THAT(replies, Catch::Contains("pong 42"));
    CHECK(replies.size() < 10000);
}

TEST_CASE("saving on a full disk: an error, the old file intact, no temporary file left", "[hostile][save]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("reversi-fulldisk-" + std::to_string(getpid()));
    fs::remove_all(dir);  // an earlier run's leftovers under a reused process number
    fs::create_directories(dir);
    const std::string path = (dir / "game.txt").string();
    { std::ofstream(path) << "8 f5d6\n"; }
    // A child process whose files cannot grow past 64 bytes: writes fail as on a full disk (EFBIG).
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit{64, 64};
        setrlimit(RLIMIT_FSIZE, &limit);
        int status = 0;
        try {
            writeFileAtomically(path, "8 " + std::string(100000, 'x') + "\n");
            status = 1;  // it should have failed
        } catch (const std::runtime_error&) {
            status = 0;
        } catch (...) {
            status = 2;
        }
        _exit(status);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == "8 f5d6\n");
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        INFO(entry.path().string());
        ++files;
    }
    CHECK(files == 1);
    fs::remove_all(dir);
}
