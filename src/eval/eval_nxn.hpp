// The learned evaluation for every even size from 6x6 to 26x26 (8x8 has its own, eval8.hpp): patterns
// of squares that exist on every board (each corner's 3x3 block, each edge's first six squares with the
// X square, each corner's 2x4 block along either edge) whose every configuration has its own weight,
// and six counts weighted linearly: mobility, potential mobility, frontier discs, edge discs made stable
// by a corner, discs, and the parity of the empties. One weight set per size and per twelfth of the game
// (by the share of the board filled), fitted to the outcomes of self-play games (`reversi train-nxn`,
// docs/training.md); the value estimates the final disc margin.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "bitboard/bitboard.hpp"
#include "bitboard/position.hpp"
#include "eval/score.hpp"
#include "eval/weights_file.hpp"

namespace reversi::eval_nxn {

constexpr int kPhases = 12;
constexpr int kScale = 32;   // a weight of kScale is one disc (a count weight: per unit of the count)
constexpr int kTypes = 3;    // corner 3x3, edge 6 + X, corner 2x4
constexpr int kInstances = 20;
constexpr int kMaxPatternSize = 9;
constexpr int kCounts = 6;   // mobility, potential mobility, frontier, stable edge discs, discs, parity
constexpr int kSizes = 11;   // 6, 8, ..., 26 (the 8x8 tables stay unused)

constexpr int sizeIndex(int n) { return (n - 6) / 2; }
// The sizes this evaluation (and the ProbCut fits made with it) is for: 8x8 has eval8 of its own.
constexpr bool coversSize(int n) { return n >= 6 && n <= 26 && n % 2 == 0 && n != 8; }
constexpr int phaseOf(int n, int empties) {
    const int filled = n * n - empties;
    return filled * kPhases / (n * n) < kPhases ? filled * kPhases / (n * n) : kPhases - 1;
}
// The named conversion from eval_nxn units (1/kScale disc) to the score unit of eval/score.hpp.
constexpr int toScore(int value) { return value * kScorePerDisc / kScale; }

// The squares of every instance on an n x n board (row * n + column, most significant digit first).
struct Instance {
    int type = 0;
    int size = 0;
    std::array<int, kMaxPatternSize> squares{};
};

// The base patterns, seen from the a1 corner: (row, column) of each square, most significant digit first.
struct BasePattern {
    int size = 0;
    std::array<std::array<int, 2>, kMaxPatternSize> squares{};
};
inline constexpr std::array<BasePattern, kTypes> kBasePatterns = {{
    {9, {{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}}},  // corner 3x3
    {7, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 1}}}},                  // edge 6 + X square
    {8, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}}}},          // corner 2x4
}};

// Every instance of an n x n board: each base pattern at each corner, and mirrored across the corner's
// diagonal (the 3x3 block is its own mirror image: one instance per corner).
constexpr std::array<Instance, kInstances> buildInstances(int n) {
    std::array<Instance, kInstances> out{};
    int k = 0;
    for (int type = 0; type < kTypes; ++type) {
        const BasePattern& base = kBasePatterns[static_cast<std::size_t>(type)];
        const int orientations = type == 0 ? 1 : 2;
        for (int corner = 0; corner < 4; ++corner)
            for (int o = 0; o < orientations; ++o) {
                Instance& in = out[static_cast<std::size_t>(k++)];
                in.type = type;
                in.size = base.size;
                for (int j = 0; j < in.size; ++j) {
                    int r = base.squares[static_cast<std::size_t>(j)][0], c = base.squares[static_cast<std::size_t>(j)][1];
                    if (o) std::swap(r, c);
                    if (corner & 1) c = n - 1 - c;
                    if (corner & 2) r = n - 1 - r;
                    in.squares[static_cast<std::size_t>(j)] = r * n + c;
                }
            }
    }
    return out;
}
// Compile-time squares, so that featuresOf reads each one with constant word and bit positions.
template <int N>
inline constexpr std::array<Instance, kInstances> kInstancesOf = buildInstances(N);
const std::array<Instance, kInstances>& instances(int n);

