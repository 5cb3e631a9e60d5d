// An external program as a player: it speaks the lab's protocol (docs/lab-io.md, part1/part2) on its
// standard input and output, and the referee checks every byte it prints against the rules.
//
// The program runs in a sandbox (RefereedProgram, platform/sandbox.hpp) with pipes for stdin/stdout (stderr
// goes to /dev/null); reads are non-blocking and polled in short slices; its CPU time is the user time
// of its whole process tree; it is killed when it runs over the CPU limit on its move, or when an
// answer it owes is not complete within the wall-clock limit, however it spreads its output (a pause of
// the whole machine not counted: AnswerClock). Nothing it does can hang or crash the referee, and
// nothing it starts outlives the game.
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <sstream>

#include "arena/external_player.hpp"

#include "arena/refereed_program.hpp"
#include "platform/printable.hpp"

namespace reversi {

namespace {

using Clock = std::chrono::steady_clock;

// Bytes of a program's output quoted in a fault.
constexpr std::size_t kQuoted = 60;

std::string boardText(const Board& board) {
    std::ostringstream out;
    board.print(out);
    return out.str();
}

class RefereedLabProgram final : public RefereedProgram {
public:
    using RefereedProgram::RefereedProgram;  // no grace at the end: a program still running then is killed at once

    PlayerFault begin(int n, char colour) override {
        try {
            board_ = Board(n);
            colour_ = colour;
            turn_ = kBlack;
            start();
            cpuMark_ = 0;
            answer_.restart();
            expect("Enter the board dimension: ", "the dimension prompt");
            send(std::to_string(n) + "\n");
            expect("Computer plays (B/W)", "the colour prompt");
            expectOneOf({" : ", ": "}, "the colour prompt");
            send(std::string(1, colour) + "\n");
            cpuMark_ = cpuSeconds();  // interpreter start-up is not part of the first move
            expect(boardText(board_), "the start board");
            return {};
        } catch (const Fault& fault) {
            return fault;
        }
    }

    PlayerReply chooseMove(const Board&, char) override {
        PlayerReply reply;
        try {
            reply.move = advance(false, &reply.seconds);
        } catch (const Fault& fault) {
            reply.fault = fault;
        }
        return reply;
    }

    void opponentMoved(Move move) override { queued_.push_back(move); }

    PlayerFault end(const Board&) override {
        try {
            advance(true, nullptr);
            const int black = board_.count(kBlack);
            const int white = board_.count(kWhite);
            expect(black > white ? "B player wins.\n" : white > black ? "W player wins.\n" : "Draw!\n",
                   "the result line");
            expectEnd();
            return {};
        } catch (const Fault& fault) {
            return fault;
        }
    }

private:
    // Drives the program through the protocol until it makes its own move (returned) or, with
    // `toEnd`, until the game is over. Opponent moves come from the queue, in order.
    Move advance(bool toEnd, double* seconds) {
        for (;;) {
            if (!board_.hasLegalMove(turn_)) {
                if (!board_.hasLegalMove(opponentOf(turn_))) {
                    if (toEnd) return kNoMove;
                    throw Fault{FaultCode::kOutput, "referee out of step with the program (no move left)"};
                }
                expect(std::string(1, turn_) + " player has no valid move.\n", "the pass message");
                turn_ = opponentOf(turn_);
                continue;
            }
            if (turn_ == colour_) {
                if (toEnd)
                    throw Fault{FaultCode::kOutput, "referee out of step with the program (its move at the end)"};
                const std::string prefix = std::string("Computer places ") + colour_ + " at ";
                thinking_ = true;
                answer_.restart();  // the wall-clock limit covers the whole move, line and board
                expect(prefix, "its move");
                std::string tail = take(4, "its move");
                thinking_ = false;
                const double used = cpuSeconds() - cpuMark_;
                cpuMark_ = cpuSeconds();
                if (seconds) *seconds = used < 0 ? 0 : used;
                if (tail[2] != '.' || tail[3] != '\n')
                    throw Fault{FaultCode::kOutput, "malformed move line " + quotedExcerpt(prefix + tail, kQuoted)};
                const Move move{letterIndex(tail[0]), letterIndex(tail[1])};
                if (!board_.isLegalMove(move.row, move.col, colour_))
                    throw Fault{FaultCode::kIllegalMove, "illegal move " + quotedExcerpt(tail.substr(0, 2), kQuoted)};
                board_.applyMove(move.row, move.col, colour_);
                expect(boardText(board_), "the board after its move " + tail.substr(0, 2));
                turn_ = opponentOf(turn_);
                return move;
            }
            if (queued_.empty()) {
                if (toEnd)
                    throw Fault{FaultCode::kOutput, "referee out of step with the program (opponent move missing)"};
                throw Fault{FaultCode::kOutput, "referee out of step with the program"};
            }
            const Move move = queued_.front();
            queued_.pop_front();
            const std::string rc{indexLetter(move.row), indexLetter(move.col)};
            expect(std::string("Enter move for colour ") + turn_ + " (RowCol): ", "the prompt for the opponent's move");
            send(rc + "\n");
            cpuMark_ = cpuSeconds();
            board_.applyMove(move.row, move.col, turn_);
            expect(boardText(board_), "the board after the opponent's move " + rc);
            turn_ = opponentOf(turn_);
        }
    }

