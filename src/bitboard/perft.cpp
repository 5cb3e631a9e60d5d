#include "bitboard/perft.hpp"

#include <bit>

#include "bitboard/bitboard.hpp"
#include "bitboard/position.hpp"

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
        return perftCounts8<bb8::Flip, bb8::Moves>(pos.P.w[0], pos.O.w[0], depth);
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
