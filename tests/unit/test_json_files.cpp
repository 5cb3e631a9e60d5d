// The JSON files of matches, tournaments and grading (nlohmann-json, platform/json_text.hpp): files
// written by earlier versions still load, fields keep their order and layout, an infinite Elo is null,
// and text from students' programs that is not UTF-8 never stops a file from being written.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "arena/match.hpp"
#include "arena/match_report.hpp"
#include "arena/results_store.hpp"
#include "platform/atomic_file.hpp"
#include "platform/json_text.hpp"
#include "programs/grade.hpp"

using namespace reversi;

namespace {

std::vector<PlayerSpec> greedyAndSmarter() { return {parsePlayer("greedy"), parsePlayer("smarter")}; }

// Written by the version before nlohmann-json (a forfeited game: its reason; times of 9 digits).
const char* const kOldGameLine =
    "{\"game\": 7, \"size\": 6, \"black\": \"smarter\", \"white\": \"greedy\", \"winner\": \"W\", \"black_discs\": 2, "
    "\"white_discs\": 5, \"opening_plies\": 1, \"moves\": \"c2b2\", \"move_count\": [1, 0], \"total_seconds\": "
    "[0.00123456789, 0], \"longest_move\": [1.5e-05, 0], \"forfeit\": \"B\", \"reason\": \"illegal move \\\"a1\\\"\", "
    "\"black_spec\": \"smarter\", \"white_spec\": \"greedy\"}\n";

// The same game as this version writes it: the fault's code and the CPU time of each move.
const char* const kGameLine =
    "{\"game\": 7, \"size\": 6, \"black\": \"smarter\", \"white\": \"greedy\", \"winner\": \"W\", \"black_discs\": 2, "
    "\"white_discs\": 5, \"opening_plies\": 1, \"moves\": \"c2b2\", \"move_count\": [1, 0], \"total_seconds\": "
    "[0.00123456789, 0], \"longest_move\": [0.00123456789, 0], \"cpu\": [[0.00123456789], []], \"forfeit\": \"B\", "
    "\"reason\": \"illegal move \\\"a1\\\"\", \"fault_code\": \"IM\", \"black_spec\": \"smarter\", \"white_spec\": "
    "\"greedy\"}\n";

const char* const kOldSettings = "{\n"
                                 "  \"kind\": \"tournament\",\n"
                                 "  \"players\": [\n"
                                 "    {\"name\": \"greedy\", \"spec\": \"greedy\"},\n"
                                 "    {\"name\": \"smarter\", \"spec\": \"smarter\"}\n"
                                 "  ],\n"
                                 "  \"sizes\": [6, 8],\n"
                                 "  \"games_per_pair_and_size\": 2,\n"
                                 "  \"opening_plies\": 4,\n"
                                 "  \"opening_balance\": 3,\n"
                                 "  \"seed\": 18446744073709551615,\n"
                                 "  \"time_limit\": 0.25,\n"
                                 "  \"wall_limit\": 7.5,\n"
                                 "  \"memory_limit_mib\": 1024,\n"
                                 "  \"run_as\": \"nobody\"\n"
                                 "}\n";

const char* const kOldGrade =
    "{\"submission\": \"trailing\", \"path\": \"/tmp/subs/part1/trailing\", \"lab\": \"part1\", \"mark\": 0, "
    "\"out_of\": 24, \"cases_passed\": 0, \"cases_run\": 24, \"program\": \"compiled from part1.c\", \"failures\": "
    "[\"case 1: line 2: expected \\\"a UUUU\\\", got \\\"a UUUU \\\"\"], \"key\": \"reversi 0.2.0; lab part1; seed "
    "1; 24 cases; 10 s of CPU per case; 2018 edition; memory 1024 MiB; files e9389e55f0aebfaa\"}";

}  // namespace

TEST_CASE("JSON files: a game record of an earlier version loads and is written back byte for byte", "[json]") {
    const GameRecord game = parseGameJsonLine(kOldGameLine, greedyAndSmarter());
    CHECK(game.task.index == 6);
    CHECK(game.task.black == 1);
    CHECK(game.result.forfeitBy == 'B');
    CHECK(game.result.reason == "illegal move \"a1\"");
    CHECK(game.result.totalSeconds[0] == 0.00123456789);
    CHECK(game.result.faultCode.empty());  // no codes then
    CHECK(game.result.moveSeconds[0].empty());
    CHECK(gameJsonLine(greedyAndSmarter(), game) == kOldGameLine);
}

