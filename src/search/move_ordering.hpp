// Move ordering shared by the midgame search and the exact solver at every size but 8x8: the table move
// first, then fastest first (fewest replies for the opponent) where the tree is deep enough to pay for
// it, then square values (corners good, X and C squares bad) and a history of cutoffs.
#pragma once

#include <algorithm>
#include <array>
#include <utility>

#include "bitboard/bitboard.hpp"
#include "bitboard/position.hpp"

namespace reversi {

template <int N>
class MoveOrdering {
public:
    using B = bb::Bits<N>;
    using Pos = Position<N>;
    static constexpr int S = N * N;

    struct ScoredMove {
        int sq;
        int key;
    };
    using MoveList = std::array<ScoredMove, S>;

    MoveOrdering() {
        using M = bb::Masks<N>;
        for (int sq = 0; sq < S; ++sq) {
            squareValue_[sq] = M::corners.test(sq)    ? 100
                               : M::xSquares.test(sq) ? -60
                               : M::cSquares.test(sq) ? -25
                               : M::edges.test(sq)    ? 10
                                                      : 0;
            history_[sq] = 0;
        }
    }

    // Fills `list` with the moves, scored for ordering; returns the count.
    // fastest: order by the opponent's replies (fewest first), else by square value and history.
    int scoreMoves(const Pos& pos, const B& moves, int ttMove, bool fastest, MoveList& list) const {
        int n = 0;
        moves.forEach([&](int sq) {
            int key;
            if (sq == ttMove) {
                key = 1 << 29;
            } else if (fastest) {
                const Pos child = pos.play(sq);
                const B replies = child.moves();
                const int mob = replies.none() ? (child.opponentMoves().none() ? 0 : -2) : replies.count();
                key = -mob * 256 + squareValue_[sq] * 4 + std::min(history_[sq] >> 4, 200);
            } else {
                key = squareValue_[sq] * 4 + std::min(history_[sq] >> 4, 200);
            }
            list[static_cast<std::size_t>(n++)] = {sq, key};
        });
        return n;
    }

    // Selection sort step: moves the best remaining move to place i and returns its square.
    static int pickNext(MoveList& list, int i, int n) {
        int bestIdx = i;
        for (int j = i + 1; j < n; ++j)
            if (list[static_cast<std::size_t>(j)].key > list[static_cast<std::size_t>(bestIdx)].key) bestIdx = j;
        std::swap(list[static_cast<std::size_t>(i)], list[static_cast<std::size_t>(bestIdx)]);
        return list[static_cast<std::size_t>(i)].sq;
    }

    // A move that caused a beta cutoff at `depth` plies.
    void recordCutoff(int sq, int depth) { history_[sq] += depth * depth; }

private:
    std::array<int, S> squareValue_{};
    std::array<int, S> history_{};
};

}  // namespace reversi
