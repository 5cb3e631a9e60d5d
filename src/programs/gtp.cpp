#include "programs/gtp.hpp"

#include <algorithm>
#include <cctype>
#include <istream>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "platform/version.hpp"
#include "search/timeman.hpp"
#include "platform/line_reader.hpp"
#include "rules/position_text.hpp"

namespace reversi {

namespace {

const char* const kCommands[] = {"protocol_version", "name",     "version",   "known_command", "list_commands",
                                 "boardsize",        "clear_board", "komi",   "play",          "genmove",
                                 "undo",             "showboard", "final_score", "time_settings", "time_left",
                                 "quit"};

// GTP's game clock (time_settings, time_left), as each side's seconds and stones left; its budget for a
// move never exceeds the move time. Without time_settings, or with "no time limits" (byo-yomi time but
// no stones, as the GTP specification defines it), every move gets the move time.
class GtpClock {
public:
    void settings(double main, double byo, int stones) {
        settingsTimed_ = !(byo > 0 && stones == 0);
        main_ = main, byo_ = byo, stones_ = stones;
        newGame();
    }
    void newGame() {
        timed_ = settingsTimed_;
        for (int s = 0; s < 2; ++s) left_[s] = main_, stonesLeft_[s] = 0, inByoYomi_[s] = false;
    }
    // The controller's word for this game (a new game goes back to the settings).
    void left(int side, double seconds, int stones) {
        left_[side] = seconds;
        stonesLeft_[side] = stones;
        inByoYomi_[side] = stones > 0;
        timed_ = true;
    }
    // Our own moves count down our clock between the controller's time_left commands.
    void spent(int side, double seconds) {
        left_[side] -= seconds;
        if (inByoYomi_[side]) {
            if (--stonesLeft_[side] <= 0) left_[side] = byo_, stonesLeft_[side] = std::max(1, stones_);
        } else if (left_[side] <= 0 && stones_ > 0) {
            // Main time ran out during this move: its overrun comes off the first period, and it counts as
            // that period's first stone.
            left_[side] += byo_, stonesLeft_[side] = stones_ - 1, inByoYomi_[side] = true;
            if (stonesLeft_[side] <= 0) left_[side] = byo_, stonesLeft_[side] = stones_;
        }
    }
    double budget(int side, int empties, double moveTime) const {
        if (!timed_) return moveTime;
        if (inByoYomi_[side]) return gameClockBudget(left_[side], stonesLeft_[side], moveTime);
        // Main time: spread over this side's remaining moves; a byo-yomi period after it is a reserve.
        const double reserve = stones_ > 0 ? byo_ / stones_ : 0;
        return std::max(gameClockBudget(left_[side], (empties + 1) / 2, moveTime), std::min(moveTime, 0.8 * reserve));
    }

private:
    bool settingsTimed_ = false;  // time_settings gave a clock
    bool timed_ = false;          // this game has one (time_settings, or a time_left since the game began)
    double main_ = 0, byo_ = 0;
    int stones_ = 0;
    double left_[2] = {0, 0};
    int stonesLeft_[2] = {0, 0};
    bool inByoYomi_[2] = {false, false};
};

class GtpEngine {
public:
    explicit GtpEngine(const GtpOptions& options) : options_(options) { reset(8); }

    struct Reply {
        bool ok = true;
        std::string text;
        bool quit = false;
    };

