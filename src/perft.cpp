#include "reversi/perft.hpp"

#include <bit>

#include "reversi/bitboard.hpp"
#include "reversi/endgame.hpp"
#include "reversi/position.hpp"

namespace reversi {

namespace {

template <int N>
class Perft {
public:
    Perft(int depth, std::vector<std::uint64_t>& counts) : depth_(depth), counts_(counts) {}

    // A node `ply` plies below the start (already counted by its parent).
    void visit(const Position<N>& pos, int ply) {
        const auto moves = pos.moves();
        if (ply == depth_ - 1) {  // bulk-count the last ply
            counts_[static_cast<std::size_t>(ply)] += moves.any() ? static_cast<std::uint64_t>(moves.count()) : 1;
            return;
        }
        if (moves.none()) {
            if (pos.opponentMoves().none()) {  // game over: one leaf at every deeper depth
                for (int d = ply; d < depth_; ++d) ++counts_[static_cast<std::size_t>(d)];
                return;
            }
            ++counts_[static_cast<std::size_t>(ply)];
            visit(pos.passed(), ply + 1);
            return;
        }
        counts_[static_cast<std::size_t>(ply)] += static_cast<std::uint64_t>(moves.count());
        moves.forEach([&](int sq) { visit(pos.play(sq), ply + 1); });
    }

private:
    int depth_;
    std::vector<std::uint64_t>& counts_;
};

// 8x8 on raw words. visit() handles the nodes above the last two plies; the node two plies above the
// leaves counts both of its plies in one loop (each child's replies are one popcount).
class Perft8 {
    using u64 = std::uint64_t;

public:
    Perft8(int depth, std::vector<std::uint64_t>& counts) : depth_(depth), counts_(counts.data()) {}

    void visit(u64 P, u64 O, int ply) {
        const u64 mv = bb8::moves(P, O);
        if (ply == depth_ - 1) {
            counts_[ply] += mv ? static_cast<u64>(std::popcount(mv)) : 1;
            return;
        }
        if (!mv) {
            if (!bb8::moves(O, P)) {
                for (int d = ply; d < depth_; ++d) ++counts_[d];
                return;
            }
            ++counts_[ply];
            visit(O, P, ply + 1);
            return;
        }
        counts_[ply] += static_cast<u64>(std::popcount(mv));
        if (ply == depth_ - 2) {
            u64 leaves = 0;
            for (u64 m = mv; m; m &= m - 1) {
                const int sq = std::countr_zero(m);
                const u64 f = bb8::flips(sq, P, O);
                const u64 replies = bb8::moves(O ^ f, P ^ f ^ (u64{1} << sq));
                leaves += replies ? static_cast<u64>(std::popcount(replies)) : 1;
            }
            counts_[ply + 1] += leaves;
            return;
        }
        for (u64 m = mv; m; m &= m - 1) {
            const int sq = std::countr_zero(m);
            const u64 f = bb8::flips(sq, P, O);
            visit(O ^ f, P ^ f ^ (u64{1} << sq), ply + 1);
        }
    }

private:
    int depth_;
    u64* counts_;
};

void referenceVisit(const Board& board, char side, int ply, int depth, std::vector<std::uint64_t>& counts) {
    const auto moves = board.legalMoves(side);
    if (moves.empty()) {
        if (!board.hasLegalMove(opponentOf(side))) {
            for (int d = ply; d < depth; ++d) ++counts[static_cast<std::size_t>(d)];
            return;
        }
        ++counts[static_cast<std::size_t>(ply)];
        if (ply + 1 < depth) referenceVisit(board, opponentOf(side), ply + 1, depth, counts);
        return;
    }
    counts[static_cast<std::size_t>(ply)] += moves.size();
    if (ply + 1 == depth) return;
    for (const Move m : moves) {
        Board next = board;
        next.applyMove(m.row, m.col, side);
        referenceVisit(next, opponentOf(side), ply + 1, depth, counts);
    }
}

}  // namespace

std::vector<std::uint64_t> perftCounts(const Board& start, char sideToMove, int depth) {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(depth > 0 ? depth : 0), 0);
    if (depth <= 0) return counts;
    if (start.size() == 8) {
        const Position<8> pos = Position<8>::fromBoard(start, sideToMove);
        Perft8(depth, counts).visit(pos.P.w[0], pos.O.w[0], 0);
        return counts;
    }
    bb::dispatchSize(start.size(), [&](auto size) {
        constexpr int N = decltype(size)::value;
        Perft<N>(depth, counts).visit(Position<N>::fromBoard(start, sideToMove), 0);
    });
    return counts;
}

std::vector<std::uint64_t> perftCountsReference(const Board& start, char sideToMove, int depth) {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(depth > 0 ? depth : 0), 0);
    if (depth > 0) referenceVisit(start, sideToMove, 0, depth, counts);
    return counts;
}

}  // namespace reversi
