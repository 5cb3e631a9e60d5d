#include "search/board_search.hpp"

#include "eval/eval8.hpp"
#include "eval/evaluate.hpp"
#include "search/endgame8.hpp"
#include "search/midgame8.hpp"
#include "search/probcut8.hpp"
#include "search/search.hpp"
#include "search/search8.hpp"

namespace reversi {

BoardSearch::BoardSearch() = default;
BoardSearch::~BoardSearch() = default;

SearchReport BoardSearch::search(const Board& board, char colour, const EngineOptions& options, const CpuStopwatch& clock) {
    const bool words = board.size() == 8;  // the 8x8 code on one 64-bit word per side
    const bool deterministic = options.maxDepth > 0;
    if (words && !endgame8_) endgame8_ = std::make_unique<EndgameSolver8>(deterministic ? 14 : 20);
    if (!words || options.evaluation != Evaluation::kDefault)
        return searchPosition(board, colour, options, tt_, clock, options.weights ? *options.weights : defaultEvalWeights(),
                              endgame8_.get());
    if (!midgame8_)
        midgame8_ = std::make_unique<Midgame8>(eval8::Weights::builtin(), options.probCut ? &builtinProbCut() : nullptr,
                                               deterministic ? 14 : 20);
    if (deterministic) {
        midgame8_->clear();
        endgame8_->clear();
    }
    return searchPosition8(board, colour, options, clock, *midgame8_, *endgame8_);
}

}  // namespace reversi
