#include "arena/nboard_player.hpp"

#include <poll.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>

#include "arena/child_session.hpp"
#include "platform/printable.hpp"
#include "rules/position_text.hpp"

namespace reversi {

namespace {

using Clock = std::chrono::steady_clock;

// How long an engine may take to exit after `quit` before it is killed.
constexpr std::chrono::milliseconds kQuitGrace{100};
// Longest reply line kept; an engine that sends more without a newline is at fault.
constexpr std::size_t kMaxLine = 1 << 16;

class NBoardSession final : public ChildSession {
public:
    NBoardSession(std::vector<std::string> argv, int depth, const RefereeOptions& options)
        : ChildSession(std::move(argv), options, kQuitGrace), depth_(depth) {}

    std::string begin(int n, char) override {
        if (n != 8) return "an NBoard engine plays 8x8 only";
        try {
            start();
            send("nboard 2");
            if (depth_ > 0) send("set depth " + std::to_string(depth_));
            return {};
        } catch (const Fault& f) {
            return f.reason;
        }
    }

    PlayerReply chooseMove(const Board& board, char colour) override {
        PlayerReply reply;
        try {
            send("set game " + nboardGameText(board, colour));
            const double before = cpuSeconds();
            send("go");
            const std::string answer = readMove(before);
            reply.seconds = std::max(0.0, cpuSeconds() - before);
            // "=== F5/EVAL/TIME" or "=== F5": the square before any '/'.
            std::string word = answer.substr(0, answer.find('/'));
            while (!word.empty() && std::isspace(static_cast<unsigned char>(word.back()))) word.pop_back();
            const ParsedSquare sq = parseSquare(word, 8);
            if (!sq.ok) throw Fault{"bad move \"" + printable(answer, 40) + "\""};
            if (sq.isPass) throw Fault{"answered PA with a legal move available"};
            reply.move = sq.move;  // the referee judges its legality
        } catch (const Fault& f) {
            reply.fault = f.reason;
        }
        return reply;
    }

    void opponentMoved(Move) override {}  // the next `set game` carries the whole position

    std::string end(const Board&) override {
        try {
            if (running()) send("quit");
        } catch (const Fault&) {
        }
        stop();
        return {};
    }

private:
    void send(const std::string& text) {
        if (!writeAll(text + "\n")) throw Fault{"cannot write to the NBoard engine" + stderrNote()};
    }

    // Reads lines until "=== ..." and returns what follows it. The engine is killed once its CPU time
    // since `cpuMark` passes the limit, or when the whole move outlasts the wall-clock limit.
    std::string readMove(double cpuMark) {
        const auto deadline = Clock::now() + std::chrono::duration<double>(options().effectiveWallLimit());
        for (;;) {
            std::size_t end;
            while ((end = buffer_.find('\n')) != std::string::npos) {
                std::string line = buffer_.substr(0, end);
                buffer_.erase(0, end + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                if (line.rfind("===", 0) == 0) {
                    const std::size_t text = line.find_first_not_of(' ', 3);
                    return text == std::string::npos ? std::string() : line.substr(text);
                }
            }
            if (buffer_.size() > kMaxLine) throw Fault{"a reply line longer than 64 KiB"};
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0) {
                waitForExit(std::chrono::duration<double>(0));
                throw Fault{"no move within the wall-clock limit (killed)"};
            }
            if (cpuSeconds() - cpuMark > options().timeLimit) {
                waitForExit(std::chrono::duration<double>(0));
                char message[160];
                std::snprintf(message, sizeof message,
                              "over the time limit: more than %.3f s of CPU time on its move (killed)",
                              options().timeLimit);
                throw Fault{message};
            }
            pollfd p[2] = {{fromChild(), POLLIN, 0}, {exitDescriptor(), POLLIN, 0}};
            const int ready = poll(p, exitDescriptor() >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(left, 10)));
            if (ready < 0 && errno != EINTR) throw Fault{"poll failed"};
            char chunk[4096];
            const ssize_t k = read(fromChild(), chunk, sizeof chunk);
            if (k < 0 && (errno == EINTR || errno == EAGAIN)) {
                if (programExited()) throw Fault{"the NBoard engine exited during its move" + stderrNote()};
                continue;
            }
            if (k <= 0) throw Fault{"the NBoard engine exited during its move" + stderrNote()};
            buffer_.append(chunk, static_cast<std::size_t>(k));
        }
    }

    int depth_;
    std::string buffer_;
};

}  // namespace

std::string nboardGameText(const Board& board, char colour) {
    std::string squares;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) {
            const char v = board.at(r, c);
            squares += v == kBlack ? '*' : v == kWhite ? 'O' : '-';
        }
    return "(;GM[Othello]PC[reversi]PB[black]PW[white]RE[?]TY[8]BO[" + std::to_string(board.size()) + " " + squares +
           (colour == kBlack ? " *" : " O") + "];)";
}

std::unique_ptr<GameSession> makeNBoardSession(const std::vector<std::string>& argv, int depth,
                                               const RefereeOptions& options) {
    return std::make_unique<NBoardSession>(argv, depth, options);
}

}  // namespace reversi
