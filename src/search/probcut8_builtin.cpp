// The Multi-ProbCut fits built into the program: weights/probcut8.txt, embedded by cmake/EmbedWeights.cmake.
#include "eval/weights_file.hpp"
#include "search/probcut8.hpp"

extern "C" const unsigned char reversi_probcut8_begin[], reversi_probcut8_end[];

namespace reversi {

const ProbCut8& builtinProbCut() {
    return builtinData<ProbCut8, reversi_probcut8_begin, reversi_probcut8_end>("weights/probcut8.txt", parseProbCut);
}

}  // namespace reversi
