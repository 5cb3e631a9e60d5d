#include "search/exact.hpp"

#include <chrono>
#include <memory>

#include "bitboard/bitboard.hpp"
#include "bitboard/position.hpp"
#include "search/endgame8.hpp"
#include "search/exact_solver.hpp"

namespace reversi {

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
