// The evaluation: symmetric under the board's eight symmetries, antisymmetric between the two sides
// before the late-game terms, exact on finished games, inside the heuristic range; the named weights.
#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>

#include "bitboard/bitboard.hpp"
#include "rules/board.hpp"
#include "eval/evaluate.hpp"
#include "bitboard/position.hpp"
#include "rules/position_text.hpp"
#include "search/search.hpp"
#include "search/timeman.hpp"

using namespace reversi;

namespace {

template <int N>
Position<N> randomPosition(int plies, std::mt19937& rng) {
    Board board(N);
    char colour = kBlack;
    for (int i = 0; i < plies; ++i) {
        auto moves = board.legalMoves(colour);
        if (moves.empty()) {
            colour = opponentOf(colour);
            moves = board.legalMoves(colour);
            if (moves.empty()) break;
        }
        const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        board.applyMove(m.row, m.col, colour);
        colour = opponentOf(colour);
    }
    return Position<N>::fromBoard(board, colour);
}

// The position under symmetry k (0..7): optional transpose, then optional row / column mirror.
template <int N>
Position<N> transformed(const Position<N>& p, int k) {
    Position<N> r;
    for (int row = 0; row < N; ++row)
        for (int col = 0; col < N; ++col) {
            int a = (k & 1) ? col : row, b = (k & 1) ? row : col;
            if (k & 2) a = N - 1 - a;
            if (k & 4) b = N - 1 - b;
            if (p.P.test(row * N + col)) r.P.set(a * N + b);
            if (p.O.test(row * N + col)) r.O.set(a * N + b);
        }
    return r;
}

template <int N>
void checkSymmetries(int plies) {
    std::mt19937 rng(1234 + N);
    const EvalWeights& w = defaultEvalWeights();
    for (int t = 0; t < 20; ++t) {
        const Position<N> p = randomPosition<N>(plies, rng);
        if (p.moves().none() && p.opponentMoves().none()) continue;  // finished: exact, checked below
        const int e = evaluate<N>(p, p.moves(), w);
        CHECK(e > -kHeuristicLimit);
        CHECK(e < kHeuristicLimit);
        for (int k = 1; k < 8; ++k) {
            const Position<N> q = transformed(p, k);
            CHECK(evaluate<N>(q, q.moves(), w) == e);
        }
    }
}

}  // namespace

TEST_CASE("evaluation is the same under the eight symmetries", "[evaluate]") {
    checkSymmetries<6>(8);
    checkSymmetries<8>(20);
    checkSymmetries<14>(60);
    checkSymmetries<26>(150);
}

TEST_CASE("evaluation is antisymmetric between the sides before the late game", "[evaluate]") {
    std::mt19937 rng(99);
    const EvalWeights& w = defaultEvalWeights();
    for (int t = 0; t < 30; ++t) {
        const Position<10> p = randomPosition<10>(20, rng);  // 24 of 100 filled: no late terms
        const Position<10> q = p.passed();
        const int a = evaluate<10>(p, p.moves(), w), b = evaluate<10>(q, q.moves(), w);
        CHECK(std::abs(a + b) <= 1);  // integer rounding of the phase interpolation
    }
}

TEST_CASE("evaluation of a finished game is its exact score", "[evaluate]") {
    // 4x4 filled: 10 black, 6 white.
    Position<4> p;
    for (int sq = 0; sq < 16; ++sq) (sq < 10 ? p.P : p.O).set(sq);
    CHECK(evaluate<4>(p, p.moves(), defaultEvalWeights()) == exactScore(4));
    const Position<4> q = p.passed();
    CHECK(evaluate<4>(q, q.moves(), defaultEvalWeights()) == exactScore(-4));
}

