// The Multi-ProbCut fits built into the program: weights/probcut8.txt, embedded by cmake/EmbedWeights.cmake.
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>

#include "search/probcut8.hpp"

extern "C" const unsigned char reversi_probcut8_begin[];
extern "C" const unsigned char reversi_probcut8_end[];

namespace reversi {

const ProbCut8& builtinProbCut() {
    static const ProbCut8 fits = [] {
        try {
            return parseProbCut(std::string(reinterpret_cast<const char*>(reversi_probcut8_begin),
                                            static_cast<std::size_t>(reversi_probcut8_end - reversi_probcut8_begin)));
        } catch (const std::bad_alloc&) {
            throw;  // out of memory is the caller's to report, not a broken build
        } catch (const std::exception& e) {
            std::fprintf(stderr, "reversi: the built-in weights/probcut8.txt is unusable: %s\n", e.what());
            std::abort();
        }
    }();
    return fits;
}

}  // namespace reversi