TEST_CASE("JSON files: a game record keeps its fault code and the CPU time of each move", "[json][faults]") {
    const GameRecord game = parseGameJsonLine(kGameLine, greedyAndSmarter());
    CHECK(game.result.faultCode == "IM");
    CHECK(game.result.moveSeconds[0] == std::vector<double>{0.00123456789});
    CHECK(game.result.moveSeconds[1].empty());
    CHECK(gameJsonLine(greedyAndSmarter(), game) == kGameLine);
    // A code that is none of the four, or CPU times that are not one per move, are refused.
    std::string line = kGameLine;
    std::string badCode = line;
    badCode.replace(badCode.find("\"IM\""), 4, std::string("\"XX\""));
    CHECK_THROWS_AS(parseGameJsonLine(badCode, greedyAndSmarter()), std::invalid_argument);
    const std::string badCpu = std::string(line).replace(line.find("[[0.00123456789], []]"), 21, "[[], []]");
    CHECK_THROWS_AS(parseGameJsonLine(badCpu, greedyAndSmarter()), std::invalid_argument);
    // A game with no move of either side has its (empty) times written.
    GameRecord none = game;
    none.result.moveCount[0] = 0;
    none.result.moveSeconds[0].clear();
    CHECK_THAT(gameJsonLine(greedyAndSmarter(), none), Catch::Contains("\"cpu\": [[], []]"));
}

TEST_CASE("JSON files: settings of an earlier version load, the seed exactly, and are written back the same",
          "[json]") {
    const std::string dir = "json_files_settings";
    std::filesystem::create_directories(dir);
    writeFileAtomically(dir + "/settings.json", kOldSettings);
    const StoredSettings stored = readSettings(dir);
    CHECK(stored.tournament);
    REQUIRE(stored.players.size() == 2);
    CHECK(stored.options.seed == 18446744073709551615ULL);
    CHECK(stored.options.openingBalance == 3);
    CHECK(stored.options.referee.wallLimit == 7.5);
    CHECK(settingsJson(true, stored.players, stored.options) == kOldSettings);
    prepareResultsDir(dir, settingsJson(true, stored.players, stored.options));  // the same: resumes
    std::filesystem::remove_all(dir);
}

TEST_CASE("JSON files: a stored grade of an earlier version loads and is written back byte for byte", "[json]") {
    const SubmissionGrade grade = parseGradeJson(kOldGrade);
    CHECK(grade.name == "trailing");
    REQUIRE(grade.failures.size() == 1);
    CHECK(grade.failures[0] == "case 1: line 2: expected \"a UUUU\", got \"a UUUU \"");
    CHECK(gradeJson(grade) == kOldGrade);
    CHECK_THROWS_AS(parseGradeJson("{\"submission\": 3}"), std::invalid_argument);
    CHECK_THROWS_AS(parseGradeJson("{\"submission\": "), std::invalid_argument);
}

TEST_CASE("JSON files: text that is not UTF-8 is written without throwing, invalid bytes replaced", "[json]") {
    GameRecord game = parseGameJsonLine(kOldGameLine, greedyAndSmarter());
    game.result.reason = std::string("printed \xff\xfe\x80 and \x1b[2J\n");
    std::string line;
    REQUIRE_NOTHROW(line = gameJsonLine(greedyAndSmarter(), game));
    const GameRecord back = parseGameJsonLine(line, greedyAndSmarter());
    CHECK(back.result.reason.find("\xEF\xBF\xBD") != std::string::npos);  // U+FFFD
    CHECK(back.result.reason.find("\x1b[2J\n") != std::string::npos);     // control characters escaped and back
    SubmissionGrade grade = parseGradeJson(kOldGrade);
    grade.failures.push_back("got \"\xc3\x28\"");
    REQUIRE_NOTHROW(gradeJson(grade));
    REQUIRE_NOTHROW(gradesJson({grade}, GradeOptions{}));
}

TEST_CASE("JSON files: a perfect score's infinite Elo is null, field order as before", "[json]") {
    const auto ps = greedyAndSmarter();
    GameRecord game = parseGameJsonLine(kOldGameLine, ps);
    MatchOptions options;
    options.sizes = {6};
    const std::string json = resultsJson(ps, {game}, options, false);
    CHECK_THAT(json, Catch::Contains("\"score\": 1, \"score_ci95\": [0.206543, 1], \"elo\": null"));
    CHECK_THAT(json, Catch::StartsWith("{\n  \"kind\": \"match\",\n  \"sizes\": [6],\n  \"games_per_pair_and_size\": 2,"));
    CHECK(jsonLine(jsonNumber(1.0 / 0.0, 6)) == "null");
    CHECK(jsonLine(jsonNumber(0.25, 9)) == "0.25");
    CHECK(jsonLine(jsonNumber(1, 9)) == "1");
    CHECK(jsonLine(jsonNumber(1.5e-05, 9)) == "1.5e-05");
    CHECK(jsonLine(jsonNumber(175.80312, 6)) == "175.803");
    CHECK(jsonLine(jsonNumber(-0.0, 6)) == "-0");  // an even score's Elo, as printf wrote it
}
