#include "search/board_search.hpp"

#include <chrono>
#include <memory>

#include "bitboard/bitboard.hpp"
#include "bitboard/position.hpp"
#include "eval/eval8.hpp"
#include "eval/evaluate.hpp"
#include "search/endgame8.hpp"
#include "search/exact_solver.hpp"
#include "search/midgame8.hpp"
#include "search/probcut8.hpp"
#include "search/search.hpp"
#include "search/search8.hpp"

namespace reversi {

BoardSearch::BoardSearch() = default;
BoardSearch::~BoardSearch() = default;

void BoardSearch::prepare(int size, const EngineOptions& options) {
    if (size != 8) return;  // the generic search's table is made with this object
    const int log2Table = options.maxDepth > 0 ? 14 : 20;  // small tables, cleared before every move
    if (!endgame8_) endgame8_ = std::make_unique<EndgameSolver8>(log2Table);
    if (!midgame8_ && options.evaluation == Evaluation::kDefault)
        midgame8_ = std::make_unique<Midgame8>(eval8::Weights::builtin(), options.probCut ? &builtinProbCut() : nullptr,
                                               log2Table);
}

SearchReport BoardSearch::search(const Board& board, char colour, const EngineOptions& options, const CpuStopwatch& clock) {
    prepare(board.size(), options);
    if (board.size() != 8 || options.evaluation != Evaluation::kDefault)
        return searchPosition(board, colour, options, tt_, clock, options.weights ? *options.weights : defaultEvalWeights(),
                              endgame8_.get());
    if (options.maxDepth > 0) {  // a move that depends on its position alone
        midgame8_->clear();
        endgame8_->clear();
    }
    return searchPosition8(board, colour, options, clock, *midgame8_, *endgame8_);
}

SolveResult solveExact(const Board& board, char colour, std::function<bool()> stop, EndgameSolver8* solver8) {
    const auto t0 = std::chrono::steady_clock::now();
    SolveResult r;
    if (board.size() == 8) {
        const Position<8> pos = Position<8>::fromBoard(board, colour);
        std::unique_ptr<EndgameSolver8> own;
        if (solver8) solver8->clear();
        else own = std::make_unique<EndgameSolver8>(20);
        r = (solver8 ? *solver8 : *own).solve(pos.P.w[0], pos.O.w[0], std::move(stop));
    } else {
        // The engine's exact solver (exact_solver.hpp) with a table of its own.
        bb::dispatchSize(board.size(), [&](auto size) {
            constexpr int N = decltype(size)::value;
            TranspositionTable tt(20);
            tt.newSearch(false);
            const MoveOrdering<N> ordering;
            NodeClock clock(4095, std::move(stop));
            ExactSolver<N> solver(tt, ordering, clock);
            r = solver.solveRoot(Position<N>::fromBoard(board, colour), colour == kBlack ? 0 : 1);
            r.nodes = clock.nodes();
        });
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace reversi
