// Player specs on the command line (parsePlayer, splitCommandLine). Nothing is started: only parsed.
#include <stdexcept>

#include "fuzz_common.hpp"
#include "arena/player.hpp"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzzText(data, size);
    try {
        const PlayerSpec p = parsePlayer(text);
        if (p.isExternal()) FUZZ_CHECK(!p.argv.empty());
    } catch (const std::invalid_argument&) {
    }
    try {
        (void)splitCommandLine(text);
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
