// The play settings file: any text parses (bad lines become warnings), and the settings it gives print
// back to a file that parses to the same settings without warnings.
#include "fuzz_common.hpp"
#include "programs/settings.hpp"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> warnings;
    const PlaySettings settings = parseSettings(fuzzText(data, size), warnings);
    std::vector<std::string> again;
    const PlaySettings reparsed = parseSettings(formatSettings(settings), again);
    FUZZ_CHECK(reparsed == settings);
    FUZZ_CHECK(again.empty());
    return 0;
}
