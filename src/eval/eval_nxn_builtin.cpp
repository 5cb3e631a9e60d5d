// The weights built into the program: weights/eval_nxn.bin, embedded by cmake/EmbedWeights.cmake.
#include "eval/eval_nxn.hpp"
#include "eval/weights_file.hpp"

extern "C" const unsigned char reversi_weights_eval_nxn_begin[], reversi_weights_eval_nxn_end[];

namespace reversi::eval_nxn {

const Weights& Weights::builtin() {
    return builtinData<Weights, reversi_weights_eval_nxn_begin, reversi_weights_eval_nxn_end>("weights/eval_nxn.bin", decodeWeightBytes);
}

}  // namespace reversi::eval_nxn
