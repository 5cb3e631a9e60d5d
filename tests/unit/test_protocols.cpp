#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "programs/gtp.hpp"
#include "platform/line_reader.hpp"
#include "platform/cpu_clock.hpp"
#include "programs/nboard.hpp"

using namespace reversi;

namespace {

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::string gtp(const std::string& script) {
    std::istringstream in(script);
    std::ostringstream out;
    GtpOptions options;
    options.depth = 2;
    runGtp(in, out, options);
    return out.str();
}

std::string nboard(const std::string& script, double moveTime = 0.2) {
    std::istringstream in(script);
    std::ostringstream out;
    NBoardOptions options;
    options.moveTime = moveTime;
    runNBoard(in, out, options);
    return out.str();
}

}  // namespace

TEST_CASE("GTP: administrative commands, ids and errors", "[protocols]") {
    const std::string out = gtp(
        "protocol_version\n7 name\nknown_command genmove\nknown_command fly\nboardsize 5\nboardsize 28\n"
        "boardsize 4\nplay b b1\nplay b b1\nplay x b1\nfoo\nundo\nundo\nquit\nname\n");
    CHECK(out ==
          "= 2\n\n=7 reversi\n\n= true\n\n= false\n\n? unacceptable size\n\n? unacceptable size\n\n=\n\n=\n\n"
          "? illegal move\n\n? syntax error\n\n? unknown command\n\n=\n\n? cannot undo\n\n=\n\n");
}

TEST_CASE("GTP: a whole 4x4 game by genmove, with passes, to the end", "[protocols]") {
    std::string script = "boardsize 4\nclear_board\n";
    for (int i = 0; i < 14; ++i) script += "genmove black\ngenmove white\n";
    script += "final_score\nshowboard\nquit\n";
    const auto out = lines(gtp(script));
    int moves = 0, passes = 0;
    std::string finalScore;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i] == "= pass") ++passes;
        else if (out[i].size() == 4 && out[i][0] == '=' && out[i][2] >= 'a' && out[i][2] <= 'd') ++moves;
        if (out[i].rfind("= B+", 0) == 0 || out[i].rfind("= W+", 0) == 0 || out[i] == "= 0") finalScore = out[i];
    }
    CHECK(moves <= 12);
    CHECK(moves + passes == 28);  // the game ends; every later genmove passes
    CHECK(passes >= 2);
    CHECK_FALSE(finalScore.empty());
    // showboard: a full 4x4 board (or a finished one) after the header.
    const std::string text = gtp(script);
    CHECK(text.find("    a b c d\n  1 ") != std::string::npos);
}

TEST_CASE("GTP: play and pass by explicit vertices, undo restores", "[protocols]") {
    const std::string out = gtp("boardsize 4\nplay black b1\nplay white pass\nshowboard\nundo\nundo\nshowboard\n");
    CHECK(out.find("? illegal move") != std::string::npos);  // white has a move: it cannot pass
    CHECK(out.find("  1 . X . .") != std::string::npos);
    CHECK(out.find("  1 . . . .") != std::string::npos);
}

TEST_CASE("NBoard: a scripted session", "[protocols]") {
    const auto out = lines(nboard(
        "nboard 2\nset depth 3\n"
        "set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[0]TY[8]BO[8 "
        "---------------------------O*------*O--------------------------- *]B[F5//0.01]W[F6];)\n"
        "some unknown line\nping 1\ngo\nhint 2\nquit\nping 2\n"));
    REQUIRE(out.size() >= 6);
    CHECK(out[0] == "set myname reversi");
    CHECK(out[1] == "pong 1");
    std::string reply;
    int searches = 0;
    for (const auto& l : out) {
        if (l.rfind("=== ", 0) == 0) reply = l;
        if (l.rfind("search ", 0) == 0) ++searches;
        CHECK(l != "pong 2");  // after quit
    }
    REQUIRE(reply.size() >= 6);
    // Black to move after f5 f6: e6, f4 or d3... any legal move, with eval and time.
    CHECK(reply.find('/') == 6);
    CHECK(searches == 2);
}

