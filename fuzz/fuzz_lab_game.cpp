// Lab 7's standard input (dimension, colour, the human's moves) against Part 1's greedy computer, in
// both editions (the first byte picks one).
#include <sstream>

#include "fuzz_common.hpp"
#include "players/greedy.hpp"
#include "programs/lab_programs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const unsigned edition = fuzzTakeByte(data, size);
    std::istringstream in(fuzzText(data, size));
    std::ostringstream out, err;
    reversi::GreedyMover greedy;
    const int status = reversi::runLabGame(in, out, err, greedy,
                                           edition & 1 ? reversi::Edition::k2022 : reversi::Edition::k2018);
    FUZZ_CHECK(status == reversi::kExitOk || status == reversi::kExitInputEnded);
    return 0;
}
