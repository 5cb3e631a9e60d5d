// Lab 6's standard input: dimension, configuration entries up to "!!!", then a move.
#include <sstream>

#include "fuzz_common.hpp"
#include "programs/lab_programs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(fuzzText(data, size));
    std::ostringstream out, err;
    const int status = reversi::runLab6(in, out, err);
    FUZZ_CHECK(status == reversi::kExitOk || status == reversi::kExitInputEnded);
    return 0;
}
