// Differential test: the bitboard engine (Position<N>, bb::legalMoves, bb::flips, perftCounts) against
// the lab's char-array Board, which is simple enough to check by eye. On every position of random
// games at every size 4..26, and on random (mostly unreachable) fillings of the board, both must agree
// on the legal moves of each side, the discs each move flips, passes, the end of the game and the
// board after every move; perft counts from the start and from random positions must agree with a
// plain recursive perft on the char array written here.
//
// Usage: differential [--positions N] [--seed S] [--perft-depth D] [--quiet]
//   --positions N   positions to compare per board size (default 20000; CI uses more)
//   --seed S        random seed (default 1); every failure prints the seed, size and ply to replay it
//   --perft-depth D depth of the perft comparisons from the start (default 5; smaller on big boards)
// Exit status: 0 all agreed, 1 a disagreement (described on standard error), 2 bad arguments.
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bitboard/bitboard.hpp"
#include "rules/board.hpp"
#include "bitboard/movegen.hpp"
#include "bitboard/perft.hpp"
#include "bitboard/position.hpp"

using namespace reversi;

namespace {

struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

struct Failure {
    std::string what;
};

std::string describe(const Board& board, char toMove, const std::string& context) {
    std::ostringstream out;
    out << context << " (" << board.size() << "x" << board.size() << ", " << toMove << " to move)\n";
    board.print(out);
    return out.str();
}

// --- The char-array side: only Board's own functions, plus a plain perft. -----------------------

void charPerft(const Board& board, char turn, int ply, int depth, std::vector<std::uint64_t>& counts) {
    const std::vector<Move> moves = board.legalMoves(turn);
    if (ply == depth - 1) {
        counts[static_cast<std::size_t>(ply)] += moves.empty() ? 1 : moves.size();
        return;
    }
    if (moves.empty()) {
        if (!board.hasLegalMove(opponentOf(turn))) {
            for (int d = ply; d < depth; ++d) ++counts[static_cast<std::size_t>(d)];
            return;
        }
        ++counts[static_cast<std::size_t>(ply)];
        charPerft(board, opponentOf(turn), ply + 1, depth, counts);
        return;
    }
    counts[static_cast<std::size_t>(ply)] += moves.size();
    for (const Move m : moves) {
        Board next = board;
        next.applyMove(m.row, m.col, turn);
        charPerft(next, opponentOf(turn), ply + 1, depth, counts);
    }
}

std::vector<std::uint64_t> charPerftCounts(const Board& board, char turn, int depth) {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(depth), 0);
    if (depth > 0) charPerft(board, turn, 0, depth, counts);
    return counts;
}

std::string countsText(const std::vector<std::uint64_t>& counts) {
    std::string text;
    for (const std::uint64_t c : counts) {
        if (!text.empty()) text += ' ';
        text += std::to_string(c);
    }
    return text;
}

// --- Comparisons --------------------------------------------------------------------------------

template <int N>
class Checker {
public:
    using B = bb::Bits<N>;

    explicit Checker(Rng& rng) : rng_(rng) {}
    // Every position of a game gets the cheap comparisons; one in kFullEvery also the full ones.
    static constexpr std::uint64_t kFullEvery = 8;
    std::uint64_t positions = 0;
    std::uint64_t movesChecked = 0;
    std::uint64_t passes = 0;
    std::uint64_t gameEnds = 0;

