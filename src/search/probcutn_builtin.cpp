// The Multi-ProbCut fits of the sizes other than 8x8 built into the program: weights/probcutN.txt,
// embedded by cmake/EmbedWeights.cmake.
#include "eval/weights_file.hpp"
#include "search/probcutn.hpp"

extern "C" const unsigned char reversi_probcutn_begin[], reversi_probcutn_end[];

namespace reversi {

const ProbCutN& builtinProbCutN() {
    return builtinData<ProbCutN, reversi_probcutn_begin, reversi_probcutn_end>("weights/probcutN.txt", parseProbCutN);
}

}  // namespace reversi
