// Which graded submissions `grade --leaderboard` enters (src/leaderboard/league_grading.hpp), and the
// grade's faulted_games in its JSON (Part 2 only; an earlier version's grade reads as "not counted").
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "leaderboard/league_grading.hpp"
#include "scratch_files.hpp"

using namespace reversi;

TEST_CASE("league grading: only a Part 2 program without a fault of its own, unchanged since graded, is entered") {
    const std::string dir = freshDir("league-grading");
    std::filesystem::create_directories(dir + "/alice");
    std::ofstream(dir + "/alice/alice.c") << "int main(void) { return 0; }\n";
    SubmissionGrade g;
    g.name = "alice";
    g.path = dir + "/alice";
    g.lab = "part2";
    g.program = "compiled from alice.c";
    g.casesRun = 4;
    g.casesPassed = 1;  // lost three games on the board: still entered
    g.key = gradeKey(g.path, GradeOptions{});
    CHECK(notEnteredReason(g).empty());

    SubmissionGrade faulted = g;
    faulted.faultedGames = 2;
    faulted.failures = {"game 2 (8x8, White, against smarter): lost by a fault: an illegal move"};
    CHECK(notEnteredReason(faulted).find("2 of its 4 graded games ended by its fault: game 2") != std::string::npos);
    SubmissionGrade old = g;
    old.faultedGames = -1;
    CHECK(notEnteredReason(old).find("grade it again") != std::string::npos);
    SubmissionGrade none = g;
    none.program.clear();
    none.failures = {"does not compile: x.c:1: error"};
    CHECK(notEnteredReason(none).find("does not compile") != std::string::npos);
    SubmissionGrade lab6 = g;
    lab6.lab = "lab6";
    CHECK(notEnteredReason(lab6).find("Part 2") != std::string::npos);

    std::ofstream(dir + "/alice/alice.c") << "int main(void) { return 1; }\n";  // edited after grading
    CHECK(notEnteredReason(g).find("changed since it was graded") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("league grading: faulted_games goes through a Part 2 grade's JSON and reads as -1 when absent") {
    SubmissionGrade g;
    g.name = "bob";
    g.lab = "part2";
    g.faultedGames = 3;
    const std::string json = gradeJson(g);
    CHECK(json.find("\"faulted_games\": 3") != std::string::npos);
    CHECK(parseGradeJson(json).faultedGames == 3);
    g.lab = "part1";
    CHECK(gradeJson(g).find("faulted_games") == std::string::npos);
    CHECK(parseGradeJson(gradeJson(g)).faultedGames == -1);
}
