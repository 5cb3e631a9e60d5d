// Saved game records: parse, replay (legality), print back and parse again to the same game.
#include <stdexcept>

#include "fuzz_common.hpp"
#include "rules/game_record.hpp"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    RecordedGame game;
    try {
        game = parseRecordedGame(fuzzText(data, size));
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(isValidSize(game.size));
    for (const Move m : game.moves) FUZZ_CHECK(positionInBounds(game.size, m.row, m.col));
    const RecordedGame again = parseRecordedGame(formatRecordedGame(game));
    FUZZ_CHECK(again.size == game.size && again.moves == game.moves);
    try {
        const Replay replay = replayGame(game.size, game.moves);
        FUZZ_CHECK(replay.steps.size() == game.moves.size());
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
