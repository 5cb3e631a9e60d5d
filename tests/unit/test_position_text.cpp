#include <catch2/catch.hpp>

#include <sstream>

#include "rules/position_text.hpp"

using namespace reversi;

TEST_CASE("OBF: the start position, a1 top-left, X black", "[position_text]") {
    const TextPosition p = parsePosition("---------------------------OX------XO--------------------------- X");
    CHECK(p.board == Board(8));
    CHECK(p.toMove == kBlack);
    CHECK(toObf(p.board, p.toMove) == "---------------------------OX------XO--------------------------- X");
}

TEST_CASE("OBF: annotations and comments", "[position_text]") {
    const TextPosition p = parsePosition(
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;");
    CHECK(p.board.at(0, 2) == kBlack);
    CHECK(p.board.at(1, 1) == kWhite);
    CHECK(p.board.at(0, 0) == kEmpty);
    REQUIRE(p.annotations.size() == 3);
    CHECK(p.annotations[0].move == Move{7, 6});  // G8: column g, row 8
    CHECK(p.annotations[0].score == 18);
    CHECK(p.annotations[2].score == -22);
    CHECK(p.bestScore() == 18);
}

TEST_CASE("board text of any size", "[position_text]") {
    const TextPosition p = parsePosition("UUUUUWBUUBWUUUUU W");
    CHECK(p.board == Board(4));
    CHECK(p.toMove == kWhite);
    CHECK(toBoardText(p.board, p.toMove) == "UUUUUWBUUBWUUUUU W");
    Board b(26);
    CHECK(parsePosition(toBoardText(b, kBlack)).board == b);
}

TEST_CASE("position text errors say what is wrong", "[position_text]") {
    CHECK_THROWS_WITH(parsePosition("XO- X"), Catch::Contains("64 squares"));
    CHECK_THROWS_WITH(parsePosition("UUUUUWBUUBWUUUU B"), Catch::Contains("15 squares"));
    CHECK_THROWS_WITH(parsePosition("UUUUUWBUUBWUUUUZ B"), Catch::Contains("square 16"));
    CHECK_THROWS_WITH(parsePosition("UUUUUWBUUBWUUUUU X"), Catch::Contains("not B or W"));
    CHECK_THROWS_WITH(parsePosition("---------------------------OX------XO---------------------------"),
                      Catch::Contains("side to move"));
    std::istringstream file("# comment\n\nUUUUUWBUUBWUUUUU B\nbad line\n");
    CHECK_THROWS_WITH(readPositions(file, "f.txt"), Catch::StartsWith("f.txt:4:"));
}

TEST_CASE("square names: column letter, row number", "[position_text]") {
    CHECK(squareName(Move{2, 3}) == "d3");
    CHECK(squareName(Move{25, 25}) == "z26");
    CHECK(squareName(kNoMove) == "pa");
    CHECK(parseSquare("D3", 8).move == Move{2, 3});
    CHECK(parseSquare("z26", 26).move == Move{25, 25});
    CHECK_FALSE(parseSquare("i1", 8).ok);
    CHECK_FALSE(parseSquare("a9", 8).ok);
    CHECK_FALSE(parseSquare("a0", 8).ok);
    CHECK(parseSquare("PA", 8).isPass);
    CHECK(parseSquare("pass", 8).isPass);
}