    // --- process ------------------------------------------------------------------------------------

    // Waits for the child; with `kill` it is killed first if still running. Without, a child that is
    // still running after the wall-clock limit (it closed its pipes but did not exit) is killed then, so
    // that no program can hang the referee. Returns the wait status.
    int reap(bool kill) {
        if (!running()) return status_;
        const Exit ended = waitForExit(kill ? std::chrono::duration<double>(0)
                                           : std::chrono::duration<double>(options().effectiveWallLimit()));
        if (ended.killedAfterGrace) killedLingering_ = true;
        status_ = ended.status;
        return status_;
    }

    std::string describeExit(int status) const {
        if (killedLingering_) return "closed its pipes but did not exit (killed)";
        if (WIFSIGNALED(status))
            return std::string("crashed (signal ") + std::to_string(WTERMSIG(status)) + ": " +
                   strsignal(WTERMSIG(status)) + ")";
        if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
        return "stopped";
    }

    // The kind of a fault describeExit() explains: a program killed for outlasting the wall-clock limit
    // after closing its pipes ran over time; any other end is a crash.
    FaultCode exitCode() const { return killedLingering_ ? FaultCode::kTimeLimit : FaultCode::kCrash; }

    void send(const std::string& text) {
        if (!writeAll(text)) {
            const int status = reap(false);
            throw Fault{exitCode(), "stopped reading its input: " + describeExit(status) + stderrNote()};
        }
        answer_.restart();
    }

    // Reads whatever the program has printed into pending_, waiting up to the limits. Returns false at
    // end of output: end of file, or the program itself has exited and all it printed has been read (a
    // process it left behind holding its output does not speak for it).
    bool fill(const std::string& what) {
        for (;;) {
            char chunk[4096];
            const ssize_t n = read(fromChild(), chunk, sizeof chunk);
            if (n > 0) {
                pending_.append(chunk, static_cast<std::size_t>(n));
                return true;
            }
            if (n == 0) return false;
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                throw Fault{FaultCode::kCrash, std::string("read: ") + std::strerror(errno)};
            const ssize_t last = readAfterExit(chunk, sizeof chunk);
            if (last == 0) return false;
            if (last > 0) {
                pending_.append(chunk, static_cast<std::size_t>(last));
                return true;
            }
            if (thinking_) {
                const double used = cpuSeconds() - cpuMark_;
                if (used > options().timeLimit) {
                    reap(true);
                    char text[160];
                    std::snprintf(text, sizeof text,
                                  "over the time limit: more than %.3f s of CPU time on its move (killed)",
                                  options().timeLimit);
                    throw Fault{FaultCode::kTimeLimit, text};
                }
            }
            const double waited = answer_.look();
            if (waited > options().effectiveWallLimit()) {
                reap(true);
                char text[240];
                std::snprintf(text, sizeof text,
                              "over the wall-clock limit: %s not complete after %.1f s (killed)", what.c_str(),
                              options().effectiveWallLimit());
                throw Fault{FaultCode::kTimeLimit, text};
            }
            stillWaiting();
            pollfd pfds[2] = {{fromChild(), POLLIN, 0}, {exitDescriptor(), POLLIN, 0}};
            poll(pfds, exitDescriptor() >= 0 ? 2 : 1, 10);
        }
    }

