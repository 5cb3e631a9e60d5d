// The interactive game loop (play_session) on string streams, and the board rendering (terminal_view).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <string>

#include "programs/play_session.hpp"
#include "programs/terminal_view.hpp"

using namespace reversi;

namespace {

struct Run {
    int status = 0;
    std::string out, err;
};

Run play(const std::string& input, PlayOptions options) {
    std::istringstream in(input);
    std::ostringstream out, err;
    Run run;
    run.status = runPlaySession(in, out, err, options);
    run.out = out.str();
    run.err = err.str();
    return run;
}

PlayOptions humans(int size = 8) {
    PlayOptions o;
    o.size = size;
    o.black = {"human", ""};
    o.white = {"human", ""};
    o.hintEngine.moveTime = 0.02;
    return o;
}

int occurrences(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

const char* kExtra =
    "f5 d6 c3 d3 c4\nf4 f6 g5 e6 d7\ne3 c5 f3 e7 b6\nb5 a6 g4 c6 g3\nh3 f2 h6 d2 c2\ne2 c7 b3 b4 a3\n"
    "d1 e1 c1 a5 g6\nh5 c8 h4 f8 g7\nf7 g8 h8 h7 a4\na7 b2 a1 b7 a8\nb8 b1 a2 d8 e8\nh2 h1 f1 g1 g2\n";

}  // namespace

TEST_CASE("plain board: labels, discs, last move, legal moves", "[play]") {
    Board board(4);
    board.applyMove(0, 1, kBlack);  // b1 (lab "ab")
    const std::string text = renderBoard(board, ViewOptions{}, Move{0, 1}, board.legalMoves(kWhite));
    CHECK(text ==
          "     a b c d\n"
          "  1  *[X]* .   a\n"
          "  2  . X X .   b\n"
          "  3  * X O .   c\n"
          "  4  . . . .   d\n"
          "     a b c d\n");
    CHECK(text.find('\033') == std::string::npos);
    CHECK(renderScoreLine(board, ViewOptions{}, "Ann", "part2", kWhite) == "  X Black (Ann) 4    > O White (part2) 1\n");
}

TEST_CASE("coloured board uses escape codes and marks the last move", "[play]") {
    ViewOptions view;
    view.color = true;
    const Board board(8);
    const std::string text = renderBoard(board, view, Move{3, 3});
    CHECK(text.find("\033[0;42;1;30mX") != std::string::npos);  // black disc on green
    CHECK(text.find("\033[0;42;1;97mO") != std::string::npos);  // white disc on green
    CHECK(text.find("\033[0;42;1;31m[") != std::string::npos);  // last-move bracket in red
    view.unicode = true;
    CHECK(renderBoard(board, view).find("\u25CF") != std::string::npos);
    CHECK(clearScreen(view) == "\033[H\033[2J");
    CHECK(clearScreen(ViewOptions{}).empty());
}

TEST_CASE("two humans play the extra-credit game with White's automatic pass", "[play]") {
    const Run run = play(kExtra, humans());
    CHECK(run.status == 0);
    CHECK(run.err.empty());
    CHECK(occurrences(run.out, "has no legal move and passes") == 1);
    CHECK(run.out.find("White (human) has no legal move and passes; Black moves again.") != std::string::npos);
    CHECK(run.out.find("Final score: Black 37, White 27. Black wins by 10 discs.") != std::string::npos);
    CHECK(run.out.find("Game record: 8 f5d6c3d3c4") != std::string::npos);
}

TEST_CASE("illegal and unreadable moves are explained and asked again", "[play]") {
    const Run run = play("a1\nxyz\nd5\nk3\nf5\n", humans());
    CHECK(run.status == 1);  // the input ends mid-game
    CHECK(run.out.find("a1 flips nothing") != std::string::npos);
    CHECK(run.out.find("\"xyz\" is not a move") != std::string::npos);
    CHECK(run.out.find("d5 is taken by a black disc") != std::string::npos);
    CHECK(run.out.find("\"k3\" is off the 8x8 board") != std::string::npos);
    CHECK(occurrences(run.out, "Legal moves: d3 c4 f5 e6.") == 4);
    CHECK(run.out.find("Black (human) plays f5, flipping 1 disc.") != std::string::npos);
    CHECK(run.err.find("input ended in the middle of the game; the game so far: 8 f5") != std::string::npos);
}

TEST_CASE("lab rc moves and Othello moves mix", "[play]") {
    const Run run = play("ef\nd6\nquit\n", humans());
    CHECK(run.status == 0);
    CHECK(run.out.find("Quit. The game so far: 8 f5d6") != std::string::npos);
}

TEST_CASE("hint: an exact result is told as the win or loss it is", "[play]") {
    // 4x4 is solved from the first move: Black loses by 10 (11 to 5 with the empties) whatever it
    // plays, which `hint` used to call "a draw with best play" (every exact result was read as one).
    const Run run = play("hint\nquit\n", humans(4));
    CHECK(run.out.find("(loses by 10 with best play, for Black).") != std::string::npos);
    CHECK(run.out.find("a draw") == std::string::npos);
}

TEST_CASE("pass is refused while a move exists, and undo goes back to the human's turn", "[play]") {
    PlayOptions o = humans();
    o.white = {"greedy", "Greedy Gus"};
    const Run run = play("pass\nf5\nundo\nundo\nf5\nquit\n", o);
    CHECK(run.status == 0);
    CHECK(run.out.find("You cannot pass: Black has legal moves (d3 c4 f5 e6).") != std::string::npos);
    CHECK(run.out.find("White (Greedy Gus) plays") != std::string::npos);
    CHECK(run.out.find("Took back 2 moves; Black to move.") != std::string::npos);
    CHECK(run.out.find("Nothing to undo.") != std::string::npos);
    CHECK(occurrences(run.out, "Black (human) plays f5") == 2);
}

TEST_CASE("hint, moves and help", "[play]") {
    const Run run = play("hint\nmoves\nhelp\nquit\n", humans());
    CHECK(run.out.find("Hint: ") != std::string::npos);
    CHECK(run.out.find("for Black).") != std::string::npos);
    CHECK(run.out.find("Legal moves for Black: d3 c4 f5 e6.") != std::string::npos);
    CHECK(run.out.find("  3  . . .*. . . . .") == std::string::npos);  // marks sit in the squares
    CHECK(run.out.find("  3  . . . * . . . .") != std::string::npos);
    CHECK(run.out.find("undo        take back") != std::string::npos);
}

TEST_CASE("save and load during play, and --load's start moves", "[play]") {
    const std::string path = "/tmp/reversi-unit-play-" + std::to_string(::getpid()) + ".txt";
    Run run = play("f5\nd6\nsave " + path + "\nc3\nload " + path + "\nquit\n", humans());
    CHECK(run.out.find("Saved 2 moves to " + path + ".") != std::string::npos);
    CHECK(run.out.find("Loaded 2 moves from " + path + ".") != std::string::npos);
    CHECK(run.out.find("Quit. The game so far: 8 f5d6\n") != std::string::npos);
    const RecordedGame saved = loadRecordedGame(path);
    CHECK(compactRecord(saved.size, saved.moves) == "8 f5d6");

    PlayOptions o = humans(6);
    o.startMoves = saved.moves;
    o.size = saved.size;
    run = play("c3\nquit\n", o);
    CHECK(run.out.find("Quit. The game so far: 8 f5d6c3") != std::string::npos);
    run = play("load /nonexistent/file\nquit\n", humans());
    CHECK(run.out.find("Cannot load: cannot open /nonexistent/file") != std::string::npos);
    std::remove(path.c_str());
}

TEST_CASE("computers play to the end and the record is written", "[play]") {
    const std::string path = "/tmp/reversi-unit-record-" + std::to_string(::getpid()) + ".txt";
    PlayOptions o;
    o.size = 6;
    o.black = {"smarter", ""};
    o.white = {applyEngineSettings("part2", 2, 0.02), ""};
    o.recordPath = path;
    CHECK(o.white.spec == "part2:time=0.02,depth=2");
    const Run run = play("", o);
    CHECK(run.status == 0);
    CHECK(run.out.find("Game over. Final score: Black ") != std::string::npos);
    const RecordedGame game = loadRecordedGame(path);
    CHECK(replayGame(game.size, game.moves).finished);
    std::remove(path.c_str());
}

TEST_CASE("bad seats are refused", "[play]") {
    PlayOptions o = humans();
    o.white = {"cmd:/bin/cat", ""};
    const Run run = play("", o);
    CHECK(run.status == 2);
    CHECK(run.err.find("White seat") != std::string::npos);
}

TEST_CASE("the setup questions keep defaults on Enter and re-ask bad answers", "[play]") {
    PlaySettings s;
    std::istringstream in("7\n10\nsmarter\nAda\nbogus\npart2\n-\n\n0.05\n");
    std::ostringstream out;
    REQUIRE(askPlaySettings(in, out, s));
    CHECK(s.size == 10);
    CHECK(s.black == "smarter");
    CHECK(s.blackName == "Ada");
    CHECK(s.white == "part2");
    CHECK(s.whiteName.empty());
    CHECK(s.level == 0);
    CHECK(s.moveTime == 0.05);
    CHECK(out.str().find("The size must be an even number from 4 to 26.") != std::string::npos);
    std::istringstream cut("8\n");
    CHECK_FALSE(askPlaySettings(cut, out, s));
}

TEST_CASE("replay shows every move and the result", "[play]") {
    RecordedGame game;
    game.size = 4;
    game.moves = {{0, 1}, {0, 0}, {1, 0}};  // b1 a1 a2
    std::istringstream in;
    std::ostringstream out, err;
    CHECK(runReplay(game, in, out, err, ViewOptions{}, false, false, 0) == 0);
    CHECK(out.str().find("Move 3: Black plays a2, flipping 1 disc.") != std::string::npos);
    game.moves.push_back({3, 3});
    std::ostringstream out2;
    CHECK(runReplay(game, in, out2, err, ViewOptions{}, false, false, 0) == 2);
    CHECK(err.str().find("move 4 (d4) is illegal") != std::string::npos);
}