TEST_CASE("every weight has a name, and weight lists round-trip", "[evaluate]") {
    EvalWeights w = defaultEvalWeights();
    for (const std::string& name : weightNames()) REQUIRE(weightRef(w, name) != nullptr);
    CHECK(weightRef(w, "nonsense") == nullptr);
    applyWeights(w, "mobility.open=77,parity=3");
    CHECK(w.mobility.open == 77);
    CHECK(w.parity == 3);
    EvalWeights back = defaultEvalWeights();
    applyWeights(back, formatWeights(w));
    CHECK(formatWeights(back) == formatWeights(w));
    CHECK_THROWS_AS(applyWeights(w, "mobility.open"), std::invalid_argument);
    CHECK_THROWS_AS(applyWeights(w, "nope=1"), std::invalid_argument);
    CHECK_THROWS_AS(applyWeights(w, "disc=1x"), std::invalid_argument);
}

TEST_CASE("time manager: the hard stop leaves a margin and the target follows the phase", "[evaluate][time]") {
    TimeManager tm;
    tm.start(0.75, false);
    CHECK(tm.hardLimit() < 0.75);
    CHECK(tm.hardLimit() >= 0.70);
    tm.setPhase(0.0);
    const double opening = tm.target();
    tm.setPhase(0.5);
    CHECK(tm.target() > opening);
    CHECK(tm.target() < tm.hardLimit());
    // Most of the hard stop is used: the mean move is to be at least 0.55 s of 0.75 (issue 31).
    CHECK(tm.target() >= 0.75 * tm.hardLimit());
    for (double f = 0; f <= 1.0; f += 0.05) {
        CHECK(targetShare(f) >= 0.5);
        CHECK(targetShare(f) < 1.0);
    }
}

TEST_CASE("time manager: the next iteration starts when its first move can finish", "[evaluate][time]") {
    TimeManager tm;
    tm.start(0.75, false);
    tm.setPhase(0.5);
    CHECK(tm.canStartIterationAt(0.0));
    tm.iterationDone(0.010, 19, 0);
    CHECK(tm.predictedIteration() == Approx(0.030));  // one known: the default growth of 3
    tm.iterationDone(0.040, 19, 10);
    CHECK(tm.predictedIteration() == Approx(0.160));  // two known: grows as the last did (x4)
    tm.iterationDone(0.080, 19, 20);
    // Three known: odd and even plies alternate, so it grows as the one before the last did (x4).
    CHECK(tm.predictedIteration() == Approx(0.320));
    CHECK(tm.canStartIterationAt(0.30));   // 0.30 + 0.4 x 0.32 < 0.72
    CHECK_FALSE(tm.canStartIterationAt(0.60));  // past the target (0.8 x 0.72 = 0.576)
    CHECK_FALSE(tm.canStartIterationAt(tm.hardLimit()));
    // Under the target, only the prediction stops it: 0.05, 0.2, 0.4 s predict 0.4 x 4 = 1.6 s, whose
    // first move (0.64 s) would not finish before the stop.
    TimeManager big;
    big.start(0.75, false);
    big.setPhase(0.5);
    big.iterationDone(0.05, 19, 0);
    big.iterationDone(0.2, 19, 0);
    big.iterationDone(0.4, 19, 0);
    CHECK(big.predictedIteration() == Approx(1.6));
    CHECK(big.canStartIterationAt(0.05));        // 0.05 + 0.64 < 0.72
    CHECK_FALSE(big.canStartIterationAt(0.10));  // 0.10 + 0.64 > 0.72, though under the target
}

TEST_CASE("time manager: a changed best move or a dropped score stretches the target to the stop", "[evaluate][time]") {
    TimeManager tm;
    tm.start(0.75, false);
    tm.setPhase(0.5);
    tm.iterationDone(0.001, 19, 0);
    tm.iterationDone(0.001, 19, 0);
    const double past = tm.target() + 0.01;  // under the stop, over the stable target
    REQUIRE(past < tm.hardLimit() - 0.01);
    CHECK_FALSE(tm.canStartIterationAt(past));
    tm.iterationDone(0.001, 26, 0);  // the best move changed
    CHECK(tm.target() == tm.hardLimit());
    CHECK(tm.canStartIterationAt(past));
    tm.iterationDone(0.001, 26, 10);  // stable again
    CHECK_FALSE(tm.canStartIterationAt(past));
    tm.iterationDone(0.001, 26, -150);  // the score dropped by 1.6 discs
    CHECK(tm.canStartIterationAt(past));
    tm.iterationDone(0.001, 26, -120);  // a small rise: stable
    CHECK_FALSE(tm.canStartIterationAt(past));
}

