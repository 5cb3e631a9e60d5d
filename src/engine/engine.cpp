#include "engine/engine.hpp"

#include <memory>

#include "eval/eval8.hpp"
#include "eval/eval_nxn.hpp"
#include "platform/cpu_clock.hpp"
#include "search/board_search.hpp"
#include "search/probcut8.hpp"
#include "search/probcut_nxn.hpp"

namespace reversi {

struct EngineMover::Impl {
    BoardSearch search;  // the search of the board's size, with its tables kept across moves
};

EngineMover::EngineMover(EngineOptions options) : options_(options), impl_(std::make_unique<Impl>()) {
    // Decode the built-in weights now (tens of milliseconds at 8x8, 11 ms for the other sizes' learned
    // evaluation), not inside the first move's budget.
    if (options_.evaluation == Evaluation::kDefault) {
        eval8::Weights::builtin();
        eval_nxn::Weights::builtin();
        if (options_.probCut) {
            builtinProbCut();
            builtinProbCutN();
        }
    }
}

EngineMover::~EngineMover() = default;  // here, where Impl is complete

void EngineMover::prepare(int boardSize) { impl_->search.prepare(boardSize, options_); }

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
    report_ = impl_->search.search(board, colour, options_, clock);
    if (report_.move.isNone() || !board.isLegalMove(report_.move.row, report_.move.col, colour))
        report_.move = legal.front();  // cannot happen; never hand back an illegal move
    return report_.move;
}

}  // namespace reversi
