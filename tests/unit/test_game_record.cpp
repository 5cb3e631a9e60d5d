// Move notation, compact records, saving/loading and replaying with passes (game_record), and the
// settings file (settings).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rules/game_record.hpp"
#include "programs/settings.hpp"

using namespace reversi;

namespace {
// The two sample games of the two-player seed (003): Step 7, and the extra credit with White's pass.
const char* kStep7 =
    "f5 d6 c3 d3 c4 f4 f6 g5 e6 d7 e3 c5 f3 e7 b6 b5 a6 g4 c6 g3 h3 f2 h6 d2 c2 e2 c7 b3 b4 a3 "
    "d1 e1 c1 a5 g6 h5 c8 h4 f8 g7 f7 g8 h8 h7 a4 a7 b2 a1 b7 a8 b8 b1 a2 d8 e8 h2 g2 h1 g1 f1";
const char* kExtra =
    "f5 d6 c3 d3 c4 f4 f6 g5 e6 d7 e3 c5 f3 e7 b6 b5 a6 g4 c6 g3 h3 f2 h6 d2 c2 e2 c7 b3 b4 a3 "
    "d1 e1 c1 a5 g6 h5 c8 h4 f8 g7 f7 g8 h8 h7 a4 a7 b2 a1 b7 a8 b8 b1 a2 d8 e8 h2 h1 f1 g1 g2";

std::string tempPath(const char* name) {
    return std::string("/tmp/reversi-unit-") + std::to_string(::getpid()) + "-" + name;
}
}  // namespace

TEST_CASE("typed moves in both notations", "[record]") {
    CHECK(parseMoveText("f5", 8).move == Move{4, 5});  // column f, row 5 = lab "ef"
    CHECK(parseMoveText("ef", 8).move == Move{4, 5});
    CHECK(parseMoveText("F5", 8).move == Move{4, 5});
    CHECK(parseMoveText("  EF ", 8).move == Move{4, 5});
    CHECK(parseMoveText("a1", 8).move == Move{0, 0});
    CHECK(parseMoveText("z26", 26).move == Move{25, 25});
    CHECK(parseMoveText("b10", 26).move == Move{9, 1});
    CHECK(parseMoveText("zz", 26).move == Move{25, 25});
    for (const char* bad : {"", "5f", "f", "f0", "i1", "a9", "f5x", "ez", "f-1", "f99999999999", "??"}) {
        INFO(bad);
        const ParsedMove p = parseMoveText(bad, 8);
        CHECK_FALSE(p.ok());
        CHECK(p.move.isNone());
        CHECK_FALSE(p.error.empty());
    }
    CHECK(parseMoveText("a9", 8).error.find("off the 8x8 board") != std::string::npos);
}

TEST_CASE("compact notation round trip at every size", "[record]") {
    for (int n = 4; n <= 26; n += 2)
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                const Move m{r, c};
                REQUIRE(parseMoveText(othelloNotation(m), n).move == m);
            }
    CHECK(othelloNotation({4, 5}) == "f5");
    CHECK(othelloNotation({25, 0}) == "a26");
    CHECK(compactRecord(8, {{4, 5}, {5, 3}}) == "8 f5d6");
    CHECK(compactRecord(6, {}) == "6");
}

TEST_CASE("saved game text: compact, size line, lab letters, comments", "[record]") {
    const RecordedGame a = parseRecordedGame("# a comment\n8 f5d6c3\n");
    CHECK(a.size == 8);
    CHECK(a.moves == std::vector<Move>{{4, 5}, {5, 3}, {2, 2}});
    CHECK(a.comments == std::vector<std::string>{"a comment"});
    const RecordedGame b = parseRecordedGame("size 8\nf5 d6\nc3\n");
    CHECK(b.moves == a.moves);
    const RecordedGame c = parseRecordedGame("8\nef\nfd\ncc\n");  // the lab's rc letters, one per line
    CHECK(c.moves == a.moves);
    const RecordedGame d = parseRecordedGame("26 z26a1b10");
    CHECK(d.moves == std::vector<Move>{{25, 25}, {0, 0}, {9, 1}});
    CHECK(parseRecordedGame(formatRecordedGame(a)).moves == a.moves);
    CHECK_THROWS_AS(parseRecordedGame(""), std::invalid_argument);
    CHECK_THROWS_AS(parseRecordedGame("7 f5"), std::invalid_argument);
    CHECK_THROWS_AS(parseRecordedGame("f5d6"), std::invalid_argument);
    CHECK_THROWS_WITH(parseRecordedGame("8 f5 d9"), Catch::Contains("move 2"));
}