    [[noreturn]] void failEarlyEnd(const std::string& what) {
        const int status = reap(false);
        throw Fault{exitCode(), describeExit(status) + " while the referee expected " + what + stderrNote()};
    }

    // Consumes exactly `text` from the program's output.
    void expect(const std::string& text, const std::string& what) {
        for (;;) {
            const std::size_t have = std::min(pending_.size(), text.size());
            if (pending_.compare(0, have, text, 0, have) != 0) mismatch(text, what);
            if (have == text.size()) {
                pending_.erase(0, have);
                return;
            }
            if (!fill(what)) {
                if (pending_.empty()) failEarlyEnd(what);
                mismatch(text, what);
            }
        }
    }

    void expectOneOf(std::initializer_list<const char*> options, const std::string& what) {
        for (;;) {
            bool possible = false;
            for (const char* option : options) {
                const std::string text(option);
                const std::size_t have = std::min(pending_.size(), text.size());
                if (pending_.compare(0, have, text, 0, have) != 0) continue;
                if (have == text.size()) {
                    pending_.erase(0, have);
                    return;
                }
                possible = true;
            }
            if (!possible) mismatch(*options.begin(), what);
            if (!fill(what)) {
                if (pending_.empty()) failEarlyEnd(what);
                mismatch(*options.begin(), what);
            }
        }
    }

    std::string take(std::size_t count, const std::string& what) {
        while (pending_.size() < count)
            if (!fill(what)) {
                if (pending_.empty()) failEarlyEnd(what);
                throw Fault{FaultCode::kCrash,
                            "output ended in the middle of " + what + ": " + quotedExcerpt(pending_, kQuoted)};
            }
        std::string text = pending_.substr(0, count);
        pending_.erase(0, count);
        return text;
    }

    void expectEnd() {
        thinking_ = false;
        answer_.restart();
        while (pending_.empty() && fill("the end of its output")) {
        }
        if (!pending_.empty())
            throw Fault{FaultCode::kOutput, "printed more after the result: " + quotedExcerpt(pending_, kQuoted)};
        const int status = reap(false);
        if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0))
            throw Fault{exitCode(), describeExit(status) + " at the end of the game" + stderrNote()};
    }

    // Reports the first differing line between what was expected and what the program printed.
    [[noreturn]] void mismatch(const std::string& expected, const std::string& what) {
        thinking_ = false;
        // Let a little more output arrive so that the message shows the whole line.
        const auto until = Clock::now() + std::chrono::milliseconds(50);
        while (pending_.size() < expected.size() + 80 && Clock::now() < until) {
            pollfd pfd{fromChild(), POLLIN, 0};
            if (poll(&pfd, 1, 10) > 0) {
                char chunk[512];
                const ssize_t n = read(fromChild(), chunk, sizeof chunk);
                if (n <= 0) break;
                pending_.append(chunk, static_cast<std::size_t>(n));
            }
        }
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < expected.size() && i < pending_.size() && expected[i] == pending_[i]; ++i)
            if (expected[i] == '\n') lineStart = i + 1;
        auto lineAt = [lineStart](const std::string& text) {
            const std::size_t end = text.find('\n', lineStart);
            return text.substr(std::min(lineStart, text.size()),
                               end == std::string::npos ? std::string::npos : end + 1 - lineStart);
        };
        throw Fault{FaultCode::kOutput, "wrong output for " + what + ": expected " +
                                            quotedExcerpt(lineAt(expected), kQuoted) + ", got " +
                                            quotedExcerpt(lineAt(pending_), kQuoted)};
    }

    Board board_ = Board(4);
    char colour_ = kBlack;
    char turn_ = kBlack;
    std::deque<Move> queued_;
    int status_ = 0;
    std::string pending_;
    double cpuMark_ = 0;
    bool thinking_ = false;
    bool killedLingering_ = false;
    AnswerClock answer_;  // the time of the answer being read, since it became due
};

}  // namespace

std::unique_ptr<RefereedPlayer> makeRefereedLabProgram(const std::vector<std::string>& argv, const RefereeOptions& options,
                                                 ProgramSetup setup) {
    return std::make_unique<RefereedLabProgram>(argv, options, std::chrono::milliseconds(0), std::move(setup));
}

}  // namespace reversi