    // The comparisons on one position, `turn` to move: legal moves of both sides on every square,
    // passes, game end, disc counts; with `full`, also the flips of every empty square and the board
    // after every legal move. Returns the bitboard legal-move set.
    B comparePosition(const Board& board, char turn, const std::string& where, bool full) {
        ++positions;
        const Position<N> pos = Position<N>::fromBoard(board, turn);
        Board back(N);
        pos.toBoard(back, turn);
        if (!(back == board)) throw Failure{describe(board, turn, where + ": Position::fromBoard/toBoard round trip differs")};
        const B moves = pos.moves();
        const B theirs = pos.opponentMoves();
        const B empties = pos.empties();
        for (int row = 0; row < N; ++row)
            for (int col = 0; col < N; ++col) {
                const int sq = row * N + col;
                if (empties.test(sq) != (board.at(row, col) == kEmpty))
                    throw Failure{describe(board, turn, where + ": empties differ at " + square(row, col))};
                const int mine = board.flipCount(row, col, turn);
                if (moves.test(sq) != (mine > 0))
                    throw Failure{describe(board, turn, where + ": legality of " + square(row, col) + " for " + turn +
                                                             " differs: char " + std::to_string(mine > 0) + ", bitboard " +
                                                             std::to_string(moves.test(sq)))};
                if (theirs.test(sq) != board.isLegalMove(row, col, opponentOf(turn)))
                    throw Failure{describe(board, turn, where + ": legality of " + square(row, col) + " for " +
                                                             opponentOf(turn) + " differs")};
                if (!full || board.at(row, col) != kEmpty) continue;
                // Flips on every empty square (none where the move is illegal).
                const B f = pos.flipsFor(sq);
                if (f.count() != mine)
                    throw Failure{describe(board, turn, where + ": flips of " + square(row, col) + " differ: char " +
                                                             std::to_string(mine) + ", bitboard " + std::to_string(f.count()))};
                if (mine > 0) {
                    ++movesChecked;
                    Board after = board;
                    after.applyMove(row, col, turn);
                    Board viaBits(N);
                    pos.play(sq, f).toBoard(viaBits, opponentOf(turn));
                    if (!(after == viaBits))
                        throw Failure{describe(board, turn, where + ": board after " + square(row, col) + " differs")};
                }
            }
        const bool charOver = board.isGameOver();
        const bool bitsOver = moves.none() && theirs.none();
        if (charOver != bitsOver) throw Failure{describe(board, turn, where + ": game end differs")};
        if (moves.none() != !board.hasLegalMove(turn)) throw Failure{describe(board, turn, where + ": pass differs")};
        if (bitsOver) ++gameEnds;
        else if (moves.none()) ++passes;
        if (pos.discDifference() != board.count(turn) - board.count(opponentOf(turn)))
            throw Failure{describe(board, turn, where + ": disc counts differ")};
        return moves;
    }

    // One random game from the start: every position compared, the move played on both sides.
    void randomGame(std::uint64_t game, std::uint64_t budget) {
        Board board(N);
        Position<N> pos = Position<N>::fromBoard(board, kBlack);
        char turn = kBlack;
        for (int ply = 0; budget-- > 0; ++ply) {
            const std::string where = "game " + std::to_string(game) + " ply " + std::to_string(ply);
            const B moves = comparePosition(board, turn, where, positions % kFullEvery == 0);
            if (moves.none()) {
                if (pos.opponentMoves().none()) return;  // game over, agreed above
                pos = pos.passed();
                turn = opponentOf(turn);
                continue;
            }
            // A uniformly random legal move, the same on both sides.
            const std::vector<Move> list = board.legalMoves(turn);
            const Move m = list[static_cast<std::size_t>(rng_.below(static_cast<int>(list.size())))];
            const int flipped = board.applyMove(m.row, m.col, turn);
            const B f = pos.flipsFor(moveToSquare(N, m));
            if (f.count() != flipped)
                throw Failure{describe(board, turn, where + ": flips of the move played differ")};
            pos = pos.play(moveToSquare(N, m), f);
            turn = opponentOf(turn);
            if (!(Position<N>::fromBoard(board, turn) == pos))
                throw Failure{describe(board, turn, where + ": positions diverged after " + square(m.row, m.col))};
        }
    }

    // A random filling: each square empty, black or white, with a random density. Such positions are
    // mostly unreachable in play (isolated discs, full rows), which is the point: they reach the
    // corners of the shift and mask code that games rarely do.
    void randomFilling(std::uint64_t index) {
        Board board(N);
        const int emptyPercent = 10 + rng_.below(80);
        const int blackPercent = rng_.below(101);
        for (int row = 0; row < N; ++row)
            for (int col = 0; col < N; ++col) {
                char cell = kEmpty;
                if (rng_.below(100) >= emptyPercent) cell = rng_.below(100) < blackPercent ? kBlack : kWhite;
                board.set(row, col, cell);
            }
        comparePosition(board, rng_.below(2) ? kBlack : kWhite, "filling " + std::to_string(index), true);
    }

    // Perft on both sides from `board`.
    void comparePerft(const Board& board, char turn, int depth, const std::string& where) {
        const auto bits = perftCounts(board, turn, depth);
        const auto chars = charPerftCounts(board, turn, depth);
        if (bits != chars)
            throw Failure{describe(board, turn, where + ": perft to depth " + std::to_string(depth) + " differs: bitboard [" +
                                                     countsText(bits) + "], char array [" + countsText(chars) + "]")};
    }

    // A position `plies` random moves into a game (fewer if it ends).
    Board randomPosition(int plies, char& turn) {
        Board board(N);
        turn = kBlack;
        for (int i = 0; i < plies; ++i) {
            std::vector<Move> list = board.legalMoves(turn);
            if (list.empty()) {
                turn = opponentOf(turn);
                list = board.legalMoves(turn);
                if (list.empty()) break;
            }
            const Move m = list[static_cast<std::size_t>(rng_.below(static_cast<int>(list.size())))];
            board.applyMove(m.row, m.col, turn);
            turn = opponentOf(turn);
        }
        return board;
    }

private:
    static std::string square(int row, int col) { return {indexLetter(row), indexLetter(col)}; }
    Rng& rng_;
};