namespace detail {
// One instance's configuration: each square's digit (1: the side to move's disc, 2: the other's).
template <int N, int K, std::size_t... J>
inline std::uint16_t configOf(const Position<N>& pos, std::index_sequence<J...>) {
    constexpr const Instance& in = kInstancesOf<N>[K];
    int v = 0;
    ((v = v * 3 + static_cast<int>((pos.P.w[in.squares[J] >> 6] >> (in.squares[J] & 63)) & 1) +
          2 * static_cast<int>((pos.O.w[in.squares[J] >> 6] >> (in.squares[J] & 63)) & 1)),
     ...);
    return static_cast<std::uint16_t>(v);
}
template <int N, std::size_t... K>
inline void configsOf(const Position<N>& pos, std::array<std::uint16_t, kInstances>& config, std::index_sequence<K...>) {
    ((config[K] = configOf<N, static_cast<int>(K)>(pos, std::make_index_sequence<static_cast<std::size_t>(kInstancesOf<N>[K].size)>{})), ...);
}
}  // namespace detail

// Per phase: the pattern types' tables, then the kCounts count weights. Packed: mirror-image
// configurations of a symmetric pattern share one weight (the files and the fits use the packed form).
struct Layout {
    std::array<std::uint32_t, kTypes> offset{};
    std::array<std::uint32_t, kInstances> instanceOffset{};
    std::uint32_t countsOffset = 0, perPhase = 0;
    std::array<std::vector<std::uint32_t>, kTypes> packedIndex;
    std::array<std::uint32_t, kTypes> packedOffset{};
    std::uint32_t packedCountsOffset = 0, packedPerPhase = 0;
};
const Layout& layout();  // the same for every size

// The features of a position: each instance's configuration (digit 1 for the side to move) and the counts.
struct Features {
    std::array<std::uint16_t, kInstances> config{};
    std::array<int, kCounts> counts{};
};

// `moves` and `replies`: the legal moves of the side to move and of the other side.
template <int N>
Features featuresOf(const Position<N>& pos, const bb::Bits<N>& moves, const bb::Bits<N>& replies) {
    using B = bb::Bits<N>;
    Features f;
    detail::configsOf<N>(pos, f.config, std::make_index_sequence<kInstances>{});
    const B empty = pos.empties();
    const B nearEmpty = bb::neighbours(empty);
    const auto stable = [](const B& own) {  // edge discs linked to an own corner along the edge
        using M = bb::Masks<N>;
        B s = own & M::corners;
        if (s.none()) return 0;
        while (true) {
            const B grow = ((bb::shift<bb::kE>(s) | bb::shift<bb::kW>(s)) & M::rowEdges) |
                           ((bb::shift<bb::kS>(s) | bb::shift<bb::kN>(s)) & M::colEdges);
            const B next = s | (grow & own);
            if (next == s) return s.count();
            s = next;
        }
    };
    const int empties = empty.count();
    f.counts = {moves.count() - replies.count(),
                (bb::neighbours(pos.O) & empty).count() - (bb::neighbours(pos.P) & empty).count(),
                (pos.P & nearEmpty).count() - (pos.O & nearEmpty).count(),
                stable(pos.P) - stable(pos.O),
                pos.discDifference(),
                (empties & 1) ? 1 : -1};
    return f;
}

// The packed weight indices of the instances (for the fits).
void packedIndices(const Features& f, std::uint32_t* out);

class Weights {
public:
    // The tag written into weights files (the file's name when the format was made): kept, so that
    // every file written since still loads.
    static constexpr WeightsFormat kFormat{"patternN", 1};

    // Packed weights, kSizes * kPhases tables; throws std::runtime_error on a set for another layout.
    explicit Weights(const WeightSet& packed);
    // The weights built into the program (weights/eval_nxn.bin).
    static const Weights& builtin();

    // Whether size n has fitted weights (any weight non-zero).
    bool has(int n) const { return coversSize(n) && fitted_[static_cast<std::size_t>(sizeIndex(n))]; }
    // Estimated final margin for the side to move on an n x n board, in 1/kScale discs.
    int evaluate(int n, int empties, const Features& f) const;

private:
    std::vector<std::int16_t> w_;  // kSizes * kPhases * layout().perPhase
    std::array<bool, kSizes> fitted_{};
};

WeightSet packWeights(const std::vector<std::int16_t>& packed);

}  // namespace reversi::eval_nxn
