#include "programs/nboard.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <cctype>
#include <cstdio>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "programs/analyse.hpp"
#include "platform/line_reader.hpp"
#include "platform/printable.hpp"
#include "bitboard/position.hpp"
#include "rules/position_text.hpp"
#include "search/timeman.hpp"

namespace reversi {

namespace {

std::string fmt(const char* format, double a) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, a);
    return buf;
}

class NBoardEngine {
public:
    NBoardEngine(std::ostream& out, const NBoardOptions& options) : out_(out), options_(options) {}

    // Returns false on quit.
    bool handle(const std::string& line) {
        std::istringstream words(line);
        std::string cmd;
        if (!(words >> cmd)) return true;
        if (cmd == "nboard") {
            send("set myname reversi");
            if (!engine_) makeEngine();
        } else if (cmd == "set") {
            std::string what;
            words >> what;
            if (what == "depth") {
                int d = 0;
                if (words >> d) {
                    // A level: the deepest midgame search under the time budget (60: no limit).
                    const int level = d >= 60 ? 0 : std::clamp(d, 1, 59);
                    if (level != depth_ || !engine_) {
                        depth_ = level;
                        makeEngine();
                    }
                }
            } else if (what == "game") {
                const std::size_t at = line.find("game");
                setGame(line.substr(at + 4));
            }
        } else if (cmd == "move") {
            std::string m;
            if (words >> m) playText(m);
            else send("status move needs a square: move F5[/EVAL/TIME] (or PA to pass)");
        } else if (cmd == "go") {
            go();
        } else if (cmd == "hint") {
            int n = 1;
            words >> n;
            hint(std::max(1, n));
        } else if (cmd == "ping") {
            std::string n;
            words >> n;
            send("pong " + n);
        } else if (cmd == "learn") {
            send("learned");
        } else if (cmd == "quit") {
            return false;
        }
        return true;
    }

private:
    void send(const std::string& text) { out_ << text << std::endl; }

