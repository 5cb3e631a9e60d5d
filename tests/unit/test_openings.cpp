// Balanced openings (arena/openings.hpp): the judge's values against independent ones, the choice, and
// the schedule and stored settings that carry the bound.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "arena/match.hpp"
#include "arena/match_run.hpp"
#include "arena/openings.hpp"
#include "arena/referee.hpp"
#include "arena/results_store.hpp"
#include "platform/splitmix.hpp"
#include "rules/board.hpp"
#include "rules/game_record.hpp"
#include "rules/notation.hpp"
#include "search/board_search.hpp"

using namespace reversi;

namespace {

// The position after an opening and the side to move, by the rules module's replay.
Board boardAfter(int n, const std::vector<Move>& opening, char& turn) {
    const Replay replay = replayGame(n, opening);
    turn = replay.toMove;
    return replay.steps.empty() ? replay.start : replay.steps.back().after;
}

}  // namespace

TEST_CASE("opening value: near the end it is the exact solve, from the side to move", "[openings]") {
    // 8x8 openings of 50 and more plies leave at most the judge's depth of empties: its value must
    // be the final margin the exact solver finds, in discs and with the side to move's sign.
    int checked = 0, forced = 0;
    for (std::uint64_t seed = 1; (checked < 6 || forced < 2) && seed < 2000; ++seed) {
        const std::vector<Move> opening = randomOpening(8, 50 + static_cast<int>(seed % 4), seed);
        char turn = kBlack;
        const Board board = boardAfter(8, opening, turn);
        if (board.isGameOver()) continue;
        // Positions with one legal move (which the engine plays unsearched) are the ones to get right.
        const bool lone = board.legalMoves(turn).size() == 1;
        if (checked >= 6 && !lone) continue;
        const SolveResult exact = solveExact(board, turn);
        CHECK(openingValue(8, opening) == exact.score);
        ++checked;
        forced += lone;
    }
    CHECK(checked >= 6);
    CHECK(forced >= 2);
}

TEST_CASE("opening value: in discs at every size, never a sentinel score", "[openings]") {
    // The general search marks lines that end the game with scores near 2^24; a judge that passed them
    // on would call an opening "worth 167772 discs". No value can exceed the board's squares.
    for (const int n : {4, 6, 8, 10, 14}) {
        OpeningJudge judge(n);
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            const int plies = n == 4 ? 1 + static_cast<int>(seed % 8) : 8;
            const double v = judge.value(randomOpening(n, plies, seed));
            CHECK(std::fabs(v) <= n * n);
        }
    }
}

TEST_CASE("balanced openings: within the bound, seeded, and not the plain random ones", "[openings][heavy]") {
    for (const int n : {6, 8, 10}) {
        const double bound = 1.5;
        int differs = 0;
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            const std::vector<Move> opening = balancedOpening(n, 8, seed, bound);
            CHECK(opening.size() == 8);
            CHECK(std::fabs(openingValue(n, opening)) <= bound);
            CHECK(balancedOpening(n, 8, seed, bound) == opening);
            differs += opening != randomOpening(n, 8, seed);
        }
        // Random 8-ply openings are lopsided often enough that some of six are replaced.
        CHECK(differs > 0);
    }
    // At 4x4 the four first moves are one up to symmetry, and the judge's search finds it far from even:
    // no one-ply opening is within half a disc, and asking for one is an error, not an endless search.
    CHECK(std::fabs(openingValue(4, randomOpening(4, 1, 1))) >= 2);
    CHECK_THROWS_AS(balancedOpening(4, 1, 1, 0.5), std::runtime_error);
}

TEST_CASE("balanced openings: scheduled for both colours, and kept in the stored settings", "[openings]") {
    MatchOptions options;
    options.sizes = {8};
    options.games = 6;
    options.openingPlies = 6;
    options.openingBalance = 1.0;
    const std::vector<GameTask> tasks = scheduleGames(2, options);
    REQUIRE(tasks.size() == 6);
    for (const GameTask& t : tasks) CHECK(std::fabs(openingValue(8, t.opening)) <= 1.0);
    CHECK(tasks[0].opening == tasks[1].opening);

    MatchOptions unbalanced = options;
    unbalanced.openingBalance = -1;
    CHECK(scheduleGames(2, unbalanced)[0].opening == randomOpening(8, 6, mixSeed(mixSeed(1, 8), 0)));
    unbalanced.openingPlies = 0;
    unbalanced.openingBalance = 2;
    CHECK_THROWS_AS(scheduleGames(2, unbalanced), std::invalid_argument);

    std::vector<PlayerSpec> ps{parsePlayer("greedy"), parsePlayer("random:1")};
    const std::string settings = settingsJson(false, ps, options);
    CHECK_THAT(settings, Catch::Contains("\"opening_balance\": 1"));
    // Without the option the settings are as before it existed, so older results directories resume.
    options.openingBalance = -1;
    CHECK_THAT(settingsJson(false, ps, options), !Catch::Contains("opening_balance"));

    char dir[] = "/tmp/reversi-openings-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    prepareResultsDir(dir, settings);
    const StoredSettings stored = readSettings(dir);
    CHECK(stored.options.openingBalance == 1.0);
    CHECK_THROWS_AS(prepareResultsDir(dir, settingsJson(false, ps, options)), std::invalid_argument);
    std::filesystem::remove_all(dir);
}

