#include "arena/nboard_player.hpp"

#include <cctype>
#include <chrono>
#include <cstdio>
#include <sstream>

#include "arena/player.hpp"
#include "arena/refereed_program.hpp"
#include "platform/printable.hpp"
#include "rules/position_text.hpp"

namespace reversi {

namespace {

// How long an engine may take to exit after `quit` before it is killed.
constexpr std::chrono::milliseconds kQuitGrace{100};
// Longest reply line kept; an engine that sends more without a newline is at fault.
constexpr std::size_t kMaxLine = 1 << 16;

class RefereedNBoardEngine final : public RefereedProgram {
public:
    RefereedNBoardEngine(std::vector<std::string> argv, int depth, const RefereeOptions& options)
        : RefereedProgram(std::move(argv), options, kQuitGrace), depth_(depth) {}

    PlayerFault begin(int n, char) override {
        if (n != kNBoardSize) return {FaultCode::kCrash, "an NBoard engine plays 8x8 only"};  // it cannot start
        return faultOf([&] {
            start();
            send("nboard 2");
            if (depth_ > 0) send("set depth " + std::to_string(depth_));
            // Wait until the engine has done all that (an engine makes its tables here): the first
            // move's CPU time is counted from `set game` on, as a GUI's clock starts after its ping.
            send("ping 1");
            AnswerClock reply;
            while (!isPong1(nextLine(reply, nullptr, "no pong to ping 1 within the wall-clock limit (killed)",
                                     "the NBoard engine exited before answering ping 1"))) {
            }
        });
    }

    PlayerReply chooseMove(const Board& board, char colour) override {
        PlayerReply reply;
        reply.fault = faultOf([&] {
            send("set game " + nboardGameText(board, colour));
            const double before = cpuSeconds();
            send("go");
            const std::string answer = readMove(before);
            reply.seconds = std::max(0.0, cpuSeconds() - before);
            // "=== F5/EVAL/TIME" or "=== F5": the square before any '/'.
            std::string word = answer.substr(0, answer.find('/'));
            while (!word.empty() && std::isspace(static_cast<unsigned char>(word.back()))) word.pop_back();
            const ParsedSquare sq = parseSquare(word, 8);
            if (!sq.ok) throw Fault{FaultCode::kIllegalMove, "bad move \"" + printable(answer, 40) + "\""};
            if (sq.isPass) throw Fault{FaultCode::kIllegalMove, "answered PA with a legal move available"};
            reply.move = sq.move;  // the referee judges its legality
        });
        return reply;
    }

    void opponentMoved(Move) override {}  // the next `set game` carries the whole position

    PlayerFault end(const Board&) override { return quitThenStop([this] { send("quit"); }); }

private:
    void send(const std::string& text) {
        if (!writeAll(text + "\n")) throw Fault{FaultCode::kCrash, "cannot write to the NBoard engine" + stderrNote()};
    }

    // Reads lines until "=== ..." and returns what follows it. The engine is killed once its CPU time
    // since `cpuMark` passes the limit, or when the whole move outlasts the wall-clock limit.
    std::string readMove(double cpuMark) {
        AnswerClock reply;
        for (;;) {
            const std::string line = nextLine(reply, &cpuMark, "no move within the wall-clock limit (killed)",
                                              "the NBoard engine exited during its move");
            if (line.rfind("===", 0) == 0) {
                const std::size_t text = line.find_first_not_of(' ', 3);
                return text == std::string::npos ? std::string() : line.substr(text);
            }
        }
    }

    // "pong 1", however spaced.
    static bool isPong1(const std::string& line) {
        std::istringstream words(line);
        std::string pong, n, more;
        return (words >> pong >> n) && pong == "pong" && n == "1" && !(words >> more);
    }

    // The engine's next line (carriage returns already dropped), read within the limits readSome()
    // applies, which throws `late` or `exited`.
    std::string nextLine(AnswerClock& reply, const double* cpuMark, const std::string& late, const std::string& exited) {
        for (;;) {
            if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
                std::string line = buffer_.substr(0, end);
                buffer_.erase(0, end + 1);
                return line;
            }
            if (buffer_.size() > kMaxLine) throw Fault{FaultCode::kOutput, "a reply line longer than 64 KiB"};
            readSome(buffer_, reply, cpuMark, late, exited, true);
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

std::unique_ptr<RefereedPlayer> makeRefereedNBoardEngine(const std::vector<std::string>& argv, int depth,
                                               const RefereeOptions& options) {
    return std::make_unique<RefereedNBoardEngine>(argv, depth, options);
}

}  // namespace reversi
