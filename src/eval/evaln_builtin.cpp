// The weights built into the program: weights/patternN.bin, embedded by cmake/EmbedWeights.cmake.
#include <cstdio>
#include <cstdlib>
#include <new>

#include "eval/evaln.hpp"

extern "C" const unsigned char reversi_weights_patternn_begin[];
extern "C" const unsigned char reversi_weights_patternn_end[];

namespace reversi::evaln {

const Weights& Weights::builtin() {
    static const Weights weights = [] {
        try {
            const auto size = static_cast<std::size_t>(reversi_weights_patternn_end - reversi_weights_patternn_begin);
            return Weights(decodeWeights(reversi_weights_patternn_begin, size));
        } catch (const std::bad_alloc&) {
            throw;  // out of memory is the caller's to report, not a broken build
        } catch (const std::exception& e) {
            std::fprintf(stderr, "reversi: the built-in weights/patternN.bin is unusable: %s\n", e.what());
            std::abort();
        }
    }();
    return weights;
}

}  // namespace reversi::evaln