TEST_CASE("NBoard: passes and the end of the game", "[protocols]") {
    // a1 white, b1 black, black to move: black must pass; white then takes c1 and the game is over.
    const std::string bo = "O*" + std::string(62, '-');
    const auto out = lines(nboard("nboard 2\nset depth 2\nset game (;GM[Othello]BO[8 " + bo +
                                  " *];)\ngo\nmove PA\ngo\nmove c1\ngo\nping 3\n"));
    std::vector<std::string> replies;
    for (const auto& l : out)
        if (l.rfind("=== ", 0) == 0) replies.push_back(l);
    REQUIRE(replies.size() == 3);
    CHECK(replies[0] == "=== PA");
    CHECK(replies[1].rfind("=== c1/", 0) == 0);  // the only move
    CHECK(replies[2] == "=== PA");
    CHECK(out.back() == "pong 3");
}

TEST_CASE("NBoard: an exact endgame move (FFO #1)", "[protocols]") {
    std::string obf = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";
    for (char& c : obf)
        if (c == 'X') c = '*';
    // 10 s of CPU at most: a correct build solves it in milliseconds, a sanitizer build on a loaded
    // machine in a tenth of a second, which a 0.2 s budget would cut into.
    const auto out = lines(nboard("nboard 2\nset depth 10\nset game (;GM[Othello]BO[8 " + obf + " *];)\ngo\n", 10.0));
    bool found = false;
    for (const auto& l : out)
        if (l.rfind("=== g8/18.00/", 0) == 0) found = true;
    CHECK(found);
}

TEST_CASE("NBoard: set depth is a level, a maximum depth under the time", "[protocols]") {
    // 30 empties: `set depth 2` answers each hint from a search of at most 2 plies after the move.
    const std::string game = "set game (;GM[Othello]BO[8 --O-O-----OOOO--**O-OOOO-O**OO--O***OO--*-*-O*-----**O*-------O* *];)\n";
    const auto out = lines(nboard("nboard 2\nset depth 2\n" + game + "hint 3\nping 1\n", 2.0));
    int searches = 0;
    for (const auto& l : out) {
        if (l.rfind("search ", 0) != 0) continue;
        ++searches;
        std::istringstream words(l);
        std::string word, move, eval, zero;
        int depth = 0;
        words >> word >> move >> eval >> zero >> depth;
        CHECK(depth >= 1);
        CHECK(depth <= 2);
        CHECK(l.find("@100%") == std::string::npos);  // 30 empties: no solve at this level
    }
    for (const auto& l : out) CHECK(l.rfind("status only", 0) != 0);  // the position was taken
    CHECK(searches == 3);
    CHECK(out.back() == "pong 1");
}

