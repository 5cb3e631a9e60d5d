// The Multi-ProbCut fits built into the program: weights/probcut8.txt, embedded by cmake/EmbedWeights.cmake.
#include <string>

#include "eval/weights_file.hpp"
#include "search/probcut8.hpp"

extern "C" const unsigned char reversi_probcut8_begin[], reversi_probcut8_end[];

namespace reversi {

const ProbCut8& builtinProbCut() {
    return builtinData("weights/probcut8.txt", reversi_probcut8_begin, reversi_probcut8_end,
                       [](std::string_view text) { return parseProbCut(std::string(text)); });
}

}  // namespace reversi
