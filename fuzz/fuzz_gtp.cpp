// GTP: any lines, in any order, on any board size; genmove searches 1 ply so that the fuzzer explores
// the protocol, not the engine. Every command gets exactly one reply ("=" or "?" ... blank line).
#include <sstream>

#include "fuzz_common.hpp"
#include "programs/gtp.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(fuzzText(data, size));
    std::ostringstream out;
    reversi::GtpOptions options;
    options.moveTime = 0.002;
    options.depth = 1;
    FUZZ_CHECK(reversi::runGtp(in, out, options) == 0);
    const std::string replies = out.str();
    FUZZ_CHECK(replies.empty() || replies.size() >= 2 && replies.compare(replies.size() - 2, 2, "\n\n") == 0);
    return 0;
}
