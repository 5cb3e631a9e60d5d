// The hidden cases of `reversi grade` (src/programs/grade_cases.cpp): reproducible from the seed, every
// size, both colours, passes and invalid moves, expected output from the project's own lab programs.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "programs/grade_cases.hpp"

using namespace reversi;

TEST_CASE("grade cases: the same seed gives the same cases, another seed others", "[grade]") {
    for (const GradedLab lab : {GradedLab::kLab6, GradedLab::kPart1}) {
        const auto a = hiddenCases(lab, 11, 12);
        const auto b = hiddenCases(lab, 11, 12);
        const auto c = hiddenCases(lab, 12, 12);
        REQUIRE(a.size() == 12);
        int same = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            CHECK(a[i].input == b[i].input);
            CHECK(a[i].expected == b[i].expected);
            same += a[i].input == c[i].input;
        }
        CHECK(same < 3);
    }
    CHECK_THROWS_AS(hiddenCases(GradedLab::kPart2, 1, 1), std::invalid_argument);
    CHECK(parseLabName("lab7part1") == GradedLab::kPart1);
    CHECK_THROWS_AS(parseLabName("lab8"), std::invalid_argument);
}

TEST_CASE("grade cases: Lab 6 covers every size, each case ending with the board", "[grade]") {
    const auto cases = hiddenCases(GradedLab::kLab6, 3, 24);
    std::set<int> sizes;
    for (const LabCase& c : cases) {
        sizes.insert(std::stoi(c.input));
        CHECK(c.input.find("!!!") != std::string::npos);
        CHECK(c.expected.find("Enter a move:\n") != std::string::npos);
        CHECK((c.expected.find("Valid move.\n") != std::string::npos || c.expected.find("Invalid move.\n") != std::string::npos));
    }
    CHECK(sizes.size() == 12);
}

TEST_CASE("grade cases: Part 1 has both colours at every size, passes and invalid moves", "[grade]") {
    const auto cases = hiddenCases(GradedLab::kPart1, 5, 24);
    std::set<std::string> seats;
    int withPasses = 0, invalid = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const LabCase& c = cases[i];
        const int n = std::stoi(c.input);
        const char computer = c.input[c.input.find('\n') + 1];
        seats.insert(std::to_string(n) + computer);
        const bool passes = c.expected.find("player has no valid move.") != std::string::npos;
        withPasses += passes;
        if (i % 4 == 0) CHECK(passes);
        if (i % 3 == 2) {
            CHECK(c.expected.find("Invalid move.\n") != std::string::npos);
            ++invalid;
        } else {
            CHECK(c.expected.find("Invalid move.") == std::string::npos);
            CHECK((c.expected.find(" player wins.\n") != std::string::npos || c.expected.find("Draw!\n") != std::string::npos));
        }
    }
    CHECK(seats.size() == 24);  // 12 sizes x 2 colours
    CHECK(withPasses >= 6);
    CHECK(invalid == 8);
}
