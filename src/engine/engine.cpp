#include "engine/engine.hpp"

#include <memory>

#include "platform/cpu_clock.hpp"
#include "search/endgame8.hpp"
#include "eval/evaluate.hpp"
#include "eval/eval8.hpp"
#include "eval/evaln.hpp"
#include "search/midgame8.hpp"
#include "search/probcut8.hpp"
#include "search/probcutn.hpp"
#include "search/search.hpp"
#include "search/search8.hpp"
#include "search/tt.hpp"

namespace reversi {

struct EngineMover::Impl {
    TranspositionTable tt{20};  // 2^20 entries, 16 MiB, kept across moves (not in deterministic mode)
    std::unique_ptr<EndgameSolver8> endgame8;  // made at the first 8x8 move (24 MiB)
    std::unique_ptr<Midgame8> midgame8;        // likewise (30 MiB), with the pattern evaluation
    // In deterministic mode (a fixed depth) the 8x8 tables are small and cleared before every move, so
    // that a move depends on its position alone.
};

EngineMover::EngineMover(EngineOptions options) : options_(options), impl_(std::make_unique<Impl>()) {
    // Decode the built-in weights now (tens of milliseconds at 8x8, 11 ms for the other sizes' learned
    // evaluation), not inside the first move's budget.
    if (options_.evaluation == Evaluation::kDefault) {
        eval8::Weights::builtin();
        evaln::Weights::builtin();
        if (options_.probCut) {
            builtinProbCut();
            builtinProbCutN();
        }
    }
}

EngineMover::~EngineMover() = default;  // here, where Impl is complete

Move EngineMover::chooseMove(const Board& board, char colour) {
    const CpuStopwatch clock;  // the budget counts from here
    report_ = SearchReport{};
    const auto legal = board.legalMoves(colour);
    if (legal.empty()) return kNoMove;  // precondition broken: nothing legal to return
    if (legal.size() == 1) {
        report_.move = legal.front();
        report_.seconds = clock.elapsed();
        return report_.move;
    }
    const bool deterministic = options_.maxDepth > 0;
    if (board.size() == 8 && !impl_->endgame8) impl_->endgame8 = std::make_unique<EndgameSolver8>(deterministic ? 14 : 20);
    if (board.size() == 8 && options_.evaluation == Evaluation::kDefault) {
        if (!impl_->midgame8)
            impl_->midgame8 = std::make_unique<Midgame8>(eval8::Weights::builtin(), options_.probCut ? &builtinProbCut() : nullptr,
                                                         deterministic ? 14 : 20);
        if (deterministic) {
            impl_->midgame8->clear();
            impl_->endgame8->clear();
        }
        report_ = searchPosition8(board, colour, options_, clock, *impl_->midgame8, *impl_->endgame8);
    } else {
        report_ = searchPosition(board, colour, options_, impl_->tt, clock,
                                 options_.weights ? *options_.weights : defaultEvalWeights(), impl_->endgame8.get());
    }
    if (report_.move.isNone() || !board.isLegalMove(report_.move.row, report_.move.col, colour))
        report_.move = legal.front();  // cannot happen; never hand back an illegal move
    return report_.move;
}

}  // namespace reversi