    void setGame(const std::string& ggf) {
        Board board(8);
        char side = kBlack;
        double clock = -1, used[2] = {0, 0};
        // Tags NAME[value] in order: BO sets the board, B and W are moves.
        std::size_t i = 0;
        while (i < ggf.size()) {
            if (!std::isupper(static_cast<unsigned char>(ggf[i]))) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < ggf.size() && std::isupper(static_cast<unsigned char>(ggf[j]))) ++j;
            if (j >= ggf.size() || ggf[j] != '[') {
                i = j;
                continue;
            }
            const std::size_t close = ggf.find(']', j);
            if (close == std::string::npos) break;
            const std::string tag = ggf.substr(i, j - i), value = ggf.substr(j + 1, close - j - 1);
            i = close + 1;
            if (tag == "TI") {
                clock = parseClock(value);
            } else if (tag == "BO") {
                std::istringstream v(value);
                int n = 0;
                std::string squares, s;
                v >> n >> squares >> s;
                if (n != 8 || squares.size() != 64 || s.empty()) {
                    send("status only 8x8 GGF boards are supported");
                    return;
                }
                for (int k = 0; k < 64; ++k) {
                    const char c = squares[static_cast<std::size_t>(k)];
                    board.set(k / 8, k % 8, c == '*' || c == 'X' || c == 'x' ? kBlack : c == 'O' || c == 'o' ? kWhite : kEmpty);
                }
                side = s[0] == 'O' || s[0] == 'o' ? kWhite : kBlack;
            } else if (tag == "B" || tag == "W") {
                const char colour = tag == "B" ? kBlack : kWhite;
                const ParsedSquare sq = parseSquare(value.substr(0, value.find('/')), 8);
                if (!sq.ok) {
                    send("status bad move " + printable(value, 20) + " in the game");
                    return;
                }
                if (sq.isPass ? board.hasLegalMove(colour)
                              : !board.isLegalMove(sq.move.row, sq.move.col, colour)) {
                    send("status illegal move " + printable(value, 20) + " in the game");
                    return;
                }
                if (!sq.isPass) board.applyMove(sq.move.row, sq.move.col, colour);
                used[colour == kBlack ? 0 : 1] += moveSeconds(value);
                side = opponentOf(colour);
            }
        }
        board_ = board;
        toMove_ = side;
        clock_ = clock;
        used_[0] = used[0];
        used_[1] = used[1];
    }

    // A GGF time "[[h:]m:]s", then anything after '/' (increments, overtime): the main time in seconds;
    // -1 when there is none (no clock: the move time governs alone).
    static double parseClock(const std::string& value) {
        const std::string main = value.substr(0, value.find('/'));
        if (main.empty()) return -1;
        double total = 0;
        std::size_t at = 0;
        while (at <= main.size()) {
            const std::size_t colon = main.find(':', at);
            const std::string part = main.substr(at, colon == std::string::npos ? std::string::npos : colon - at);
            char* end = nullptr;
            const double v = std::strtod(part.c_str(), &end);
            if (part.empty() || *end != '\0' || !(v >= 0) || v > 1e6) return -1;
            total = total * 60 + v;
            if (colon == std::string::npos) break;
            at = colon + 1;
        }
        return total > 0 ? total : -1;
    }

    // The seconds a move took, from its "SQUARE/EVAL/TIME" text (0 when not given).
    static double moveSeconds(const std::string& text) {
        const std::size_t first = text.find('/');
        if (first == std::string::npos) return 0;
        const std::size_t second = text.find('/', first + 1);
        if (second == std::string::npos) return 0;
        const double t = std::strtod(text.c_str() + second + 1, nullptr);
        return t >= 0 && t < 1e6 ? t : 0;
    }

    // This move's CPU budget: the move time, or less when the game clock of the side to move says so
    // (its remaining time spread over its remaining moves, with a margin for the GUI's own overhead).
    double moveBudget() const {
        if (clock_ <= 0) return options_.moveTime;
        const double left = clock_ - used_[toMove_ == kBlack ? 0 : 1];
        const int movesLeft = std::max(1, (empties() + 1) / 2);
        return gameClockBudget(left, movesLeft, options_.moveTime);
    }

    // A move of the side to move; a pass only when it has no legal move (as GTP's play).
    void playText(const std::string& text) {
        const ParsedSquare sq = parseSquare(text.substr(0, text.find('/')), 8);
        if (!sq.ok) {
            send("status bad move " + printable(text, 20) + ": a square such as F5, or PA to pass");
            return;
        }
        if (sq.isPass ? board_.hasLegalMove(toMove_) : !board_.isLegalMove(sq.move.row, sq.move.col, toMove_)) {
            send("status illegal move " + printable(text, 20));
            return;
        }
        if (!sq.isPass) board_.applyMove(sq.move.row, sq.move.col, toMove_);
        used_[toMove_ == kBlack ? 0 : 1] += moveSeconds(text);
        toMove_ = opponentOf(toMove_);
    }

    int empties() const { return board_.count(kEmpty); }

    // The engine for this level and budget, kept from move to move with its tables.
    EngineMover& engine() {
        if (!engine_) {
            EngineOptions o;
            o.depthLimit = depth_;
            engine_ = std::make_unique<EngineMover>(o);
        }
        engine_->setMoveTime(moveBudget());
        return *engine_;
    }

    // A new engine of this level, its tables made now: before the GUI's ping is answered and its clock
    // starts, so that the first `go` spends its budget searching (the tables take 0.1 s to make).
    void makeEngine() {
        engine_.reset();
        engine().prepare(8);
    }

    void go() {
        send("status thinking");
        if (!board_.hasLegalMove(toMove_)) {
            send("=== PA");
            send("status");
            return;
        }
        EngineMover& e = engine();
        const Move m = e.chooseMove(board_, toMove_);
        const SearchReport& r = e.lastReport();
        const double eval = r.exact || r.proven() ? r.margin() : r.score / 100.0;
        send("nodestats " + std::to_string(r.nodes) + fmt(" %.2f", r.seconds));
        send("=== " + squareName(m) + fmt("/%.2f", eval) + fmt("/%.2f", r.seconds));
        send("status");
    }

    void hint(int n) {
        send("status thinking");
        if (board_.isGameOver()) {
            // The game is over: the final margin for the side to move, exact (empty squares go to the
            // winner, as the solver counts them).
            int margin = board_.count(toMove_) - board_.count(opponentOf(toMove_));
            margin += margin > 0 ? empties() : margin < 0 ? -empties() : 0;
            send("search PA " + fmt("%.2f", margin) + " 0 0@100%");
            send("status");
            return;
        }
        if (!board_.hasLegalMove(toMove_)) {
            send("search PA 0.00 0 0");
            send("status");
            return;
        }
        // Every move searched after it is played (analyse.hpp), a share of the budget each.
        EngineOptions o;
        o.moveTime = std::max(0.01, moveBudget() / 4);
        o.depthLimit = depth_ > 1 ? depth_ - 1 : depth_;
        const std::vector<MoveAnalysis> all = analysePosition(board_, toMove_, o);
        for (int i = 0; i < n && i < static_cast<int>(all.size()); ++i) {
            const MoveAnalysis& a = all[static_cast<std::size_t>(i)];
            const double eval = a.exact || a.proven ? a.margin : a.score / 100.0;
            const int depth = a.exact ? empties() : a.depth + 1;
            send("search " + squareName(a.move) + fmt(" %.2f", eval) + " 0 " + std::to_string(depth) +
                 (a.exact ? "@100%" : ""));
        }
        send("status");
    }

    std::ostream& out_;
    NBoardOptions options_;
    Board board_{8};
    char toMove_ = kBlack;
    int depth_ = 0;             // set depth: 0 for no limit but the time
    double clock_ = -1;         // the GGF game clock in seconds (TI), -1: none given
    double used_[2] = {0, 0};   // seconds used by black and white, from the moves' times
    std::unique_ptr<EngineMover> engine_;  // made at `nboard`, kept across moves (its tables too) until the level changes
};

}  // namespace

int runNBoard(std::istream& in, std::ostream& out, const NBoardOptions& options) {
    NBoardEngine engine(out, options);
    std::string line;
    // Commands are short; a GGF game in `set game` is a few kilobytes. Longer lines are cut (and then
    // rejected as malformed), never held whole.
    while (readBoundedLine(in, line, 1 << 16)) {
        if (!engine.handle(line) || !out) break;  // quit, or no one can read the replies
    }
    return 0;
}

}  // namespace reversi
