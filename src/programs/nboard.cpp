#include "programs/nboard.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "search/endgame8.hpp"
#include "engine/engine.hpp"
#include "platform/line_reader.hpp"
#include "platform/printable.hpp"
#include "bitboard/position.hpp"
#include "rules/position_text.hpp"

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
        } else if (cmd == "set") {
            std::string what;
            words >> what;
            if (what == "depth") {
                int d = 0;
                if (words >> d) depth_ = std::clamp(d, 1, 60);
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
            if (tag == "BO") {
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
                side = opponentOf(colour);
            }
        }
        board_ = board;
        toMove_ = side;
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
        toMove_ = opponentOf(toMove_);
    }

    int empties() const { return board_.count(kEmpty); }

    struct Scored {
        Move move;
        double eval;
        bool exact;
        int depth;
        std::uint64_t nodes;
        double seconds;
    };

    // Best move of the side to move (which has a legal move).
    Scored best() {
        if (empties() <= options_.exactEmpties) {
            const Position<8> pos = Position<8>::fromBoard(board_, toMove_);
            const SolveResult r = solver_.solve(pos.P.w[0], pos.O.w[0]);
            return {squareToMove(8, r.move), static_cast<double>(r.score), true, empties(), r.nodes, r.seconds};
        }
        EngineMover engine(EngineOptions{options_.moveTime, depth_});
        const Move m = engine.chooseMove(board_, toMove_);
        const SearchReport& rep = engine.lastReport();
        return {m, rep.exact ? rep.score : rep.score / 100.0, rep.exact, rep.exact ? empties() : rep.depth, rep.nodes,
                rep.seconds};
    }

    void go() {
        send("status thinking");
        if (!board_.hasLegalMove(toMove_)) {
            send("=== PA");
            send("status");
            return;
        }
        const Scored s = best();
        send("nodestats " + std::to_string(s.nodes) + fmt(" %.2f", s.seconds));
        send("=== " + squareName(s.move) + fmt("/%.2f", s.eval) + fmt("/%.2f", s.seconds));
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
        std::vector<Scored> all;
        for (const Move m : board_.legalMoves(toMove_)) {
            Board child = board_;
            child.applyMove(m.row, m.col, toMove_);
            const char other = opponentOf(toMove_);
            Scored s{m, 0, false, 0, 0, 0};
            if (empties() - 1 <= options_.exactEmpties) {
                const Position<8> pos = Position<8>::fromBoard(child, other);
                s.eval = -solver_.solveWindow(pos.P.w[0], pos.O.w[0], -64, 64);
                s.exact = true;
                s.depth = empties();
            } else if (!child.hasLegalMove(other)) {
                // The opponent passes: the same side moves again.
                EngineMover engine(EngineOptions{options_.moveTime / 4, std::max(1, depth_ - 1)});
                if (child.hasLegalMove(toMove_)) {
                    engine.chooseMove(child, toMove_);
                    const SearchReport& r = engine.lastReport();
                    s.eval = r.exact ? r.score : r.score / 100.0;
                    s.exact = r.exact;
                    s.depth = r.depth + 1;
                } else {
                    s.eval = child.count(toMove_) - child.count(other);
                    s.exact = true;
                    s.depth = 1;
                }
            } else {
                EngineMover engine(EngineOptions{options_.moveTime / 4, std::max(1, depth_ - 1)});
                engine.chooseMove(child, other);
                const SearchReport& r = engine.lastReport();
                s.eval = -(r.exact ? r.score : r.score / 100.0);
                s.exact = r.exact;
                s.depth = r.depth + 1;
            }
            all.push_back(s);
        }
        std::stable_sort(all.begin(), all.end(), [](const Scored& a, const Scored& b) { return a.eval > b.eval; });
        for (int i = 0; i < n && i < static_cast<int>(all.size()); ++i) {
            const Scored& s = all[static_cast<std::size_t>(i)];
            send("search " + squareName(s.move) + fmt(" %.2f", s.eval) + " 0 " + std::to_string(s.depth) +
                 (s.exact ? "@100%" : ""));
        }
        send("status");
    }

    std::ostream& out_;
    NBoardOptions options_;
    Board board_{8};
    char toMove_ = kBlack;
    int depth_ = 8;
    EndgameSolver8 solver_{20};
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
