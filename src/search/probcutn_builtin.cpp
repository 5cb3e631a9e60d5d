// The Multi-ProbCut fits of the sizes other than 8x8 built into the program: weights/probcutN.txt,
// embedded by cmake/EmbedWeights.cmake.
#include <cstddef>
#include <string>

#include "eval/weights_file.hpp"
#include "search/probcutn.hpp"

extern "C" const unsigned char reversi_probcutn_begin[];
extern "C" const unsigned char reversi_probcutn_end[];

namespace reversi {

const ProbCutN& builtinProbCutN() {
    static const ProbCutN fits = decodeBuiltinWeights("weights/probcutN.txt", [] {
        return parseProbCutN(std::string(reinterpret_cast<const char*>(reversi_probcutn_begin),
                                         static_cast<std::size_t>(reversi_probcutn_end - reversi_probcutn_begin)));
    });
    return fits;
}

}  // namespace reversi
