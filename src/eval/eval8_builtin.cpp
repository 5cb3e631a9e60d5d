// The weights built into the program: weights/pattern8.bin, embedded by cmake/EmbedWeights.cmake.
#include <cstdio>
#include <cstdlib>
#include <new>

#include "eval/eval8.hpp"

extern "C" const unsigned char reversi_weights_pattern8_begin[];
extern "C" const unsigned char reversi_weights_pattern8_end[];

namespace reversi::eval8 {

const Weights& Weights::builtin() {
    static const Weights weights = [] {
        try {
            const auto size = static_cast<std::size_t>(reversi_weights_pattern8_end - reversi_weights_pattern8_begin);
            return Weights(decodeWeights(reversi_weights_pattern8_begin, size));
        } catch (const std::bad_alloc&) {
            throw;  // out of memory is the caller's to report, not a broken build
        } catch (const std::exception& e) {
            // The build embedded a broken file: nothing sensible can be played.
            std::fprintf(stderr, "reversi: the built-in weights/pattern8.bin is unusable: %s\n", e.what());
            std::abort();
        }
    }();
    return weights;
}

}  // namespace reversi::eval8
