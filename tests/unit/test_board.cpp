// Rules of the char-array Board, on positions worked out by hand.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "board_rows.hpp"
#include "rules/board.hpp"
#include "players/greedy.hpp"

using namespace reversi;

namespace {
std::string printed(const Board& board) {
    std::ostringstream out;
    board.print(out);
    return out.str();
}
}  // namespace

TEST_CASE("start position for every size", "[board]") {
    for (int n = 4; n <= 26; n += 2) {
        const Board board(n);
        const int h = n / 2;
        CHECK(board.at(h - 1, h - 1) == kWhite);
        CHECK(board.at(h, h) == kWhite);
        CHECK(board.at(h - 1, h) == kBlack);
        CHECK(board.at(h, h - 1) == kBlack);
        CHECK(board.count(kBlack) == 2);
        CHECK(board.count(kWhite) == 2);
        CHECK(board.count(kEmpty) == n * n - 4);
        // Black's four opening moves are the same shape at every size.
        const std::vector<Move> expected{{h - 2, h - 1}, {h - 1, h - 2}, {h, h + 1}, {h + 1, h}};
        CHECK(board.legalMoves(kBlack) == expected);
    }
}

TEST_CASE("printBoard format", "[board]") {
    CHECK(printed(Board(4)) == "  abcd\na UUUU\nb UWBU\nc UBWU\nd UUUU\n");
    const std::string big = printed(Board(26));
    CHECK(big.substr(0, 29) == "  abcdefghijklmnopqrstuvwxyz\n");
    CHECK(big.size() == 29 + 26 * 29);
}

TEST_CASE("positionInBounds", "[board]") {
    CHECK(positionInBounds(4, 0, 0));
    CHECK(positionInBounds(4, 3, 3));
    CHECK_FALSE(positionInBounds(4, 4, 0));
    CHECK_FALSE(positionInBounds(4, 0, 4));
    CHECK_FALSE(positionInBounds(4, -1, 2));
    CHECK(positionInBounds(26, 25, 25));
    CHECK_FALSE(positionInBounds(26, 26, 25));
}

TEST_CASE("a move flips in each of the 8 directions", "[board]") {
    // B at the centre of a 7x7 ring of W, with B anchors two steps out in every direction.
    const std::vector<std::string> rows{
        "UUUUUU",  //
        "UBUBUB",  //
        "UUWWWU",  //
        "UBWUWB",  //
        "UUWWWU",  //
        "UBUBUB",  //
    };
    const Board start = boardFrom(rows);
    const int dirs[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};
    for (const auto& d : dirs) {
        INFO("direction " << d[0] << "," << d[1]);
        CHECK(checkLegalInDirection(start.cells(), 6, 3, 3, kBlack, d[0], d[1]));
        CHECK_FALSE(checkLegalInDirection(start.cells(), 6, 3, 3, kWhite, d[0], d[1]));
    }
    Board board = start;
    CHECK(board.flipCount(3, 3, kBlack) == 8);
    CHECK(board.applyMove(3, 3, kBlack) == 8);
    for (int r = 2; r <= 4; ++r)
        for (int c = 2; c <= 4; ++c) CHECK(board.at(r, c) == kBlack);
    CHECK(board.count(kWhite) == 0);
}

TEST_CASE("runs that reach the edge without an anchor flip nothing", "[board]") {
    const Board board = boardFrom({
        "UWWW",  //
        "WUUU",  //
        "WUUU",  //
        "WUUU",  //
    });
    CHECK_FALSE(checkLegalInDirection(board.cells(), 4, 0, 0, kBlack, 0, 1));
    CHECK_FALSE(checkLegalInDirection(board.cells(), 4, 0, 0, kBlack, 1, 0));
    CHECK(board.flipCount(0, 0, kBlack) == 0);
    CHECK(board.legalMoves(kBlack).empty());
    CHECK_FALSE(board.hasLegalMove(kBlack));
}

TEST_CASE("long runs and several directions at once", "[board]") {
    Board board = boardFrom({
        "BWWWWU",  //
        "UUUUWU",  //
        "UUUWUU",  //
        "UUBUUU",  //
        "UUUUUU",  //
        "UUUUUU",  //
    });
    // (0,5): west run of 4 W ends on B at (0,0); the south-west diagonal (1,4),(2,3) ends on B at (3,2).
    CHECK(checkLegalInDirection(board.cells(), 6, 0, 5, kBlack, 0, -1));
    CHECK(checkLegalInDirection(board.cells(), 6, 0, 5, kBlack, 1, -1));
    CHECK_FALSE(checkLegalInDirection(board.cells(), 6, 0, 5, kBlack, 1, 0));
    CHECK(board.applyMove(0, 5, kBlack) == 6);
    CHECK(board.count(kWhite) == 0);
    CHECK(board.count(kBlack) == 9);  // 2 anchors + 6 flipped + the new tile
}

TEST_CASE("illegal moves change nothing", "[board]") {
    Board board(8);
    const Board before = board;
    CHECK(board.applyMove(3, 3, kBlack) == 0);   // occupied
    CHECK(board.applyMove(0, 0, kBlack) == 0);   // flips nothing
    CHECK(board.applyMove(8, 0, kBlack) == 0);   // off the board
    CHECK(board.applyMove(-1, 3, kBlack) == 0);  // off the board
    CHECK(board.applyMove(2, 3, 'X') == 0);      // not a colour
    CHECK(board == before);
}

TEST_CASE("passes and the end of the game", "[board]") {
    SECTION("one side passes while the other can move") {
        // A white tile in the corner can never be bracketed, so Black has no move; White can capture.
        const Board board = boardFrom({
            "WBUU",  //
            "UUUU",  //
            "UUUU",  //
            "UUUU",  //
        });
        CHECK(board.hasLegalMove(kWhite));
        CHECK_FALSE(board.hasLegalMove(kBlack));
        CHECK(board.legalMoves(kWhite) == std::vector<Move>{{0, 2}});
        CHECK_FALSE(board.isGameOver());
    }
    SECTION("double pass with empty squares left") {
        const Board board = boardFrom({
            "BBBB",  //
            "BBBB",  //
            "UUUU",  //
            "UUUU",  //
        });
        CHECK(board.isGameOver());
        CHECK(board.count(kBlack) == 8);
    }
    SECTION("a full board") {
        Board board = boardFrom({
            "BWBW",  //
            "WBWB",  //
            "BWBW",  //
            "WBWB",  //
        });
        CHECK(board.isGameOver());
        CHECK(board.count(kBlack) == board.count(kWhite));
    }
}

TEST_CASE("greedy takes the most flips, ties to the lower row then column", "[greedy]") {
    // Black's four opening moves all flip one: the first in row-major order wins.
    const Board start(8);
    CHECK(greedyMove(start, kBlack) == Move{2, 3});
    // The handout's 4x4 game: after B ba, W's moves aa (flips bb) and ac (flips bb) tie at 1 -> aa.
    Board board(4);
    board.applyMove(1, 0, kBlack);
    CHECK(greedyMove(board, kWhite) == Move{0, 0});
    // A strictly larger capture later in the scan beats an earlier smaller one.
    const Board wide = boardFrom({
        "UWBUUU",  //
        "UUUUUU",  //
        "UUUUUU",  //
        "UUUUUU",  //
        "UUUUUU",  //
        "BWWWWU",  //
    });
    CHECK(greedyMove(wide, kBlack) == Move{5, 5});
    CHECK(greedyMove(Board(6), 'X').isNone());
}