struct Totals {
    std::uint64_t positions = 0, moves = 0, passes = 0, gameEnds = 0, games = 0, perfts = 0, perftLeaves = 0;
};

template <int N>
void runSize(std::uint64_t seed, std::uint64_t target, int perftDepth, Totals& totals, bool quiet) {
    Rng rng{seed * 1000003ULL + N};
    Checker<N> checker(rng);
    const std::clock_t start = std::clock();
    // 7/8 of the positions from random games, the rest random fillings (always fully checked).
    const std::uint64_t fromGames = target - target / 8;
    std::uint64_t games = 0;
    while (checker.positions < fromGames) checker.randomGame(games++, fromGames - checker.positions);
    for (std::uint64_t i = 0; checker.positions < target; ++i) checker.randomFilling(i);

    // Perft: from the start (deep on small boards), and from random mid-game positions.
    const int startDepth = N <= 6 ? perftDepth + 3 : N <= 10 ? perftDepth : perftDepth - 1;
    std::uint64_t perfts = 0, leaves = 0;
    {
        Board board(N);
        checker.comparePerft(board, kBlack, startDepth, "perft from the start");
        leaves += perftCounts(board, kBlack, startDepth).back();
        ++perfts;
    }
    const int samples = N <= 8 ? 40 : 12;
    for (int i = 0; i < samples; ++i) {
        char turn = kBlack;
        const int plies = rng.below(N * N);
        const Board board = checker.randomPosition(plies, turn);
        const int depth = N <= 8 ? 4 : 3;
        checker.comparePerft(board, turn, depth, "perft from a random position after " + std::to_string(plies) + " plies");
        ++perfts;
    }
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    if (!quiet)
        std::printf("%2dx%-2d  %9llu positions  %10llu moves  %7llu passes  %7llu game ends  %6llu games  %3llu perfts  %6.2f s CPU\n",
                    N, N, static_cast<unsigned long long>(checker.positions),
                    static_cast<unsigned long long>(checker.movesChecked), static_cast<unsigned long long>(checker.passes),
                    static_cast<unsigned long long>(checker.gameEnds), static_cast<unsigned long long>(games),
                    static_cast<unsigned long long>(perfts), seconds);
    totals.positions += checker.positions;
    totals.moves += checker.movesChecked;
    totals.passes += checker.passes;
    totals.gameEnds += checker.gameEnds;
    totals.games += games;
    totals.perfts += perfts;
    totals.perftLeaves += leaves;
}

[[noreturn]] void usage(const char* message) {
    std::fprintf(stderr, "differential: %s\nusage: differential [--positions N] [--seed S] [--perft-depth D] [--quiet]\n",
                 message);
    std::exit(2);
}

std::uint64_t number(const char* text, const char* option) {
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (!text[0] || *end || text[0] == '-') usage((std::string("bad value for ") + option).c_str());
    return value;
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t perSize = 20000, seed = 1;
    int perftDepth = 5;
    bool quiet = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--quiet") {
            quiet = true;
        } else if (i + 1 < argc && arg == "--positions") {
            perSize = number(argv[++i], "--positions");
        } else if (i + 1 < argc && arg == "--seed") {
            seed = number(argv[++i], "--seed");
        } else if (i + 1 < argc && arg == "--perft-depth") {
            perftDepth = static_cast<int>(number(argv[++i], "--perft-depth"));
            if (perftDepth < 2 || perftDepth > 8) usage("--perft-depth must be 2..8");
        } else {
            usage(("unknown argument " + arg).c_str());
        }
    }
    if (perSize < 4) perSize = 4;
    Totals totals;
    const std::clock_t start = std::clock();
    try {
        for (int n = kMinSize; n <= kMaxSize; n += 2)
            bb::dispatchSize(n, [&](auto size) { runSize<decltype(size)::value>(seed, perSize, perftDepth, totals, quiet); });
    } catch (const Failure& failure) {
        std::fprintf(stderr, "differential: DISAGREEMENT (seed %llu): %s", static_cast<unsigned long long>(seed),
                     failure.what.c_str());
        return 1;
    }
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    std::printf("differential: all agreed: %llu positions (%llu legal moves played both ways, %llu passes, %llu game ends, "
                "%llu games), %llu perft comparisons, sizes 4..26, seed %llu, %.1f s of CPU (%.0f positions/s)\n",
                static_cast<unsigned long long>(totals.positions), static_cast<unsigned long long>(totals.moves),
                static_cast<unsigned long long>(totals.passes), static_cast<unsigned long long>(totals.gameEnds),
                static_cast<unsigned long long>(totals.games), static_cast<unsigned long long>(totals.perfts),
                static_cast<unsigned long long>(seed), seconds, static_cast<double>(totals.positions) / seconds);
    return 0;
}