TEST_CASE("replaying the seed games inserts White's pass", "[record]") {
    const Replay step7 = replayGame(8, parseRecordedGame(std::string("8 ") + kStep7).moves);
    REQUIRE(step7.steps.size() == 60);
    CHECK(step7.finished);
    CHECK(step7.steps.back().after.count(kWhite) == 39);
    CHECK(step7.steps.back().after.count(kBlack) == 25);
    for (const ReplayStep& s : step7.steps) CHECK_FALSE(s.passedBefore);

    const Replay extra = replayGame(8, parseRecordedGame(std::string("size 8\n") + kExtra).moves);
    REQUIRE(extra.steps.size() == 60);
    CHECK(extra.finished);
    CHECK(extra.steps.back().after.count(kBlack) == 37);
    CHECK(extra.steps.back().after.count(kWhite) == 27);
    int passes = 0;
    for (std::size_t i = 0; i < extra.steps.size(); ++i)
        if (extra.steps[i].passedBefore) {
            ++passes;
            CHECK(i == 57);  // the 58th move: White had none, Black plays twice
            CHECK(extra.steps[i].colour == kBlack);
            CHECK(extra.steps[i - 1].colour == kBlack);
        }
    CHECK(passes == 1);
}

TEST_CASE("replay rejects illegal and late moves", "[record]") {
    CHECK_THROWS_WITH(replayGame(8, {{0, 0}}), Catch::Contains("move 1 (a1) is illegal for Black"));
    CHECK_THROWS_WITH(replayGame(8, {{4, 5}, {4, 5}}), Catch::Contains("move 2"));
    std::vector<Move> full = parseRecordedGame(std::string("8 ") + kStep7).moves;
    full.push_back({0, 0});
    CHECK_THROWS_WITH(replayGame(8, full), Catch::Contains("after the end"));
    const Replay partial = replayGame(8, {{4, 5}});
    CHECK_FALSE(partial.finished);
    CHECK(partial.toMove == kWhite);
}

TEST_CASE("files are written atomically and read back", "[record]") {
    const std::string path = tempPath("game.txt");
    RecordedGame game;
    game.size = 6;
    game.moves = {{3, 4}};
    game.comments = {"test"};
    writeFileAtomically(path, formatRecordedGame(game));
    const RecordedGame back = loadRecordedGame(path);
    CHECK(back.size == 6);
    CHECK(back.moves == game.moves);
    std::remove(path.c_str());
    CHECK_THROWS_AS(loadRecordedGame(path), std::runtime_error);
    CHECK_THROWS_AS(writeFileAtomically("/nonexistent-dir/x/y.txt", "x"), std::runtime_error);
}

TEST_CASE("settings file: round trip, bad values, unknown keys", "[settings]") {
    PlaySettings s;
    s.size = 10;
    s.black = "smartest";
    s.white = "part2:time=0.02";
    s.blackName = "Ada Lovelace";
    s.level = 3;
    s.moveTime = 0.25;
    s.color = "off";
    s.showMoves = true;
    s.delay = 0;
    std::vector<std::string> warnings;
    CHECK(parseSettings(formatSettings(s), warnings) == s);
    CHECK(warnings.empty());

    const PlaySettings bad = parseSettings("size = 7\nblack = cmd:/bin/sh\nwhite = nobody\ncolour = on\nlevel\n"
                                           "move_time = 0\ncolor = sometimes\n",
                                           warnings);
    CHECK(bad == PlaySettings{});
    CHECK(warnings.size() == 7);

    const std::string path = tempPath("cfg/sub/play.conf");
    saveSettings(path, s);
    warnings.clear();
    CHECK(loadSettings(path, warnings) == s);
    CHECK(warnings.empty());
    CHECK(loadSettings(tempPath("missing.conf"), warnings) == PlaySettings{});
    CHECK(warnings.empty());
    // saveSettings made the folders; leave /tmp as it was.
    std::filesystem::remove_all(tempPath("cfg"));
}

TEST_CASE("seat specs", "[settings]") {
    for (const char* ok : {"human", "greedy", "smarter", "smartest", "random", "random:7", "part2",
                           "part2:time=0.02,depth=3"})
        CHECK(checkSeatSpec(ok).empty());
    for (const char* bad : {"", "Human", "cmd:/bin/cat", "./lab7part2", "part2:speed=3", "greedy:1"})
        CHECK_FALSE(checkSeatSpec(bad).empty());
}
