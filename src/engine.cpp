#include "reversi/engine.hpp"

#include "reversi/cpu_clock.hpp"
#include "reversi/evaluate.hpp"
#include "reversi/search.hpp"
#include "reversi/tt.hpp"

namespace reversi {

struct EngineMover::Impl {
    TranspositionTable tt{20};  // 2^20 entries, 16 MiB, kept across moves (not in deterministic mode)
};

EngineMover::EngineMover(EngineOptions options) : options_(options), impl_(new Impl) {}

EngineMover::~EngineMover() { delete impl_; }

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
    report_ = searchPosition(board, colour, options_, impl_->tt, clock,
                             options_.weights ? *options_.weights : defaultEvalWeights());
    if (report_.move.isNone() || !board.isLegalMove(report_.move.row, report_.move.col, colour))
        report_.move = legal.front();  // cannot happen; never hand back an illegal move
    return report_.move;
}

}  // namespace reversi