TEST_CASE("time manager: a deterministic search stops only at the hard limit", "[evaluate][time]") {
    TimeManager tm;
    tm.start(0.75, true);
    tm.iterationDone(0.001, 19, 0);
    tm.iterationDone(0.5, 19, 0);
    CHECK(tm.canStartIterationAt(0.70));
    CHECK_FALSE(tm.canStartIterationAt(tm.hardLimit()));
}

TEST_CASE("time manager: a game clock's time is spread over the moves left, within the cap", "[evaluate][time]") {
    CHECK(gameClockBudget(10.0, 10, 0.75) == Approx(0.75));     // plenty: the move cap
    CHECK(gameClockBudget(1.0, 20, 0.75) == Approx(0.04));      // 0.8 x 1 s / 20
    CHECK(gameClockBudget(0.0, 20, 0.75) == Approx(0.01));      // nothing left: the floor
    CHECK(gameClockBudget(-3.0, 0, 0.75) == Approx(0.01));      // over time, no moves: still the floor
    CHECK(gameClockBudget(100.0, 30, 5.0) == Approx(80.0 / 30));
}

TEST_CASE("wipe-out guard: a side far under the disc floor scores lower, by the squared shortfall", "[evaluate]") {
    // 20x20, mid-game: the side to move has 3 discs against 72 (the shape of the games lost to greedy).
    std::mt19937 rng(5);
    Position<20> p;
    int placed = 0;
    for (int sq = 0; sq < 400 && placed < 75; sq += 1 + static_cast<int>(rng() % 4), ++placed) (placed < 3 ? p.P : p.O).set(sq);
    EvalWeights without = defaultEvalWeights();
    without.fewDiscs = 0;
    const EvalWeights& with = defaultEvalWeights();
    const int filled = p.P.count() + p.O.count();
    const int cap = std::max(with.fewDiscsLimit, 20 * 20 * with.fewDiscsLimitPermille / 1000);
    const int floorDiscs = std::min(cap, filled * with.fewDiscsPercent / 100);
    CHECK(wipeOutFloor(with, 20 * 20, filled) == floorDiscs);
    REQUIRE(p.P.count() < floorDiscs);
    const int shortOwn = floorDiscs - p.P.count();
    CHECK(evaluate<20>(p, p.moves(), with) - evaluate<20>(p, p.moves(), without) == -with.fewDiscs * shortOwn * shortOwn);
    // No effect while both sides are above the floor (the start position).
    const Position<20> start = Position<20>::fromBoard(Board(20), kBlack);
    CHECK(evaluate<20>(start, start.moves(), with) == evaluate<20>(start, start.moves(), without));
}

