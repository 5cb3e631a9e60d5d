// The JSON files of matches and grading (a stored game, a stored grade): parse, write back, parse again
// to the same record; writing never throws, whatever bytes the text fields hold.
#include <stdexcept>

#include "arena/results_store.hpp"
#include "fuzz_common.hpp"
#include "programs/grade.hpp"

using namespace reversi;

namespace {

void fuzzGameLine(const std::string& text) {
    static const std::vector<PlayerSpec> players{parsePlayer("greedy"), parsePlayer("smarter")};
    GameRecord game;
    try {
        game = parseGameJsonLine(text, players);
    } catch (const std::invalid_argument&) {
        return;
    }
    FUZZ_CHECK(isValidSize(game.result.size));
    const GameRecord again = parseGameJsonLine(gameJsonLine(players, game), players);
    FUZZ_CHECK(again.task.index == game.task.index && again.result.moves == game.result.moves);
    FUZZ_CHECK(again.result.winner == game.result.winner && again.result.forfeitBy == game.result.forfeitBy);
}

void fuzzGrade(const std::string& text) {
    SubmissionGrade grade;
    try {
        grade = parseGradeJson(text);
    } catch (const std::invalid_argument&) {
        return;
    }
    const SubmissionGrade again = parseGradeJson(gradeJson(grade));
    FUZZ_CHECK(again.mark == grade.mark && again.failures.size() == grade.failures.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzzText(data, size);
    fuzzGameLine(text);
    fuzzGrade(text);
    return 0;
}
