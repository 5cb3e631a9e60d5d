#include "arena/gtp_player.hpp"

#include "arena/refereed_program.hpp"

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace reversi {

namespace {

// How long an engine may take to exit after `quit` (or EOF on its input) before it is killed.
constexpr std::chrono::milliseconds kQuitGrace{100};

class RefereedGtpEngine final : public RefereedProgram {
public:
    RefereedGtpEngine(std::vector<std::string> argv, const RefereeOptions& options)
        : RefereedProgram(std::move(argv), options, kQuitGrace) {}

    PlayerFault begin(int n, char) override {
        return faultOf([&] {
            board_ = Board(n);
            turn_ = kBlack;
            start();
            command("boardsize " + std::to_string(n));
            command("clear_board");
        });
    }

    PlayerReply chooseMove(const Board& board, char colour) override {
        PlayerReply reply;
        reply.fault = faultOf([&] {
            sync(board, colour);
            const double before = cpuSeconds();
            const std::string answer =
                command(std::string("genmove ") + (colour == kBlack ? "black" : "white"), &before);
            reply.seconds = std::max(0.0, cpuSeconds() - before);
            std::string word;
            for (const char ch : answer)
                if (!std::isspace(static_cast<unsigned char>(ch))) word += static_cast<char>(std::tolower(ch));
            if (word == "pass" || word == "resign")
                throw Fault{FaultCode::kIllegalMove, "answered \"" + word + "\" with a legal move available"};
            const int n = board_.size();
            if (word.size() < 2 || word[0] < 'a' || word[0] >= 'a' + n)
                throw Fault{FaultCode::kIllegalMove, "bad move \"" + answer + "\""};
            const int col = word[0] - 'a';
            const int row = std::atoi(word.c_str() + 1) - 1;
            if (row < 0 || row >= n) throw Fault{FaultCode::kIllegalMove, "bad move \"" + answer + "\""};
            reply.move = {row, col};
            if (!board_.isLegalMove(row, col, colour)) return;  // the referee reports the illegal move
            apply(reply.move);
        });
        return reply;
    }

    void openingPlayed(const std::vector<Move>& moves) override { unsent_.insert(unsent_.end(), moves.begin(), moves.end()); }
    void opponentMoved(Move move) override { unsent_.push_back(move); }

    PlayerFault end(const Board&) override { return quitThenStop([this] { command("quit"); }); }

private:
    // Plays `move` for turn_ on board_; the turn passes unless the other side has no move.
    void apply(Move move) {
        board_.applyMove(move.row, move.col, turn_);
        if (board_.hasLegalMove(opponentOf(turn_))) turn_ = opponentOf(turn_);
    }

    // Sends the moves played since this engine's last move with `play`, each with its colour (a pass
    // is implicit). The referee's board must then be the engine's.
    void sync(const Board& target, char colour) {
        for (const Move m : unsent_) {
            if (!board_.isLegalMove(m.row, m.col, turn_)) break;
            std::string play = turn_ == kBlack ? "play black " : "play white ";
            play += static_cast<char>('a' + m.col);
            play += std::to_string(m.row + 1);
            command(play);
            apply(m);
        }
        unsent_.clear();
        if (!(board_ == target) || turn_ != colour)
            throw Fault{FaultCode::kCrash, "the referee's board is not the one its moves lead to", true};
    }

    // Sends one GTP command and returns the text of its successful answer (after "= "). With `cpuMark`
    // (a move), the engine is killed as soon as its CPU time since *cpuMark passes the limit. The whole
    // answer must come within the wall-clock limit.
    std::string command(const std::string& text, const double* cpuMark = nullptr) {
        if (!writeAll(text + "\n")) throw Fault{FaultCode::kCrash, "cannot write to the GTP engine"};
        // An answer ends with an empty line.
        AnswerClock reply;
        std::size_t end;
        while ((end = buffer_.find("\n\n")) == std::string::npos)
            readSome(buffer_, reply, cpuMark, "no answer to \"" + text + "\" within the wall-clock limit (killed)",
                     "the GTP engine exited while answering \"" + text + "\"");
        std::string answer = buffer_.substr(0, end);
        buffer_.erase(0, end + 2);
        while (!answer.empty() && answer.front() == '\n') answer.erase(0, 1);
        if (answer.empty() || answer[0] != '=') throw Fault{FaultCode::kOutput, "\"" + text + "\" failed: " + answer};
        return answer.size() > 1 ? answer.substr(answer[1] == ' ' ? 2 : 1) : std::string();
    }

    Board board_ = Board(4);
    char turn_ = kBlack;
    std::vector<Move> unsent_;  // played on the referee's board, not yet sent
    std::string buffer_;
};

}  // namespace

std::unique_ptr<RefereedPlayer> makeRefereedGtpEngine(const std::vector<std::string>& argv, const RefereeOptions& options) {
    return std::make_unique<RefereedGtpEngine>(argv, options);
}

}  // namespace reversi