TEST_CASE("GTP: time_settings and time_left shorten genmove within the move time", "[protocols][time]") {
    const auto cpuOf = [](const std::string& script, std::string& out, double moveTime = 10.0) {
        std::istringstream in(script);
        std::ostringstream text;
        GtpOptions options;
        options.moveTime = moveTime;  // 10 s: a move could take seconds (the target: 6 s), only the clock keeps it short
        const CpuStopwatch clock;
        runGtp(in, text, options);
        out = text.str();
        return clock.elapsed();
    };
    std::string out;
    cpuOf("name\nquit\n", out);  // the engine's one-off start (weights decoded) outside the measurements
    // What a session costs besides its moves' searches (the engine's tables made, its first search set
    // up: 0.1 s here, several times that in the sanitizer build): one 10 ms move. Each check below is of
    // the time beyond it, so it holds on a slow build and fails by seconds when the clock is ignored.
    const double setUp = cpuOf("boardsize 8\ngenmove black\nquit\n", out, 0.01);
    // 0.3 s left in main time for Black's ~30 moves: about 8 ms a move.
    const double mainTime = cpuOf("boardsize 8\ntime_settings 600 0 0\ntime_left black 0.3 0\ngenmove black\nquit\n", out);
    CHECK(mainTime - setUp < 0.5);
    CHECK(out.find("? ") == std::string::npos);
    // Byo-yomi: 1 s for 10 stones, 80 ms a move; three moves in well under a second.
    const double byoYomi = cpuOf("boardsize 8\ntime_settings 0 1 10\ntime_left black 1 10\ngenmove black\n"
                                 "genmove white\ngenmove black\nquit\n", out);
    CHECK(byoYomi - setUp < 1.0);
    // Main time running out during a move moves the clock into byo-yomi: the next moves stay short.
    const double intoByoYomi = cpuOf("boardsize 8\ntime_settings 0.001 1 10\ngenmove black\ngenmove white\n"
                                     "genmove black\nquit\n", out);
    CHECK(intoByoYomi - setUp < 1.0);
    CHECK(out.find("? ") == std::string::npos);
    // Bad clocks are refused, and the session goes on.
    cpuOf("time_settings 1 x 0\ntime_left purple 3 0\ntime_settings -1 0 0\nname\n", out);
    CHECK(out == "? syntax error\n\n? syntax error\n\n? syntax error\n\n= reversi\n\n");
}

TEST_CASE("NBoard: the GGF game clock shortens the moves when it runs low", "[protocols]") {
    // Black has used 59.9 s of a 1-minute clock over its two moves: about 0.1 s left for 29 moves,
    // so its move comes at once although the move time allows 5 s.
    const std::string game = "set game (;GM[Othello]TI[1:00]BO[8 ---------------------------O*------*O---------------------------"
                             " *]B[F5//30.0]W[F6//1.0]B[E6//29.9]W[F4//1.0];)\n";
    // Two searches: the first also makes the engine's tables (a tenth of a second here, more in the
    // sanitizer build), so the second's time is the clock's alone.
    const auto out = lines(nboard("nboard 2\n" + game + "go\n" + game + "go\nping 1\n", 5.0));
    std::string reply;
    int replies = 0;
    for (const auto& l : out)
        if (l.rfind("=== ", 0) == 0) reply = l, ++replies;
    CHECK(replies == 2);
    REQUIRE(reply.size() > 7);
    const double seconds = std::stod(reply.substr(reply.rfind('/') + 1));
    CHECK(seconds < 0.5);
    // No clock: the same position may take its time (a search that stops by itself also passes).
    const std::string untimed = "set game (;GM[Othello]BO[8 ---------------------------O*------*O---------------------------"
                                " *]B[F5]W[F6]B[E6]W[F4];)\n";
    CHECK(lines(nboard("nboard 2\n" + untimed + "go\nping 2\n", 0.3)).back() == "pong 2");
}

TEST_CASE("Lines are read in bounded memory: an over-long line is cut, the next is intact", "[protocols]") {
    std::istringstream in(std::string(100000, 'x') + "\r\nshort\r\nlast-without-newline");
    std::string line;
    REQUIRE(readBoundedLine(in, line, 1000));
    CHECK(line == std::string(1000, 'x'));
    REQUIRE(readBoundedLine(in, line, 1000));
    CHECK(line == "short");
    REQUIRE(readBoundedLine(in, line, 1000));
    CHECK(line == "last-without-newline");
    CHECK_FALSE(readBoundedLine(in, line, 1000));
}

TEST_CASE("GTP and NBoard: a 1 MB line is rejected and the session goes on", "[protocols]") {
    const std::string junk(1 << 20, 'a');
    const auto g = lines(gtp("1 " + junk + "\n2 name\n"));
    REQUIRE(g.size() >= 4);
    CHECK(g[0].rfind("?1 ", 0) == 0);
    CHECK(g[2] == "=2 reversi");
    const auto n = lines(nboard("nboard 2\n" + junk + "\nping 7\n"));
    REQUIRE_FALSE(n.empty());
    CHECK(n.back() == "pong 7");
}
