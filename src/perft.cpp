#include "reversi/perft.hpp"

#include "reversi/bitboard.hpp"
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

}  // namespace

std::vector<std::uint64_t> perftCounts(const Board& start, char sideToMove, int depth) {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(depth > 0 ? depth : 0), 0);
    if (depth <= 0) return counts;
    bb::dispatchSize(start.size(), [&](auto size) {
        constexpr int N = decltype(size)::value;
        Perft<N>(depth, counts).visit(Position<N>::fromBoard(start, sideToMove), 0);
    });
    return counts;
}

}  // namespace reversi