TEST_CASE("a book of openings: a file's lines in order, one per colour pair, and the settings that carry it",
          "[openings][match]") {
    char dir[] = "/tmp/reversi-book-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::string path = std::string(dir) + "/book.txt";
    const auto write = [&](const std::string& text) {
        FILE* f = std::fopen(path.c_str(), "w");
        REQUIRE(f);
        std::fputs(text.c_str(), f);
        std::fclose(f);
    };
    write("\xEF\xBB\xBF# two openings, as XOT files may write them\nF5D6c3  # a comment\n\n  f5f6e6f4\r\n");
    MatchOptions options;
    options.openingBook = readOpeningBook(path, 8);
    REQUIRE(options.openingBook.size() == 2);
    CHECK(compactMoveList(options.openingBook[1]) == "f5f6e6f4");
    options.games = 4;
    const std::vector<GameTask> tasks = scheduleGames(2, options);
    REQUIRE(tasks.size() == 4);
    CHECK(compactMoveList(tasks[0].opening) == "f5d6c3");
    CHECK(tasks[1].opening == tasks[0].opening);
    CHECK(tasks[1].black == tasks[0].white);
    CHECK(compactMoveList(tasks[2].opening) == "f5f6e6f4");

    // Refused: more colour pairs than openings, random plies as well, two sizes, an illegal opening.
    MatchOptions bad = options;
    bad.games = 5;
    CHECK_THROWS_WITH(scheduleGames(2, bad), Catch::Contains("at most 4 games"));
    bad = options;
    bad.openingPlies = 4;
    CHECK_THROWS_WITH(scheduleGames(2, bad), Catch::Contains("give one of them"));
    bad = options;
    bad.sizes = {8, 10};
    CHECK_THROWS_WITH(scheduleGames(2, bad), Catch::Contains("one board size"));
    bad = options;
    bad.openingBook[1] = parseMoveList("f5f5", 8);
    CHECK_THROWS_WITH(scheduleGames(2, bad), Catch::Contains("opening 2: move 2 (f5) is illegal"));
    bad = options;
    bad.openingBalance = 2;
    CHECK_THROWS_WITH(scheduleGames(2, bad), Catch::Contains("--balanced-openings"));
    // A whole 4x4 game as an opening leaves nothing to play.
    std::vector<Move> whole;
    Board board(4);
    for (char turn = kBlack; !board.isGameOver(); turn = opponentOf(turn)) {
        if (!board.hasLegalMove(turn)) continue;
        const Move m = board.legalMoves(turn).front();
        board.applyMove(m.row, m.col, turn);
        whole.push_back(m);
    }
    bad = options;
    bad.sizes = {4};
    bad.openingBook = {whole};
    bad.games = 2;
    CHECK_THROWS_WITH(scheduleGames(2, bad), Catch::Contains("opening 1: the game is over"));
    write("f5d6\n# fine\nf5z9\n");
    CHECK_THROWS_WITH(readOpeningBook(path, 8), Catch::Contains(path + ":3: bad move list"));
    write("# nothing\n\n");
    CHECK_THROWS_WITH(readOpeningBook(path, 8), Catch::Contains("no opening"));

    // The settings keep the openings, so a resumed run or a merge schedules the same games.
    std::vector<PlayerSpec> ps{parsePlayer("greedy"), parsePlayer("random:1")};
    const std::string results = std::string(dir) + "/results";
    prepareResultsDir(results, settingsJson(false, ps, options));
    const StoredSettings stored = readSettings(results);
    CHECK(stored.options.openingBook == options.openingBook);
    MatchOptions other = options;
    other.openingBook.pop_back();
    other.games = 2;
    CHECK_THROWS_AS(prepareResultsDir(results, settingsJson(false, ps, other)), std::invalid_argument);
    std::filesystem::remove_all(dir);
}
