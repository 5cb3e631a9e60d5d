// The Multi-ProbCut fits of the sizes other than 8x8 built into the program: weights/probcut_nxn.txt,
// embedded by cmake/EmbedWeights.cmake.
#include "eval/weights_file.hpp"
#include "search/probcut_nxn.hpp"

extern "C" const unsigned char reversi_probcut_nxn_begin[], reversi_probcut_nxn_end[];

namespace reversi {

const ProbCutN& builtinProbCutN() {
    return builtinData<ProbCutN, reversi_probcut_nxn_begin, reversi_probcut_nxn_end>("weights/probcut_nxn.txt", parseProbCutN);
}

}  // namespace reversi
