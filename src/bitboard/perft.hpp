// Move-path enumeration for validating move generation: the number of positions reachable in
// exactly d plies, for d = 1..depth. A pass uses one ply; a finished game counts as one leaf at
// every deeper depth.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "bitboard/bitboard8.hpp"
#include "rules/board.hpp"

namespace reversi {

// counts[d - 1] = leaves at depth d. sideToMove must be kBlack or kWhite. 8x8 runs a dedicated path on
// raw uint64 bitboards (perftCounts8 with the compiled-in bb8::Flip and bb8::Moves); the other sizes
// use the generic bitboards.
std::vector<std::uint64_t> perftCounts(const Board& start, char sideToMove, int depth);

namespace detail {

// 8x8 on raw words (P: side to move). visit() handles the nodes above the last two plies; the node two
// plies above the leaves counts both of its plies in one loop: each child costs one flip and one move
// generation, and its replies are one popcount (a child without replies is one leaf: the pass).
template <class Flip, class Moves>
class Perft8 {
    using u64 = std::uint64_t;

public:
    Perft8(int depth, u64* counts) : depth_(depth), counts_(counts) {}

    void visit(u64 P, u64 O, int ply) {
        const u64 mv = Moves::moves(P, O);
        if (ply == depth_ - 1) {
            counts_[ply] += mv ? static_cast<u64>(std::popcount(mv)) : 1;
            return;
        }
        if (!mv) {
            if (!Moves::moves(O, P)) {
                for (int d = ply; d < depth_; ++d) ++counts_[d];
                return;
            }
            ++counts_[ply];
            visit(O, P, ply + 1);
            return;
        }
        counts_[ply] += static_cast<u64>(std::popcount(mv));
        if (ply == depth_ - 2) {
            counts_[ply + 1] += lastTwo(P, O, mv);
            return;
        }
        for (u64 m = mv; m; m &= m - 1) {
            const int sq = std::countr_zero(m);
            const u64 f = Flip::flips(sq, P, O);
            visit(O ^ f, P ^ f ^ (u64{1} << sq), ply + 1);
        }
    }

    // Leaves one ply below the children of (P, O) reached by the moves mv: no branch per child.
    static u64 lastTwo(u64 P, u64 O, u64 mv) {
        u64 leaves = 0;
        for (u64 m = mv; m; m &= m - 1) {
            const int sq = std::countr_zero(m);
            const u64 f = Flip::flips(sq, P, O);
            const u64 replies = Moves::moves(O ^ f, P ^ f ^ (u64{1} << sq));
            leaves += static_cast<u64>(std::popcount(replies)) + (replies == 0);
        }
        return leaves;
    }

private:
    int depth_;
    u64* counts_;
};

}  // namespace detail

// perftCounts on 8x8 from the raw words (P: side to move) with a given flip and move implementation.
template <class Flip, class Moves>
std::vector<std::uint64_t> perftCounts8(std::uint64_t P, std::uint64_t O, int depth) {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(depth > 0 ? depth : 0), 0);
    if (depth > 0) detail::Perft8<Flip, Moves>(depth, counts.data()).visit(P, O, 0);
    return counts;
}

// The same counts from the lab's char-array rules (Board::legalMoves / applyMove): slow, independent of
// the bitboards, for cross-checking them on sizes without published counts.
std::vector<std::uint64_t> perftCountsReference(const Board& start, char sideToMove, int depth);

}  // namespace reversi
