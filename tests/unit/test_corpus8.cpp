// The 8x8 training corpus (tools/corpus8.hpp): seeded, the same whatever the threads and resumes, and
// every record a real position of a legal game.
#include <unistd.h>

#include <atomic>
#include <bit>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "scratch_files.hpp"

#include "bitboard/bitboard8.hpp"
#include "eval/eval8.hpp"
#include "search/endgame8.hpp"
#include "search/midgame8.hpp"
#include "search/probcut8.hpp"
#include "tools/corpus8.hpp"
#include "tools/position_records.hpp"
#include "tools/resumable_blocks.hpp"

using namespace reversi;

TEST_CASE("corpus blocks depend on the seed alone, not on threads or resumes", "[train8]") {
    train8::CorpusOptions o;
    o.games = 12;
    o.blockGames = 4;
    o.depth = 2;
    o.dir = freshDir("corpus-a");
    train8::generateCorpus(o);
    const auto blocks = train8::corpusBlocks(o.dir);
    REQUIRE(blocks.size() == 3);

    train8::CorpusOptions p = o;
    p.dir = freshDir("corpus-b");
    p.jobs = 2;
    train8::generateCorpus(p);
    std::filesystem::remove(train8::corpusBlocks(p.dir)[1]);  // an interrupted run: resume it
    train8::generateCorpus(p);
    const auto again = train8::corpusBlocks(p.dir);
    REQUIRE(again.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) CHECK(slurp(blocks[i]) == slurp(again[i]));

    train8::CorpusOptions q = o;
    q.dir = freshDir("corpus-c");
    q.seed = 2;
    train8::generateCorpus(q);
    CHECK(slurp(train8::corpusBlocks(q.dir)[0]) != slurp(blocks[0]));
    for (const auto& d : {o.dir, p.dir, q.dir}) std::filesystem::remove_all(d);
}

TEST_CASE("corpus records are positions of legal games with their final margins", "[train8]") {
    train8::CorpusOptions o;
    o.games = 6;
    o.blockGames = 6;
    o.depth = 1;
    o.dir = freshDir("corpus-d");
    train8::generateCorpus(o);
    const auto positions = train8::readCorpusBlock(train8::corpusBlocks(o.dir).at(0));
    REQUIRE(positions.size() > 6 * 20);
    int starts = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const auto& p = positions[i];
        CHECK((p.P & p.O) == 0);
        CHECK(bb8::moves(p.P, p.O) != 0);  // only positions where the side to move has a move
        CHECK(p.empties == 64 - std::popcount(p.P | p.O));
        if (p.empties == 60) {
            ++starts;
            continue;
        }
        // Each record follows from the one before by one move (and perhaps a pass): one disc more.
        const auto& q = positions[i - 1];
        CHECK(p.empties + 1 == q.empties);
        // One game's records share its final margin, seen from each side to move.
        CHECK(std::abs(p.finalMargin) == std::abs(q.finalMargin));
    }
    CHECK(starts == 6);
    std::filesystem::remove_all(o.dir);
    CHECK_THROWS(train8::readCorpusBlock(o.dir + "/missing.pos"));
}

TEST_CASE("corpus records carry the value of the search that chose the move", "[train8]") {
    train8::CorpusOptions o;
    o.games = 8;
    o.blockGames = 8;
    o.depth = 4;
    o.dir = freshDir("corpus-values");
    train8::generateCorpus(o);
    const auto positions = train8::readCorpusBlock(train8::corpusBlocks(o.dir).at(0));
    REQUIRE(positions.size() > 8 * 30);
    EndgameSolver8 solver(16);
    Midgame8 search(eval8::Weights::builtin(), &builtinProbCut(), 16);
    int without = 0, solved = 0, searched = 0, close = 0;
    for (const auto& p : positions) {
        if (p.value == train8::CorpusPosition::kNoValue) {
            ++without;  // a random move (the opening's, or the 8% after it), or a forced one
            continue;
        }
        CHECK(std::popcount(bb8::moves(p.P, p.O)) > 1);  // a forced move is not searched: no value
        if (p.empties <= o.depth) {
            // The engine solved these: the value is the exact margin (in 1/32 disc) an independent solve gives.
            CHECK(p.value == solver.solve(p.P, p.O).score * eval8::kScale);
            ++solved;
        } else {
            // A depth-4 search from an empty table gives the same value, or one the old table's bounds
            // moved by a little.
            search.clear();
            search.newSearch();
            const int fresh = search.search(p.P, p.O, o.depth, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1).score;
            close += std::abs(fresh - p.value) <= eval8::kScale;
            ++searched;
        }
    }
    CHECK(without >= 8 * o.openingMin);
    CHECK(solved >= 8);
    REQUIRE(searched > 100);
    CHECK(close >= searched * 9 / 10);
    std::filesystem::remove_all(o.dir);
}

