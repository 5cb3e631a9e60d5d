#include "reversi/evaluate.hpp"

namespace reversi {

const EvalWeights& defaultEvalWeights() {
    static const EvalWeights weights{};
    return weights;
}

}  // namespace reversi
