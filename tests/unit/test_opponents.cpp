// The course's reference opponents (docs/opponents.md): hand-worked positions, then a table of positions
// whose expected choices come from the separate Python reference (tests/reference/opponents_ref.py).
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "board_rows.hpp"
#include "rules/board.hpp"
#include "players/greedy.hpp"
#include "players/opponents.hpp"

using namespace reversi;

namespace {

struct Case {
    int n;
    char colour;
    const char* cells;
    Move greedy;
    Move smarter;
    int smarterScore;
    Move smartest;
    int smartestScore;
    int flags;
};
const Case kCases[] = {
#include "opponents_cases.inc"
};
}  // namespace

TEST_CASE("smarter: a four-way tie goes to the first move in row-major order", "[opponents]") {
    // 4x4 start, Black: ab, ba, cd, dc each flip 1 and leave White a best reply of 1 -> 0.999 each.
    const Board board(4);
    const ScoredMove choice = smarterMove(board, kBlack);
    CHECK(choice.move == Move{0, 1});
    CHECK(choice.score == 0);  // (int)0.999
    SmarterMover mover;
    CHECK(mover.chooseMove(board, kBlack) == Move{0, 1});
    CHECK(mover.chooseMove(board, kWhite) == Move{0, 2});  // ac, bd, ca, db: ac first
}

TEST_CASE("smarter: equal scores keep the first in row-major order", "[opponents]") {
    // Black's moves: aa (flips bb, bracketed by cc) and ad (flips bd, bracketed by cd), 1 tile each.
    // After aa White's one tile is bd; its best reply flips 1 (dd over cd, or db over cc): 0.999.
    // After ad White's one tile is bb; its best reply flips 1 (dd over cc): 0.999. Tie: aa.
    const Board board = boardFrom({"UUUU",  //
                                   "UWUW",  //
                                   "UUBB",  //
                                   "UUUU"});
    CHECK(greedyMove(board, kBlack) == Move{0, 0});
    CHECK(smarterMove(board, kBlack).move == Move{0, 0});
    CHECK(smarterMove(board, kBlack).score == 0);
}

TEST_CASE("smartest: the opponent without a move counts m as 0.1, adding 1", "[opponents]") {
    // Black's only move dd flips cd and fills the board: d = 16, m = 0 -> (int)(16 + 0.1/0.1) = 17.
    const Board board = boardFrom({"BBBB",  //
                                   "BBBB",  //
                                   "BBBW",  //
                                   "BBBU"});
    const ScoredMove choice = smartestMove(board, kBlack);
    CHECK(choice.move == Move{3, 3});
    CHECK(choice.score == 17);
    CHECK(smarterMove(board, kBlack).score == 1);  // 1 flip - 0.001 * 0
}

TEST_CASE("smartest: a negative difference truncates toward zero", "[opponents]") {
    // White has two tiles and one move; after it Black can still reply, so the score is
    // (int)(d + 0.1/m) with d < 0 -> rounded up by the truncation, never down.
    const Board board = boardFrom({"UUUU",  //
                                   "UBBB",  //
                                   "UBWB",  //
                                   "UBBB"});
    // Whatever square it picks, the score must be the truncation of d + 0.1/m toward zero.
    const ScoredMove choice = smartestMove(board, kWhite);
    REQUIRE(!choice.move.isNone());
    Board after = board;
    after.applyMove(choice.move.row, choice.move.col, kWhite);
    simulateGreedyPlies(after, kBlack, 10);
    const int d = after.count(kWhite) - after.count(kBlack);
    const int m = static_cast<int>(after.legalMoves(kBlack).size());
    if (d < 0)
        CHECK(choice.score == d + 1);  // -k + 0.1/m (or + 1 when m = 0) truncates to -k + 1
    else
        CHECK(choice.score == d + (m == 0 ? 1 : 0));
}

TEST_CASE("simulation: a side without a move hands its ply over and keeps the turn", "[opponents]") {
    // White (to move) has no move; Black takes the ply with ac (flipping ab) and White keeps the turn.
    // White still has no move, so Black takes the next ply too: cc flips bc (column c: B at a).
    const Board start = boardFrom({"BWUU",  //
                                   "UUWU",  //
                                   "UUUU",  //
                                   "UUUU"});
    Board one = start;
    simulateGreedyPlies(one, kWhite, 1);
    CHECK(one == boardFrom({"BBBU", "UUWU", "UUUU", "UUUU"}));
    Board ten = start;
    simulateGreedyPlies(ten, kWhite, 10);
    // Ply 2: Black's moves cc (up: bc W, ac B) and cd (up-left: bc W, ab B) flip 1 each: cc first.
    // Then no White tile is left and nothing happens for the remaining plies.
    CHECK(ten == boardFrom({"BBBU", "UUBU", "UUBU", "UUUU"}));
}

TEST_CASE("random mover: legal, reproducible from its seed", "[opponents]") {
    RandomMover a(42), b(42), c(43);
    Board board(8);
    char turn = kBlack;
    std::vector<Move> movesA, movesC;
    for (int ply = 0; ply < 30 && !board.isGameOver(); ++ply) {
        if (!board.hasLegalMove(turn)) turn = opponentOf(turn);
        const Move m = a.chooseMove(board, turn);
        REQUIRE(board.isLegalMove(m.row, m.col, turn));
        CHECK(b.chooseMove(board, turn) == m);
        movesC.push_back(c.chooseMove(board, turn));
        movesA.push_back(m);
        board.applyMove(m.row, m.col, turn);
        turn = opponentOf(turn);
    }
    CHECK(movesA != movesC);
}

TEST_CASE("opponents agree with the independent Python reference", "[opponents]") {
    int flagsSeen = 0;
    for (const Case& k : kCases) {
        Board board(k.n);
        for (int r = 0; r < k.n; ++r)
            for (int c = 0; c < k.n; ++c) board.set(r, c, k.cells[r * k.n + c]);
        INFO("n=" << k.n << " colour=" << k.colour << " cells=" << k.cells);
        CHECK(greedyMove(board, k.colour) == k.greedy);
        const ScoredMove smarter = smarterMove(board, k.colour);
        CHECK(smarter.move == k.smarter);
        CHECK(smarter.score == k.smarterScore);
        const ScoredMove smartest = smartestMove(board, k.colour);
        CHECK(smartest.move == k.smartest);
        CHECK(smartest.score == k.smartestScore);
        flagsSeen |= k.flags;
    }
    CHECK(flagsSeen == 15);  // ties of both kinds, passes in a simulation, reply-free moves
    CHECK(std::size(kCases) > 80);
}