TEST_CASE("corpus blocks of the first format (without values) still read", "[train8]") {
    const std::string dir = freshDir("corpus-v1");
    std::filesystem::create_directories(dir);
    const train8::RecordMagic v1 = {'R', 'V', '8', 'P', 'O', 'S', '0', '1'};
    const std::vector<train8::PositionRecord> records = {{0x0000000810000000ULL, 0x0000001008000000ULL, {0, 60}},
                                                         {0x0000000818080000ULL, 0x0000001000000000ULL, {0xFD, 59}}};
    { std::ofstream(dir + "/block-00000.pos", std::ios::binary) << train8::encodePositionRecords(v1, 1, 2, records); }
    const auto positions = train8::readCorpusBlock(train8::corpusBlocks(dir).at(0));
    REQUIRE(positions.size() == 2);
    CHECK(positions[1].P == records[1].P);
    CHECK(positions[1].finalMargin == -3);
    CHECK(positions[1].empties == 59);
    CHECK(positions[0].value == train8::CorpusPosition::kNoValue);
    CHECK(positions[1].value == train8::CorpusPosition::kNoValue);
    // A file cut short is refused in either format.
    { std::ofstream(dir + "/block-00000.pos", std::ios::binary) << train8::encodePositionRecords(v1, 1, 3, records); }
    CHECK_THROWS_WITH(train8::readCorpusBlock(dir + "/block-00000.pos"), Catch::Contains("truncated"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("resumable blocks: only the missing ones are made, and a failure stops the run", "[train8]") {
    char dir[] = "/tmp/reversi-blocks-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::string d = dir;
    const auto pathOf = [&d](int b) { return d + "/b" + std::to_string(b); };
    { std::ofstream(pathOf(1)) << "kept"; }
    int made = 0;
    const auto failingAt4 = [&made]() -> BlockMaker {
        return [&made](int b) {
            ++made;
            if (b == 4) throw std::runtime_error("block 4 failed");
            return "block " + std::to_string(b);
        };
    };
    // One thread: blocks in order, 1 skipped, 4 fails and the run stops before 5.
    CHECK_THROWS_WITH(makeMissingBlocks(6, 1, pathOf, failingAt4, {}), "block 4 failed");
    CHECK(made == 4);
    for (const int b : {0, 2, 3}) CHECK(slurp(pathOf(b)) == "block " + std::to_string(b));
    CHECK(slurp(pathOf(1)) == "kept");
    CHECK(!std::filesystem::exists(pathOf(4)));
    CHECK(!std::filesystem::exists(pathOf(5)));
    // The rerun makes exactly the two missing blocks.
    made = 0;
    int lastDone = -1, lastTotal = -1;
    makeMissingBlocks(6, 1, pathOf, [&made]() -> BlockMaker {
        return [&made](int b) { ++made; return "block " + std::to_string(b); };
    }, [&](int done, int total) { lastDone = done, lastTotal = total; });
    CHECK(made == 2);
    for (int b = 0; b < 6; ++b) CHECK(slurp(pathOf(b)) == (b == 1 ? "kept" : "block " + std::to_string(b)));
    CHECK(lastDone == 6);
    CHECK(lastTotal == 6);
    std::filesystem::remove_all(d);
}

TEST_CASE("resumable blocks: the last block is reported when another thread made it", "[train8]") {
    // Two blocks, two threads: the reporting (calling) thread finishes its block first and reports 1;
    // the other thread's block waits for that report, so it is the last, made after the reporter left.
    char dir[] = "/tmp/reversi-blocks-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::string d = dir;
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<bool> otherStarted{false}, reported{false};
    const auto maker = [&]() -> BlockMaker {
        return [&](int b) {
            if (std::this_thread::get_id() == caller) {
                while (!otherStarted) std::this_thread::yield();
            } else {
                otherStarted = true;
                while (!reported) std::this_thread::yield();
            }
            return std::to_string(b);
        };
    };
    std::vector<int> reports;
    makeMissingBlocks(2, 2, [&d](int b) { return d + "/b" + std::to_string(b); }, maker, [&](int done, int) {
        reports.push_back(done);
        if (done >= 1) reported = true;
    });
    REQUIRE(!reports.empty());
    CHECK(reports.back() == 2);
    std::filesystem::remove_all(d);
}

TEST_CASE("resumable blocks: a block failing on another thread is reported, not fatal", "[train8]") {
    // The failing block is made by the second thread (the caller's maker waits until that thread has
    // started its block): its exception must come back to the caller as the run's error, not end the
    // program from inside the thread.
    char dir[] = "/tmp/reversi-blocks-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::string d = dir;
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<bool> otherStarted{false};
    const auto maker = [&]() -> BlockMaker {
        return [&](int b) -> std::string {
            if (std::this_thread::get_id() == caller) {
                while (!otherStarted) std::this_thread::yield();
                return std::to_string(b);
            }
            otherStarted = true;
            throw std::runtime_error("the other thread's block failed");
        };
    };
    CHECK_THROWS_WITH(makeMissingBlocks(2, 2, [&d](int b) { return d + "/b" + std::to_string(b); }, maker, {}),
                      "the other thread's block failed");
    std::filesystem::remove_all(d);
}
