// The NBoard protocol, GGF games included ("set game (;GM[Othello]...;)"): any lines, in any order.
// Searches are kept tiny (depth and time) so that the fuzzer explores the protocol, not the engine.
#include <sstream>

#include "fuzz_common.hpp"
#include "programs/nboard.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(fuzzText(data, size));
    std::ostringstream out;
    reversi::NBoardOptions options;
    options.moveTime = 0.002;
    FUZZ_CHECK(reversi::runNBoard(in, out, options) == 0);
    return 0;
}
