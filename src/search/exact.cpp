#include "search/exact.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "bitboard/bitboard.hpp"
#include "bitboard/position.hpp"
#include "search/endgame8.hpp"

namespace reversi {

// ---- Every other size: a plain negascout on Position<N>. ----

namespace {

template <int N>
class GenericSolver {
    using Pos = Position<N>;
    using B = bb::Bits<N>;

public:
    explicit GenericSolver(std::function<bool()> stop) : stop_(std::move(stop)) {}

    static int finalOf(const Pos& pos) {
        const int p = pos.P.count(), o = pos.O.count(), e = N * N - p - o, d = p - o;
        return d > 0 ? d + e : d < 0 ? d - e : 0;
    }

    int search(const Pos& pos, int alpha, int beta, int empties, bool passed, int* bestOut) {
        if ((++nodes_ & 4095) == 0 && stop_ && !stopped_ && stop_()) stopped_ = true;
        if (stopped_) return 0;
        const B mv = pos.moves();
        if (mv.none()) {
            if (passed) return -finalOf(pos.passed());
            return -search(pos.passed(), -beta, -alpha, empties, true, nullptr);
        }
        struct M {
            int sq;
            int key;
        };
        std::vector<M> list;
        mv.forEach([&](int sq) {
            int key = 0;
            if (empties > 5) key = -pos.play(sq).moves().count();
            if (bb::Masks<N>::corners.test(sq)) key += 2;
            list.push_back({sq, key});
        });
        std::stable_sort(list.begin(), list.end(), [](const M& a, const M& b) { return a.key > b.key; });
        int best = -N * N - 1;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Pos child = pos.play(list[i].sq);
            int score;
            if (i == 0) {
                score = -search(child, -beta, -alpha, empties - 1, false, nullptr);
            } else {
                score = -search(child, -alpha - 1, -alpha, empties - 1, false, nullptr);
                if (score > alpha && score < beta) score = -search(child, -beta, -alpha, empties - 1, false, nullptr);
            }
            if (stopped_) return 0;
            if (score > best) {
                best = score;
                if (bestOut) *bestOut = list[i].sq;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) break;
                }
            }
        }
        return best;
    }

    std::uint64_t nodes_ = 0;
    bool stopped_ = false;

private:
    std::function<bool()> stop_;
};

}  // namespace

SolveResult solveExact(const Board& board, char colour, std::function<bool()> stop) {
    const auto t0 = std::chrono::steady_clock::now();
    SolveResult r;
    if (board.size() == 8) {
        const Position<8> pos = Position<8>::fromBoard(board, colour);
        EndgameSolver8 solver(20);
        r = solver.solve(pos.P.w[0], pos.O.w[0], std::move(stop));
    } else {
        bb::dispatchSize(board.size(), [&](auto size) {
            constexpr int N = decltype(size)::value;
            const Position<N> pos = Position<N>::fromBoard(board, colour);
            GenericSolver<N> solver(std::move(stop));
            int best = -1;
            const int S = N * N;
            r.score = solver.search(pos, -S - 1, S + 1, pos.emptyCount(), false, &best);
            r.move = pos.moves().any() ? best : -1;
            r.nodes = solver.nodes_;
            r.complete = !solver.stopped_;
        });
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace reversi
