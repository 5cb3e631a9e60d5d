#include "programs/grade_cases.hpp"

#include <sstream>
#include <stdexcept>

#include "platform/splitmix.hpp"
#include "players/greedy.hpp"
#include "rules/board.hpp"

namespace reversi {

namespace {

class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t below(std::uint64_t bound) { return bound ? splitmixNext(state_) % bound : 0; }
    bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }

private:
    std::uint64_t state_;
};

std::string square(int row, int col) { return {indexLetter(row), indexLetter(col)}; }

LabCase lab6Case(std::uint64_t seed, int index) {
    Random rng(seed);
    const int n = 4 + 2 * (index % 12);
    Board board(n);
    std::string input = std::to_string(n) + "\n";
    const int entries = static_cast<int>(rng.below(static_cast<std::uint64_t>(n * n / 2 + 1)));
    for (int e = 0; e < entries; ++e) {
        const char colour = rng.chance(50) ? kBlack : kWhite;
        const int row = static_cast<int>(rng.below(n)), col = static_cast<int>(rng.below(n));
        board.set(row, col, colour);
        input += std::string(1, colour) + square(row, col) + (e % 8 == 7 ? "\n" : " ");
    }
    input += "!!!\n";
    char colour = rng.chance(50) ? kBlack : kWhite;
    const std::vector<Move> legal = board.legalMoves(colour);
    bool legalMove = false;
    Move move{static_cast<int>(rng.below(n)), static_cast<int>(rng.below(n))};
    if (!legal.empty() && rng.chance(55)) {
        move = legal[rng.below(legal.size())];
        legalMove = true;
    }
    input += std::string(1, colour) + square(move.row, move.col) + "\n";
    LabCase c;
    c.input = input;
    c.description = std::to_string(n) + "x" + std::to_string(n) + ", " + std::to_string(entries) +
                    " configuration entries, " + (legalMove ? "a legal move" : "a move that may be invalid");
    std::istringstream in(input);
    std::ostringstream out, err;
    runLab6(in, out, err);
    c.expected = out.str();
    return c;
}

// A taken square, a square that flips nothing, or a square off the board, as `person`'s last move
// (`m`); returns how the case's description says the game ends.
std::string invalidMove(const Board& board, char person, Random& rng, Move& m) {
    const int n = board.size();
    std::vector<Move> taken, empty;
    for (int r = 0; r < n; ++r)
        for (int col = 0; col < n; ++col) {
            if (board.at(r, col) != kEmpty)
                taken.push_back({r, col});
            else if (!board.isLegalMove(r, col, person))
                empty.push_back({r, col});
        }
    int kind = static_cast<int>(rng.below(3));
    if (kind == 1 && empty.empty()) kind = 0;
    if (kind == 2 && n == 26) kind = 0;  // no lower-case letter is off a 26x26 board
    m = Move{n, static_cast<int>(rng.below(n))};  // kind 2, off the board: the row after the last
    if (kind == 0) m = taken[rng.below(taken.size())];
    if (kind == 1) m = empty[rng.below(empty.size())];
    return kind == 0   ? "ends with a move on a taken square"
           : kind == 1 ? "ends with a move that flips nothing"
                       : "ends with a move off the board";
}

// One Part 1 game; false when it is not the game wanted: no pass though `needPass`, or over before the
// invalid move it should end with.
bool part1Case(std::uint64_t seed, int index, bool needPass, Edition edition, LabCase& c) {
    Random rng(seed);
    const int n = 4 + 2 * (index % 12);
    const bool flip = (index / 12) % 2 == 1;
    const char computer = (index % 2 == 0) != flip ? kBlack : kWhite;
    const char person = opponentOf(computer);
    const bool endInvalid = index % 3 == 2;
    Board board(n);
    char turn = kBlack;
    std::string input = std::to_string(n) + "\n" + computer + "\n";
    int passes = 0, personMoves = 0;
    // Where the invalid move comes: after a random number of the person's moves.
    const int invalidAt = endInvalid ? static_cast<int>(rng.below(static_cast<std::uint64_t>(n * n / 4 + 1))) : -1;
    std::string ending = "played to the end";
    while (!board.isGameOver()) {
        if (!board.hasLegalMove(turn)) {
            ++passes;
            turn = opponentOf(turn);
            continue;
        }
        if (turn == computer) {
            const Move m = greedyMove(board, turn);
            board.applyMove(m.row, m.col, turn);
        } else {
            if (personMoves == invalidAt) {
                Move m;
                ending = invalidMove(board, person, rng, m);
                input += square(m.row, m.col) + "\n";
                break;
            }
            const std::vector<Move> legal = board.legalMoves(turn);
            const Move m = legal[rng.below(legal.size())];
            board.applyMove(m.row, m.col, turn);
            input += square(m.row, m.col) + "\n";
            ++personMoves;
        }
        turn = opponentOf(turn);
    }
    if (needPass && passes == 0) return false;
    if (endInvalid && ending == "played to the end") return false;  // the game ended before the invalid move
    c.input = input;
    c.description = std::to_string(n) + "x" + std::to_string(n) + ", computer " + computer + ", " +
                    std::to_string(passes) + (passes == 1 ? " pass, " : " passes, ") + ending;
    std::istringstream in(input);
    std::ostringstream out, err;
    GreedyMover greedy;
    runLabGame(in, out, err, greedy, edition);
    c.expected = out.str();
    return true;
}

}  // namespace

namespace {

// Each lab's short name (grade's argument, file names) and its program's name.
struct LabNames {
    GradedLab lab;
    const char* name;
    const char* program;
};
constexpr LabNames kLabNames[] = {{GradedLab::kLab6, "lab6", "lab6"},
                                  {GradedLab::kPart1, "part1", "lab7part1"},
                                  {GradedLab::kPart2, "part2", "lab7part2"}};

const LabNames& namesOf(GradedLab lab) {
    for (const LabNames& n : kLabNames)
        if (n.lab == lab) return n;
    throw std::invalid_argument("unknown lab");
}

}  // namespace

const char* labName(GradedLab lab) { return namesOf(lab).name; }

const char* labProgramName(GradedLab lab) { return namesOf(lab).program; }

GradedLab parseLabName(const std::string& name) {
    for (const LabNames& n : kLabNames)
        if (name == n.name || name == n.program) return n.lab;
    throw std::invalid_argument("unknown lab \"" + name + "\" (lab6, part1 or part2)");
}

std::vector<LabCase> hiddenCases(GradedLab lab, std::uint64_t seed, int count, Edition edition) {
    if (lab == GradedLab::kPart2) throw std::invalid_argument("Part 2 is graded by games, not cases");
    std::vector<LabCase> cases;
    for (int i = 0; i < count; ++i) {
        const std::uint64_t caseSeed = mixSeed(mixSeed(seed, lab == GradedLab::kLab6 ? 6 : 7), static_cast<std::uint64_t>(i));
        if (lab == GradedLab::kLab6) {
            cases.push_back(lab6Case(caseSeed, i));
            continue;
        }
        LabCase c;
        bool made = false;
        for (std::uint64_t attempt = 0; attempt < 500 && !made; ++attempt)
            made = part1Case(mixSeed(caseSeed, attempt), i, i % 4 == 0, edition, c);
        for (std::uint64_t attempt = 0; !made; ++attempt)  // without the pass, then
            made = part1Case(mixSeed(caseSeed, 1000 + attempt), i, false, edition, c);
        cases.push_back(std::move(c));
    }
    return cases;
}

}  // namespace reversi
