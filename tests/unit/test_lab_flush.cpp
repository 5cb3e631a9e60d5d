// The lab programs flush every computer move and the board after it before the next search starts
// (docs/lab-io.md): a referee on the other end of a pipe charges each move's CPU time to that move
// only. Here the output goes to a buffer that counts what was flushed, and the computer checks, each
// time it is asked for a move, that everything printed so far has been flushed.
#include <catch2/catch.hpp>

#include <sstream>
#include <streambuf>
#include <string>

#include "players/greedy.hpp"
#include "programs/lab_programs.hpp"

using namespace reversi;

namespace {

// Keeps what is written in a pending buffer until a flush (sync), like a pipe's stdio buffer.
class CountingBuffer : public std::streambuf {
public:
    std::string flushed, pending;

protected:
    int overflow(int ch) override {
        if (ch != traits_type::eof()) pending += static_cast<char>(ch);
        return ch;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        pending.append(s, static_cast<std::size_t>(n));
        return n;
    }
    int sync() override {
        flushed += pending;
        pending.clear();
        return 0;
    }
};

class CheckingMover final : public Mover {
public:
    explicit CheckingMover(const CountingBuffer& buffer) : buffer_(buffer) {}
    std::string name() const override { return "checking"; }
    Move chooseMove(const Board& board, char colour) override {
        ++calls;
        if (!buffer_.pending.empty()) {
            ++unflushed;
            lastPending = buffer_.pending;
        }
        return greedyMove(board, colour);
    }
    int calls = 0;
    int unflushed = 0;
    std::string lastPending;

private:
    const CountingBuffer& buffer_;
};

}  // namespace

TEST_CASE("lab game: every computer move is flushed before the next search (passes included)", "[lab][flush]") {
    // Play whole games of greedy against greedy through the lab program, at every size, as both colours:
    // many of them have passes, and every computer move must find the output flushed.
    for (int n = 4; n <= 12; n += 2)
        for (const char colour : {kBlack, kWhite}) {
            // The person's moves: greedy's, computed from the same game played ahead.
            Board board(n);
            char turn = kBlack;
            std::string input = std::to_string(n) + " " + colour;
            int passes = 0;
            while (!board.isGameOver()) {
                if (!board.hasLegalMove(turn)) {
                    ++passes;
                    turn = opponentOf(turn);
                    continue;
                }
                const Move m = greedyMove(board, turn);
                if (turn != colour) input += std::string(" ") + indexLetter(m.row) + indexLetter(m.col);
                board.applyMove(m.row, m.col, turn);
                turn = opponentOf(turn);
            }
            CountingBuffer buffer;
            std::ostream out(&buffer);
            std::istringstream in(input);
            std::ostringstream err;
            CheckingMover computer(buffer);
            CHECK(runLabGame(in, out, err, computer) == kExitOk);
            INFO(n << "x" << n << ", computer " << colour << ", " << passes << " passes");
            CHECK(computer.unflushed == 0);
            CHECK(buffer.pending.empty());
        }
}