    Reply handle(const std::string& cmd, std::istringstream& args) {
        if (cmd == "protocol_version") return {true, "2"};
        if (cmd == "name") return {true, "reversi"};
        if (cmd == "version") return {true, REVERSI_VERSION};
        if (cmd == "known_command") return knownCommand(args);
        if (cmd == "list_commands") return listCommands();
        if (cmd == "boardsize") return boardSize(args);
        if (cmd == "clear_board") {
            reset(board_.size());
            // The new game's engine and its tables are made now, not in the first genmove's time (a
            // controller sends clear_board before a game; start-up and boardsize make none).
            engine().prepare(board_.size());
            return {};
        }
        if (cmd == "komi") return {};
        if (cmd == "time_settings") return timeSettings(args);
        if (cmd == "time_left") return timeLeft(args);
        if (cmd == "play") return play(args);
        if (cmd == "genmove") return genMove(args);
        if (cmd == "undo") return undo();
        // Not "\n" + showBoard(): GCC 12 warns of a restrict overlap there (a false positive).
        if (cmd == "showboard") return {true, std::string("\n").append(showBoard())};
        if (cmd == "final_score") return finalScore();
        if (cmd == "quit") return {true, "", true};
        return {false, "unknown command"};
    }

private:
    static Reply knownCommand(std::istringstream& args) {
        std::string c;
        args >> c;
        return {true, std::find(std::begin(kCommands), std::end(kCommands), c) != std::end(kCommands) ? "true" : "false"};
    }
    static Reply listCommands() {
        std::string s;
        for (const char* c : kCommands) s += std::string(s.empty() ? "" : "\n") + c;
        return {true, s};
    }
    Reply boardSize(std::istringstream& args) {
        int n = 0;
        if (!(args >> n) || !isValidSize(n)) return {false, "unacceptable size"};
        reset(n);
        return {};
    }
    Reply play(std::istringstream& args) {
        std::string c, v;
        if (!(args >> c >> v)) return {false, "syntax error"};
        const char colour = parseColour(c);
        if (!colour) return {false, "syntax error"};
        const ParsedSquare sq = parseSquare(v, board_.size());
        if (!sq.ok) return {false, "illegal move"};
        if (sq.isPass) {
            if (board_.hasLegalMove(colour)) return {false, "illegal move"};
            push();
            return {};
        }
        if (!board_.isLegalMove(sq.move.row, sq.move.col, colour)) return {false, "illegal move"};
        push();
        board_.applyMove(sq.move.row, sq.move.col, colour);
        return {};
    }
    Reply genMove(std::istringstream& args) {
        std::string c;
        const char colour = (args >> c) ? parseColour(c) : 0;
        if (!colour) return {false, "syntax error"};
        push();
        if (!board_.hasLegalMove(colour)) return {true, "pass"};
        EngineMover& e = engine();
        e.setMoveTime(clock_.budget(side(colour), board_.count(kEmpty), options_.moveTime));
        const Move m = e.chooseMove(board_, colour);
        clock_.spent(side(colour), e.lastReport().seconds);
        board_.applyMove(m.row, m.col, colour);
        return {true, squareName(m)};
    }
    Reply undo() {
        if (history_.empty()) return {false, "cannot undo"};
        board_ = history_.back();
        history_.pop_back();
        return {};
    }
    Reply finalScore() const {
        const int b = board_.count(kBlack), w = board_.count(kWhite), e = board_.count(kEmpty);
        if (b == w) return {true, "0"};
        return {true, std::string(b > w ? "B+" : "W+") + std::to_string(std::abs(b - w) + e)};
    }
    static char parseColour(std::string c) {
        for (char& ch : c) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (c == "b" || c == "black") return kBlack;
        if (c == "w" || c == "white") return kWhite;
        return 0;
    }
    // time_settings MAIN BYO_YOMI STONES (seconds): a new game clock for both sides.
    Reply timeSettings(std::istringstream& args) {
        double main = 0, byo = 0;
        int stones = 0;
        if (!(args >> main >> byo >> stones) || !(main >= 0) || !(byo >= 0) || stones < 0 || main > 1e9 || byo > 1e9)
            return {false, "syntax error"};
        clock_.settings(main, byo, stones);
        return {};
    }
    // time_left COLOUR TIME STONES: the controller's word on a side's clock (STONES 0: main time).
    Reply timeLeft(std::istringstream& args) {
        std::string c;
        double left = 0;
        int stones = 0;
        if (!(args >> c >> left >> stones) || !parseColour(c) || !(left > -1e9 && left < 1e9) || stones < 0)
            return {false, "syntax error"};
        clock_.left(side(parseColour(c)), left, stones);
        return {};
    }
    static int side(char colour) { return colour == kBlack ? 0 : 1; }

    void reset(int n) {
        board_ = Board(n);
        clock_.newGame();
        history_.clear();
        engine_.reset();  // made when first needed
    }
    EngineMover& engine() {
        if (!engine_) engine_ = std::make_unique<EngineMover>(EngineOptions{options_.moveTime, options_.depth});
        return *engine_;
    }
    void push() { history_.push_back(board_); }

    std::string showBoard() const {
        const int n = board_.size();
        std::string s = "   ";
        for (int c = 0; c < n; ++c) s += std::string(" ") + static_cast<char>('a' + c);
        s += '\n';
        for (int r = 0; r < n; ++r) {
            const std::string num = std::to_string(r + 1);
            s += std::string(3 - num.size(), ' ') + num;
            for (int c = 0; c < n; ++c) {
                const char cell = board_.at(r, c);
                s += cell == kBlack ? " X" : cell == kWhite ? " O" : " .";
            }
            s += '\n';
        }
        s += "black (X) " + std::to_string(board_.count(kBlack)) + ", white (O) " + std::to_string(board_.count(kWhite));
        return s;
    }

    GtpOptions options_;
    Board board_{8};
    std::vector<Board> history_;
    std::unique_ptr<EngineMover> engine_;
    GtpClock clock_;
};

}  // namespace

int runGtp(std::istream& in, std::ostream& out, const GtpOptions& options) {
    GtpEngine engine(options);
    std::string line;
    // Commands are short: a longer line is cut (and then rejected as malformed), never held whole.
    while (readBoundedLine(in, line, 1 << 16)) {
        // Control characters but tab and newline are removed; tabs become spaces; '#' starts a comment.
        std::string clean;
        for (const char c : line) {
            if (c == '#') break;
            if (c == '\t') clean += ' ';
            else if (static_cast<unsigned char>(c) >= 32 && c != 127) clean += c;
        }
        std::istringstream words(clean);
        std::string first;
        if (!(words >> first)) continue;
        std::string id;
        if (std::all_of(first.begin(), first.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
            id = first;
            if (!(words >> first)) continue;
        }
        const GtpEngine::Reply r = engine.handle(first, words);
        out << (r.ok ? "=" : "?") << id << (r.text.empty() || r.text[0] == '\n' ? "" : " ") << r.text << "\n\n" << std::flush;
        if (r.quit) break;
    }
    return 0;
}

}  // namespace reversi
