#include "programs/lab_programs.hpp"

#include <charconv>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

#include "platform/printable.hpp"
#include "players/greedy.hpp"
#include "platform/token_reader.hpp"

namespace reversi {

namespace {

// Thrown when standard input ends before the program is done; caught at the top of each program.
struct InputEnded {
    const char* waitingFor;
};
// Thrown when the transcript can no longer be written (a full disk): the run stops at once.
struct OutputFailed {};

// The next token; every read flushes the prompt first, so a failed write is seen before waiting for
// input that no one could be asked for.
std::string nextToken(TokenReader& reader, std::ostream& out, const char* waitingFor) {
    out.flush();
    if (!out) throw OutputFailed{};
    std::optional<std::string> token = reader.next();
    if (!token) throw InputEnded{waitingFor};
    return *token;
}

// A token as a message shows it: control bytes escaped, and "..." where TokenReader cut it.
std::string shown(const std::string& token) {
    if (!token.empty() && token.back() == '\x01') return printable(token.substr(0, token.size() - 1)) + "...";
    return printable(token);
}

int readDimension(TokenReader& reader, std::ostream& out, std::ostream& err) {
    for (;;) {
        out << "Enter the board dimension: ";
        const std::string token = nextToken(reader, out, "the board dimension");
        int n = 0;
        const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), n);
        if (ec == std::errc() && end == token.data() + token.size() && isValidSize(n)) return n;
        err << "reversi: the board dimension must be an even number from 4 to 26 (got \"" << shown(token)
            << "\")\n";
    }
}

char readComputerColour(TokenReader& reader, std::ostream& out, std::ostream& err, Edition edition) {
    for (;;) {
        out << (edition == Edition::k2018 ? "Computer plays (B/W) : " : "Computer plays (B/W): ");
        const std::string token = nextToken(reader, out, "the computer's colour");
        if (token == "B" || token == "W") return token[0];
        err << "reversi: the computer's colour must be B or W (got \"" << shown(token) << "\")\n";
    }
}

// A 3-character entry "Crc" (colour, row, column) on an n x n board, as lab6 reads them.
struct Entry {
    char colour;
    int row;
    int col;
};
std::optional<Entry> parseEntry(const std::string& token, int n) {
    if (token.size() != 3 || !isColour(token[0])) return std::nullopt;
    const Entry entry{token[0], letterIndex(token[1]), letterIndex(token[2])};
    if (!positionInBounds(n, entry.row, entry.col)) return std::nullopt;
    return entry;
}

// A 2-character move "rc" on an n x n board.
std::optional<Move> parseMove(const std::string& token, int n) {
    if (token.size() != 2) return std::nullopt;
    const Move move{letterIndex(token[0]), letterIndex(token[1])};
    if (!positionInBounds(n, move.row, move.col)) return std::nullopt;
    return move;
}

void printMoveList(std::ostream& out, const Board& board, char colour) {
    out << "Available moves for " << colour << ":\n";
    for (const Move m : board.legalMoves(colour)) out << indexLetter(m.row) << indexLetter(m.col) << '\n';
}

void announceWinner(std::ostream& out, const Board& board) {
    const int black = board.count(kBlack);
    const int white = board.count(kWhite);
    if (black > white)
        out << "B player wins.\n";
    else if (white > black)
        out << "W player wins.\n";
    else
        out << "Draw!\n";
}

// Runs a lab program's dialogue on a token reader of `in` and answers its exit status: the transcript
// written whole, input ended early, or a transcript that can no longer be written.
template <class Dialogue>
int runDialogue(std::istream& in, std::ostream& out, std::ostream& err, Dialogue&& dialogue) {
    TokenReader reader(in, out);
    try {
        dialogue(reader);
        out.flush();
        return out ? kExitOk : kExitOutputFailed;
    } catch (const InputEnded& ended) {
        out.flush();
        err << "reversi: input ended while waiting for " << ended.waitingFor << '\n';
        return kExitInputEnded;
    } catch (const OutputFailed&) {
        return kExitOutputFailed;
    }
}

// The computer's move, guarded: a mover that answers with an illegal move (a bug) must never make
// the program play one, so it falls back to the greedy choice and says so on `err`.
Move computerMove(Mover& computer, const Board& board, char colour, std::ostream& err) {
    const Move move = computer.chooseMove(board, colour);
    if (board.isLegalMove(move.row, move.col, colour)) return move;
    err << "reversi: " << printable(computer.name()) << " chose an illegal move; playing the greedy move instead\n";
    return greedyMove(board, colour);
}

}  // namespace

int runLab6(std::istream& in, std::ostream& out, std::ostream& err) {
    return runDialogue(in, out, err, [&](TokenReader& reader) {
        const int n = readDimension(reader, out, err);
        Board board(n);
        board.print(out);

        out << "Enter board configuration:\n";
        for (;;) {
            const std::string token = nextToken(reader, out, "a board configuration entry or !!!");
            if (token == "!!!") break;
            if (const auto entry = parseEntry(token, n))
                board.set(entry->row, entry->col, entry->colour);
            else
                err << "reversi: ignored configuration entry \"" << shown(token)
                    << "\" (expected colour B/W, row and column on the board, e.g. Bba)\n";
        }
        board.print(out);
        printMoveList(out, board, kWhite);
        printMoveList(out, board, kBlack);

        out << "Enter a move:\n";
        const std::string token = nextToken(reader, out, "a move");
        const auto entry = parseEntry(token, n);
        if (entry && board.applyMove(entry->row, entry->col, entry->colour) > 0)
            out << "Valid move.\n";
        else
            out << "Invalid move.\n";
        board.print(out);
    });
}

int runLabGame(std::istream& in, std::ostream& out, std::ostream& err, Mover& computer, Edition edition) {
    return runDialogue(in, out, err, [&](TokenReader& reader) {
        const int n = readDimension(reader, out, err);
        // The engine's tables now, before the colour prompt: a referee takes its first move's CPU mark
        // once it has answered that prompt.
        computer.prepare(n);
        const char computerColour = readComputerColour(reader, out, err, edition);
        Board board(n);
        board.print(out);
        out.flush();

        char turn = kBlack;
        for (;;) {
            if (!board.hasLegalMove(turn)) {
                if (!board.hasLegalMove(opponentOf(turn))) break;
                out << turn << " player has no valid move.\n";
                out.flush();
                turn = opponentOf(turn);
                continue;
            }
            if (turn == computerColour) {
                const Move move = computerMove(computer, board, turn, err);
                out << "Computer places " << turn << " at " << indexLetter(move.row) << indexLetter(move.col)
                    << ".\n";
                board.applyMove(move.row, move.col, turn);
            } else {
                out << "Enter move for colour " << turn << " (RowCol): ";
                const std::string token = nextToken(reader, out, "the human's move");
                const auto move = parseMove(token, n);
                if (!move || board.applyMove(move->row, move->col, turn) == 0) {
                    out << "Invalid move.\n" << computerColour << " player wins.\n";
                    return;
                }
            }
            board.print(out);
            // Every move and the board after it reach the pipe before the next search starts: a referee
            // on the other end must be able to time each computer move on its own (docs/lab-io.md).
            out.flush();
            turn = opponentOf(turn);
        }
        announceWinner(out, board);
    });
}

}  // namespace reversi
