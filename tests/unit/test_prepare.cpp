// Making the 8x8 engine's tables (57 MiB) costs a tenth of a second of CPU. Front ends that know the
// board's size before the first move make them then (Mover::prepare), so that the first move's budget
// goes to searching: at a tenth of a second per move it used to search one ply.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <sstream>
#include <vector>

#include "engine/engine.hpp"
#include "players/greedy.hpp"
#include "programs/lab_programs.hpp"
#include "programs/nboard.hpp"
#include "random_position.hpp"

using namespace reversi;

namespace {

// Records, in order, the sizes it is prepared for and a 0 for each move it is asked for, and what the
// program had written when it was prepared.
class RecordingMover final : public Mover {
public:
    explicit RecordingMover(const std::ostringstream& out) : out_(out) {}
    std::string name() const override { return "recording"; }
    void prepare(int boardSize) override {
        calls.push_back(boardSize);
        writtenAtPrepare = out_.str();
    }
    Move chooseMove(const Board& board, char colour) override {
        calls.push_back(0);
        return greedyMove(board, colour);
    }
    std::vector<int> calls;
    std::string writtenAtPrepare;

private:
    const std::ostringstream& out_;
};

}  // namespace

TEST_CASE("lab game: the computer is told the board's size once, before the colour prompt", "[lab][prepare]") {
    // Before the prompt: a referee answers it and then starts counting the first move's CPU time.
    for (const char colour : {kBlack, kWhite}) {
        // The person (White when the computer is Black) plays greedy's moves: a legal game either way.
        Board board(6);
        std::string input = std::string("6 ") + colour;
        for (char turn = kBlack; !board.isGameOver(); turn = opponentOf(turn)) {
            if (!board.hasLegalMove(turn)) continue;
            const Move m = greedyMove(board, turn);
            if (turn != colour) input += std::string(" ") + indexLetter(m.row) + indexLetter(m.col);
            board.applyMove(m.row, m.col, turn);
        }
        std::istringstream in(input);
        std::ostringstream out, err;
        RecordingMover computer(out);
        REQUIRE(runLabGame(in, out, err, computer) == kExitOk);
        INFO("computer " << colour);
        REQUIRE(computer.calls.size() > 1);
        CHECK(computer.calls.front() == 6);
        CHECK(std::count(computer.calls.begin(), computer.calls.end(), 6) == 1);
        CHECK(computer.writtenAtPrepare.find("Enter the board dimension") != std::string::npos);
        CHECK(computer.writtenAtPrepare.find("Computer plays") == std::string::npos);
    }
}

TEST_CASE("a prepared 8x8 engine spends its first move's time searching", "[search][prepare]") {
    // 0.05 s is half of what making the tables takes here: an engine that made them inside its first
    // move searched at most one ply. Told the size first, it searches far deeper than that.
    std::mt19937 rng(29);
    for (int trial = 0; trial < 3; ++trial) {
        Board board(8);
        char colour = kBlack;
        REQUIRE(randomPosition(8, 12 + 8 * trial, rng, board, colour));
        EngineOptions options;
        options.moveTime = 0.05;
        EngineMover engine(options);
        engine.prepare(8);
        engine.chooseMove(board, colour);
        INFO("trial " << trial << ": " << board.count(kEmpty) << " empties");
        CHECK(engine.lastReport().depth >= 5);
    }
}

TEST_CASE("NBoard: the engine's tables are made at nboard, not in the first go", "[nboard][prepare]") {
    // The first `go` at 0.05 s a move: with the tables made inside it, it searched a handful of nodes
    // (at most one ply); made at `nboard 2`, it searches thousands.
    std::istringstream in("nboard 2\ngo\nquit\n");
    std::ostringstream out;
    NBoardOptions options;
    options.moveTime = 0.05;
    REQUIRE(runNBoard(in, out, options) == 0);
    const std::string text = out.str();
    const std::size_t at = text.find("nodestats ");
    REQUIRE(at != std::string::npos);
    INFO(text);
    CHECK(std::stoull(text.substr(at + 10)) >= 2000);
}
