// The Multi-ProbCut fits built into the program: weights/probcut8.txt, embedded by cmake/EmbedWeights.cmake.
#include <cstddef>
#include <string>

#include "eval/weights_file.hpp"
#include "search/probcut8.hpp"

extern "C" const unsigned char reversi_probcut8_begin[];
extern "C" const unsigned char reversi_probcut8_end[];

namespace reversi {

const ProbCut8& builtinProbCut() {
    static const ProbCut8 fits = decodeBuiltinWeights("weights/probcut8.txt", [] {
        return parseProbCut(std::string(reinterpret_cast<const char*>(reversi_probcut8_begin),
                                        static_cast<std::size_t>(reversi_probcut8_end - reversi_probcut8_begin)));
    });
    return fits;
}

}  // namespace reversi
