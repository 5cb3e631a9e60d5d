#include "programs/play_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "eval/evaluate.hpp"
#include "platform/printable.hpp"
#include "arena/player.hpp"
#include "programs/line_input.hpp"
#include "platform/splitmix.hpp"

namespace reversi {

namespace {

std::string lowerCase(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string moveList(const std::vector<Move>& moves) {
    std::string text;
    for (const Move m : moves) {
        if (!text.empty()) text += ' ';
        text += othelloNotation(m);
    }
    return text;
}

std::string plural(int n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string resultText(const Board& board) {
    const int b = board.count(kBlack), w = board.count(kWhite);
    std::string text = "Final score: Black " + std::to_string(b) + ", White " + std::to_string(w) + ". ";
    if (b == w) return text + "It is a draw.";
    return text + (b > w ? "Black" : "White") + " wins by " + plural(std::abs(b - w), "disc") + ".";
}

// The evaluation of an engine report in words, from the mover's point of view.
std::string evaluationText(const SearchReport& report) {
    char buffer[96];
    const int margin = report.margin();
    if (report.exact && margin == 0) {
        std::snprintf(buffer, sizeof buffer, "a draw with best play");
    } else if (report.exact || report.proven()) {
        // An exact result carries its margin (it was read as a draw whatever it was); a proven one a bound.
        std::snprintf(buffer, sizeof buffer, "%s by %s%d with best play", margin > 0 ? "wins" : "loses",
                      report.exact ? "" : "at least ", std::abs(margin));
    } else {
        std::snprintf(buffer, sizeof buffer, "evaluation %+.2f discs, %d plies deep", report.score / 100.0,
                      report.depth);
    }
    return buffer;
}

const char* kHelp =
    "Type a move as column letter and row number (f5) or as the lab's row and column letters (ef).\n"
    "Commands:\n"
    "  moves       list the legal moves and mark them on the board\n"
    "  hint        the engine's suggestion and its evaluation\n"
    "  undo        take back moves to your previous turn\n"
    "  pass        pass (only when you have no legal move; passes are otherwise automatic)\n"
    "  save FILE   save the game so far (load it with `load FILE` or `reversi play --load FILE`)\n"
    "  load FILE   continue a saved game\n"
    "  board       draw the board again\n"
    "  quit        stop playing (the game so far is printed, so that it can be saved)\n"
    "  help        this list\n";

struct State {
    Board board{8};
    char toMove = kBlack;  // with a legal move, unless the game is over
    Move last = kNoMove;
    bool over = false;
};

class Game {
public:
    Game(LineInput& input, std::ostream& out, std::ostream& err, const PlayOptions& options)
        : input_(input), out_(out), err_(err), o_(options), size_(options.size) {}

    // 0: game finished or quit; 1: input ended; 2: bad options. `quit` tells a quit from a finish.
    int play(bool& quit);

private:
    const Seat& seat(char colour) const { return colour == kBlack ? o_.black : o_.white; }
    std::string who(char colour) const { return std::string(colourName(colour)) + " (" + seat(colour).label() + ")"; }
    State& current() { return history_.back(); }
    std::vector<Move> playedMoves() const {
        std::vector<Move> moves;
        for (std::size_t i = 1; i < history_.size(); ++i) moves.push_back(history_[i].last);
        return moves;
    }
    std::string record() const { return compactRecord(size_, playedMoves()); }
    void recordChanged() {
        if (o_.onRecord) o_.onRecord(record());
    }

    void reset(int size) {
        size_ = size;
        history_.clear();
        State start;
        start.board = Board(size);
        history_.push_back(start);
        settle(history_.back(), false);
        for (const auto& mover : {blackMover_.get(), whiteMover_.get()})
            if (mover) mover->prepare(size);  // the engines' tables for this size, before their first move
    }
    // After a move: the side to move passes when it has no move; the game ends when neither can move.
    void settle(State& s, bool announce) {
        if (s.board.isGameOver()) {
            s.over = true;
            return;
        }
        if (!s.board.hasLegalMove(s.toMove)) {
            if (announce)
                messages_.push_back(who(s.toMove) + " has no legal move and passes; " + colourName(opponentOf(s.toMove)) +
                                    " moves again.");
            s.toMove = opponentOf(s.toMove);
        }
    }
    void apply(Move m) {
        State next = current();
        const char colour = next.toMove;
        const int flipped = next.board.applyMove(m.row, m.col, colour);
        next.last = m;
        next.toMove = opponentOf(colour);
        messages_.push_back(who(colour) + " plays " + othelloNotation(m) + ", flipping " + plural(flipped, "disc") + ".");
        settle(next, true);
        history_.push_back(next);
        recordChanged();
    }
    bool loadMoves(int size, const std::vector<Move>& moves) {
        Replay replay;
        try {
            replay = replayGame(size, moves);
        } catch (const std::exception& e) {
            messages_.push_back(std::string("Cannot load: ") + e.what());
            return false;
        }
        reset(size);
        for (const Move m : moves) {
            State next = current();
            next.board.applyMove(m.row, m.col, next.toMove);
            next.last = m;
            next.toMove = opponentOf(next.toMove);
            settle(next, false);
            history_.push_back(next);
        }
        recordChanged();
        return true;
    }

    void draw(bool markLegal) {
        const State& s = current();
        out_ << clearScreen(o_.clearScreen ? o_.view : ViewOptions{});
        const std::vector<Move> legal = markLegal && !s.over ? s.board.legalMoves(s.toMove) : std::vector<Move>{};
        out_ << renderBoard(s.board, o_.view, s.last, legal);
        out_ << renderScoreLine(s.board, o_.view, o_.black.label(), o_.white.label(), s.over ? 0 : s.toMove);
        for (const std::string& m : messages_) out_ << m << "\n";
        messages_.clear();
        out_.flush();
    }

    void sleepSeconds(double seconds) {
        if (seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    }

    std::unique_ptr<Mover>& moverFor(char colour) { return colour == kBlack ? blackMover_ : whiteMover_; }

    enum class Turn { kMoved, kQuit, kEof, kOutputFailed };
    // What a human typed at the prompt: a move or a command (save FILE, load FILE: the rest of the line).
    struct Typed {
        std::string word, command, path;
        bool isFileCommand() const { return command == "save" || command == "load"; }
    };
    Turn humanTurn();
    // Each returns the end of the turn, or nothing when the human is asked again.
    std::optional<Turn> prompt(char colour, Typed& typed);
    std::optional<Turn> obey(const Typed& typed, char colour, bool& redraw);
    std::optional<Turn> fileCommand(const std::string& command, const std::string& path);
    std::optional<Turn> tryMove(const std::string& word, char colour, const std::vector<Move>& legal);
    void hint();
    bool undo();
    void save(const std::string& path);
    void finish();

    LineInput& input_;
    std::ostream& out_;
    std::ostream& err_;
    const PlayOptions& o_;
    int size_;
    std::vector<State> history_;
    std::vector<std::string> messages_;
    std::unique_ptr<Mover> blackMover_, whiteMover_;
    bool showMoves_ = false;
};

std::string seatComment(const PlayOptions& o) {
    auto one = [](const Seat& s) { return s.name.empty() ? s.spec : s.name + " (" + s.spec + ")"; };
    return "black " + one(o.black) + ", white " + one(o.white);
}

void Game::save(const std::string& path) {
    RecordedGame game;
    game.size = size_;
    game.moves = playedMoves();
    game.comments.push_back("reversi play: " + seatComment(o_) + ", " + std::to_string(size_) + "x" +
                            std::to_string(size_));
    if (current().over) game.comments.push_back(resultText(current().board));
    try {
        writeFileAtomically(path, formatRecordedGame(game));
        out_ << "Saved " << plural(static_cast<int>(game.moves.size()), "move") << " to " << printable(path) << ".\n";
    } catch (const std::exception& e) {
        out_ << "Cannot save: " << printable(e.what()) << "\n";
    }
}

void Game::hint() {
    const State& s = current();
    EngineMover engine(o_.hintEngine);
    engine.prepare(s.board.size());  // the hint gets its whole time to search
    const Move m = engine.chooseMove(s.board, s.toMove);
    if (m.isNone()) {
        out_ << "No hint: no legal move.\n";
        return;
    }
    out_ << "Hint: " << othelloNotation(m) << " (" << evaluationText(engine.lastReport()) << ", for "
         << colourName(s.toMove) << ").\n";
}

bool Game::undo() {
    for (std::size_t k = history_.size() - 1; k-- > 0;) {
        if (!history_[k].over && seat(history_[k].toMove).isHuman()) {
            const std::size_t undone = history_.size() - 1 - k;
            history_.resize(k + 1);
            messages_.push_back("Took back " + plural(static_cast<int>(undone), "move") + "; " +
                                colourName(current().toMove) + " to move.");
            recordChanged();
            return true;
        }
    }
    out_ << "Nothing to undo.\n";
    return false;
}

Game::Turn Game::humanTurn() {
    const char colour = current().toMove;
    bool redraw = true;
    showMoves_ = false;
    while (true) {
        if (redraw) draw(showMoves_ || o_.showMoves);
        redraw = false;
        Typed typed;
        if (const auto ended = prompt(colour, typed)) return *ended;
        if (typed.word.empty()) continue;
        if (const auto done = obey(typed, colour, redraw)) return *done;
    }
}

std::optional<Game::Turn> Game::prompt(char colour, Typed& typed) {
    const bool queued = input_.hasQueuedWords();
    out_ << styled(std::string(colourName(colour)) + " to move", "1", o_.view) << " (" << seat(colour).label()
         << "): ";
    out_.flush();
    if (!out_) return Turn::kOutputFailed;
    if (!input_.nextWord(typed.word)) {
        out_ << "\n";
        return Turn::kEof;
    }
    typed.command = lowerCase(typed.word);
    if (typed.isFileCommand()) typed.path = input_.restOfLine();
    if (queued || o_.echoInput)
        out_ << printable(typed.word) << (typed.path.empty() ? "" : " ") << printable(typed.path) << "\n";
    return std::nullopt;
}

std::optional<Game::Turn> Game::obey(const Typed& typed, char colour, bool& redraw) {
    const std::string& command = typed.command;
    const std::vector<Move> legal = current().board.legalMoves(colour);
    if (command == "help" || command == "?" || command == "h") {
        out_ << kHelp;
    } else if (command == "quit" || command == "exit" || command == "q") {
        return Turn::kQuit;
    } else if (command == "moves") {
        showMoves_ = true;
        messages_.push_back("Legal moves for " + std::string(colourName(colour)) + ": " + moveList(legal) + ".");
        redraw = true;
    } else if (command == "board") {
        redraw = true;
    } else if (command == "hint") {
        hint();
    } else if (command == "undo") {
        if (undo()) return Turn::kMoved;
    } else if (command == "pass") {
        out_ << "You cannot pass: " << colourName(colour) << " has legal moves (" << moveList(legal)
             << "). Passes happen by themselves when a side has none.\n";
    } else if (typed.isFileCommand()) {
        return fileCommand(command, typed.path);
    } else {
        return tryMove(typed.word, colour, legal);
    }
    return std::nullopt;
}

std::optional<Game::Turn> Game::fileCommand(const std::string& command, const std::string& path) {
    if (path.empty()) {
        out_ << "Give a file name: " << command << " FILE\n";
        return std::nullopt;
    }
    if (command == "save") {
        save(path);
        return std::nullopt;
    }
    try {
        const RecordedGame game = loadRecordedGame(path);
        if (loadMoves(game.size, game.moves)) {
            messages_.push_back("Loaded " + plural(static_cast<int>(game.moves.size()), "move") + " from " +
                                printable(path) + ".");
            return Turn::kMoved;
        }
        out_ << messages_.back() << "\n";
        messages_.clear();
    } catch (const std::exception& e) {
        out_ << "Cannot load: " << printable(e.what()) << "\n";
    }
    return std::nullopt;
}

std::optional<Game::Turn> Game::tryMove(const std::string& word, char colour, const std::vector<Move>& legal) {
    const Board& board = current().board;
    const ParsedMove parsed = parseMoveText(word, size_);
    std::string problem;
    if (!parsed.ok()) {
        problem = parsed.error + "; type help for the commands";
    } else {
        const Move m = parsed.move;
        const char there = board.at(m.row, m.col);
        if (there != kEmpty) {
            problem = othelloNotation(m) + " is taken by a " + (there == kBlack ? "black" : "white") + " disc";
        } else if (!board.isLegalMove(m.row, m.col, colour)) {
            problem = othelloNotation(m) + " flips nothing: a move must enclose " +
                      (colour == kBlack ? "white" : "black") + " discs in a line";
        } else {
            apply(m);
            return Turn::kMoved;
        }
    }
    out_ << "Not a legal move: " << problem << ". Legal moves: " << moveList(legal) << ".\n";
    input_.discardLine();
    return std::nullopt;
}

void Game::finish() {
    draw(false);
    out_ << styled("Game over.", "1", o_.view) << " " << resultText(current().board) << "\n";
    out_ << "Game record: " << record() << "\n";
    if (!o_.recordPath.empty()) save(o_.recordPath);
    out_.flush();
}

int Game::play(bool& quit) {
    quit = false;
    for (const char colour : {kBlack, kWhite}) {
        const Seat& s = seat(colour);
        if (s.isHuman()) continue;
        try {
            const std::string problem = checkSeatSpec(s.spec);
            if (!problem.empty()) throw std::invalid_argument(problem);
            const PlayerSpec player = parsePlayer(s.spec);
            moverFor(colour) = makeBuiltinMover(player, player.hasSeed ? player.seed : mixSeed(o_.seed, colour));
        } catch (const std::exception& e) {
            err_ << "reversi: " << colourName(colour) << " seat \"" << printable(s.spec, 60) << "\": " << printable(e.what())
                 << "\n";
            return 2;
        }
    }
    reset(size_);
    if (!o_.startMoves.empty() && !loadMoves(size_, o_.startMoves)) {
        err_ << "reversi: " << printable(messages_.back()) << "\n";
        return 2;
    }
    recordChanged();
    const bool watching = !o_.black.isHuman() && !o_.white.isHuman();
    if (o_.black.isHuman() || o_.white.isHuman())
        messages_.push_back("Type a move (f5 or ef), or help for the commands.");
    while (!current().over) {
        const char colour = current().toMove;
        if (seat(colour).isHuman()) {
            const Turn turn = humanTurn();
            if (turn == Turn::kQuit) {
                out_ << "Quit. The game so far: " << record() << "\n";
                quit = true;
                return 0;
            }
            if (turn == Turn::kOutputFailed) return kPlayOutputFailed;
            if (turn == Turn::kEof) {
                out_.flush();
                err_ << "reversi: input ended in the middle of the game; the game so far: " << record() << "\n";
                return 1;
            }
            continue;
        }
        draw(o_.showMoves);
        out_ << who(colour) << " is thinking...\n";
        out_.flush();
        if (!out_) return kPlayOutputFailed;
        const Move m = moverFor(colour)->chooseMove(current().board, colour);
        if (m.isNone() || !current().board.isLegalMove(m.row, m.col, colour)) {
            err_ << "reversi: " << who(colour) << " chose an illegal move\n";
            return 2;
        }
        apply(m);
        if (watching) sleepSeconds(o_.delay);
    }
    finish();
    return 0;
}

}  // namespace

std::string Seat::label() const {
    if (!name.empty()) return name;
    return spec.substr(0, spec.find(':'));
}

std::string applyEngineSettings(const std::string& spec, int level, double moveTime) {
    if (spec != "part2") return spec;
    std::ostringstream text;
    text << "part2:time=" << moveTime;
    if (level > 0) text << ",depth=" << level;
    return text.str();
}

int runPlaySession(std::istream& in, std::ostream& out, std::ostream& err, const PlayOptions& options) {
    LineInput input(in);
    PlayOptions current = options;
    while (true) {
        Game game(input, out, err, current);
        bool quit = false;
        const int status = game.play(quit);
        if (status != 0 || quit || !options.askPlayAgain) return status;
        out << "Play again? [y/N]: ";
        out.flush();
        std::string answer;
        if (!input.readLine(answer)) {
            out << "\n";
            return 0;
        }
        answer = lowerCase(answer);
        if (answer != "y" && answer != "yes") return 0;
        current.startMoves.clear();
    }
}

int runReplay(const RecordedGame& game, std::istream& in, std::ostream& out, std::ostream& err,
              const ViewOptions& view, bool clear, bool waitForEnter, double delay) {
    Replay replay;
    try {
        replay = replayGame(game.size, game.moves);
    } catch (const std::exception& e) {
        err << "reversi: " << e.what() << "\n";
        return 2;
    }
    LineInput input(in);
    const ViewOptions clearView = clear ? view : ViewOptions{};
    for (const std::string& c : game.comments) out << "# " << c << "\n";
    out << clearScreen(clearView);
    out << "Start (" << game.size << "x" << game.size << ", " << plural(static_cast<int>(game.moves.size()), "move")
        << ")\n";
    out << renderBoard(replay.start, view) << renderScoreLine(replay.start, view, "", "", kBlack);
    const std::size_t total = replay.steps.size();
    for (std::size_t i = 0; i <= total; ++i) {
        if (i > 0) {
            const ReplayStep& step = replay.steps[i - 1];
            out << clearScreen(clearView);
            if (step.passedBefore) out << colourName(opponentOf(step.colour)) << " has no legal move and passes.\n";
            out << "Move " << i << ": " << colourName(step.colour) << " plays " << othelloNotation(step.move)
                << ", flipping " << plural(step.flipped, "disc") << ".\n";
            const bool last = i == total;
            const char next = last ? (replay.finished ? 0 : replay.toMove) : replay.steps[i].colour;
            out << renderBoard(step.after, view, step.move) << renderScoreLine(step.after, view, "", "", next);
        }
        if (i == total) break;
        out.flush();
        if (waitForEnter) {
            out << "Enter: next move, q: stop ";
            out.flush();
            std::string line;
            if (!input.readLine(line) || lowerCase(line) == "q") {
                out << "\n";
                return 0;
            }
        } else if (delay > 0) {
            std::this_thread::sleep_for(std::chrono::duration<double>(delay));
        }
    }
    const Board& final = total ? replay.steps.back().after : replay.start;
    if (replay.finished)
        out << "Game over. " << resultText(final) << "\n";
    else
        out << "The record stops before the end of the game: " << colourName(replay.toMove) << " to move, Black "
            << final.count(kBlack) << ", White " << final.count(kWhite) << ".\n";
    out.flush();
    return 0;
}

}  // namespace reversi