TEST_CASE("wipe-out guard: the floor's cap is 16 discs up to 16x16 and grows with the board beyond", "[evaluate]") {
    const EvalWeights& w = defaultEvalWeights();
    // Up to 16x16 the floor is exactly the old min(fewDiscsLimit, fewDiscsPercent% of the discs).
    for (int n = 4; n <= 16; n += 2)
        for (int filled = 4; filled <= n * n; ++filled)
            REQUIRE(wipeOutFloor(w, n * n, filled) == std::min(w.fewDiscsLimit, filled * w.fewDiscsPercent / 100));
    // 26x26, 300 discs on the board: the floor is 41 (6.2% of 676 squares), well above the old cap of 16.
    CHECK(wipeOutFloor(w, 26 * 26, 300) == 41);
    CHECK(wipeOutFloor(w, 26 * 26, 300) > w.fewDiscsLimit);
    CHECK(wipeOutFloor(w, 26 * 26, 50) == 15);  // early on, the percentage still decides

    // The evaluation applies it: 26x26, the side to move has 20 discs against 280. Under the old cap
    // (16) 20 discs would be safe; now they are 21 short of the floor of 41.
    std::mt19937 rng(7);
    Position<26> p;
    int placed = 0;
    for (int sq = 0; sq < 676 && placed < 300; sq += 1 + static_cast<int>(rng() % 2), ++placed)
        (placed % 15 == 0 ? p.P : p.O).set(sq);
    REQUIRE(p.P.count() == 20);
    REQUIRE(p.O.count() == 280);
    EvalWeights without = w;
    without.fewDiscs = 0;
    const int shortOwn = 41 - 20;
    CHECK(evaluate<26>(p, p.moves(), w) - evaluate<26>(p, p.moves(), without) == -w.fewDiscs * shortOwn * shortOwn);
    EvalWeights oldCap = w;
    oldCap.fewDiscsLimitPermille = 0;  // the cap fixed at fewDiscsLimit, as before
    CHECK(evaluate<26>(p, p.moves(), oldCap) == evaluate<26>(p, p.moves(), without));
}

TEST_CASE("wipe-out guard: the learned evaluations take fewDiscsLearnedBig from 18x18 up, fewDiscs below", "[evaluate][search]") {
    // 20x20, from a game lost 0-46 to smartest (seed 5, game 11): Black to move with 5 discs against 25,
    // 4 short of the floor of 9. 12x12's shared set scores Black tens of discs ahead here; the guard at
    // fewDiscs (100) took 16 discs off, which held the engine at its floor until smartest wiped it out.
    const std::string emptyRow(20, 'U');
    std::string text;
    for (int r = 0; r < 6; ++r) text += emptyRow;
    for (const char* row : {"UUUUUUUUUUWUUUUUUUUU", "UUUUUUUUUWWWUUUUUUUU", "UUUUUUUUWWWWWWUUUUUU",
                            "UUUUUUUUWBBBWUUUUUUU", "UUUUUUUUWWBBWWUUUUUU", "UUUUUUUWWWWWWWUUUUUU",
                            "UUUUUUWUUUWUUUUUUUUU"})
        text += row;
    for (int r = 13; r < 20; ++r) text += emptyRow;
    text += " B";
    const TextPosition p = parsePosition(text);
    REQUIRE(p.board.size() == 20);
    const EvalWeights& w = defaultEvalWeights();
    REQUIRE(wipeOutFloor(w, 20 * 20, 30) == 9);
    const int shortOwn = 9 - 5;
    EngineOptions learned;  // the default evaluation: the learned one at 20x20
    EvalWeights off = w;
    off.fewDiscsLearnedBig = 0;
    CHECK(staticScore(p.board, kBlack, learned) - staticScore(p.board, kBlack, learned, off) ==
          -w.fewDiscsLearnedBig * shortOwn * shortOwn);
    CHECK(w.fewDiscsLearnedBig > w.fewDiscs);
    // What the guard is for: the learned set alone scores the sunk side far ahead (73 discs with
    // 12x12's first fit, 24 with its refit on the learned engine's games).
    CHECK(staticScore(p.board, kBlack, learned, off) > 20 * kScorePerDisc);
    // The hand-set evaluation keeps fewDiscs at every size.
    EngineOptions hand;
    hand.evaluation = Evaluation::kHand;
    EvalWeights handOff = w;
    handOff.fewDiscs = 0;
    CHECK(staticScore(p.board, kBlack, hand) - staticScore(p.board, kBlack, hand, handOff) ==
          -w.fewDiscs * shortOwn * shortOwn);
    CHECK(staticScore(p.board, kBlack, hand, off) == staticScore(p.board, kBlack, hand));
    // Below 18x18 the learned evaluations keep fewDiscs too.
    CHECK(learnedWipeOutStrength(w, 16) == w.fewDiscs);
    CHECK(learnedWipeOutStrength(w, 18) == w.fewDiscsLearnedBig);
}
