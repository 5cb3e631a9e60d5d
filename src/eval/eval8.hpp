// The 8x8 evaluation: patterns of squares (edges with their X squares, edge blocks, corner 3x3, 2x5 and
// triangle blocks, the inner lines and the diagonals) whose every configuration has its own weight, plus
// each side's mobility and potential mobility and the parity of the empties, with one weight set per two
// empties (30 game phases). The weights are fitted to search values of millions of positions
// (`reversi train8`, docs/training.md) and estimate the final disc margin.
//
// Feature indices are kept incrementally: a move changes only the patterns through the squares it fills
// and flips (played()), so the search updates them on every move instead of recomputing them at the leaves.
// Indices are base 3 over a pattern's squares, first square most significant, digit 1 for the side the
// array belongs to and 2 for the other side.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "eval/score.hpp"
#include "eval/weights_file.hpp"

namespace reversi::eval8 {

using u64 = std::uint64_t;

constexpr int kTypes = 13;      // base patterns
constexpr int kInstances = 54;  // their images under the board's symmetries (distinct square sets)
constexpr int kMaxPatternSize = 10;
constexpr int kPhases = 30;     // weight sets, one per two empties
constexpr int kScale = 32;      // a weight of kScale is one disc
constexpr int kMobilityCap = 24;   // moves counted up to this, each side: a (25 x 25) table
constexpr int kPotentialCap = 31;  // potential mobility likewise: a (32 x 32) table

// Each base pattern's size and number of distinct images, in the patterns' order (buildLayout checks
// them against the patterns): with them every instance's table offset is a compile-time constant,
// which the evaluation's loads take as their displacement.
constexpr std::array<int, kTypes> kTypeSize{10, 10, 9, 10, 10, 8, 8, 8, 8, 7, 6, 5, 4};
constexpr std::array<int, kTypes> kTypeImages{4, 4, 4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4};
constexpr std::array<std::uint32_t, kInstances> kInstanceOffset = [] {
    std::array<std::uint32_t, kInstances> offset{};
    std::uint32_t at = 0;
    std::size_t k = 0;
    for (std::size_t t = 0; t < kTypes; ++t) {
        for (int i = 0; i < kTypeImages[t]; ++i) offset[k++] = at;
        std::uint32_t configs = 1;
        for (int i = 0; i < kTypeSize[t]; ++i) configs *= 3;
        at += configs;
    }
    return offset;
}();

constexpr int phaseOf(int empties) { return empties / 2 < kPhases ? empties / 2 : kPhases - 1; }
// The named conversion from eval8 units (1/kScale disc) to the score unit of eval/score.hpp.
constexpr int toScore(int value) { return value * kScorePerDisc / kScale; }

struct Instance {
    int type = 0;
    int size = 0;
    std::array<int, kMaxPatternSize> squares{};  // row * 8 + column, most significant digit first
};

// The instances and, for every square, its digit weight in every instance (0 in the instances not
// through it), in lanes padded to whole vector registers: a move's feature update is then a few vector
// additions per changed square instead of a loop over the instances through it.
constexpr int kLanes = 64;
static_assert(kInstances <= kLanes);
using Lanes = std::array<std::uint16_t, kLanes>;
struct Geometry {
    std::array<Instance, kInstances> instances{};
    alignas(32) std::array<Lanes, 64> power{};
};
const Geometry& geometry();

// Feature indices of both sides: own[k] reads the side to move as digit 1, opp[k] the other side as 1
// (lanes from kInstances on stay 0). Arithmetic is modulo 2^16; every index ends in range.
struct Features {
    alignas(32) Lanes own{}, opp{};
};
Features featuresOf(u64 P, u64 O);

// The sum of the rows of the given squares: their digit weights of 1 in every instance.
inline Lanes rowSum(const Geometry& g, u64 squares) {
    if (!squares) return Lanes{};
    // Started from the first row, not from zeros: GCC zeroed the array with `rep stos` (about 30 cycles,
    // 7% of the search's time) before keeping the sum in registers.
    alignas(32) Lanes sum = g.power[static_cast<std::size_t>(std::countr_zero(squares))];
    for (squares &= squares - 1; squares; squares &= squares - 1) {
        const Lanes& p = g.power[static_cast<std::size_t>(std::countr_zero(squares))];
        for (int i = 0; i < kLanes; ++i) sum[i] = static_cast<std::uint16_t>(sum[i] + p[i]);
    }
    return sum;
}

// The features after the side to move plays sq, flipping `flips`: those of the new side to move. In
// the mover's indices sq goes from 0 to 1 and each flip from 2 to 1; in the other side's, sq from 0 to 2
// and each flip from 1 to 2.
inline Features played(const Geometry& g, const Features& f, int sq, u64 flips) {
    const Lanes flipped = rowSum(g, flips);
    const Lanes& placed = g.power[static_cast<std::size_t>(sq)];
    Features c;
    for (int i = 0; i < kLanes; ++i) {
        c.own[i] = static_cast<std::uint16_t>(f.opp[i] + 2 * placed[i] + flipped[i]);
        c.opp[i] = static_cast<std::uint16_t>(f.own[i] + placed[i] - flipped[i]);
    }
    return c;
}
inline void pass(Features& f) { std::swap(f.own, f.opp); }

// Per phase, the weight table is laid out as: every pattern type's 3^size configurations, then the
// mobility pair, the potential mobility pair and the parity of the empties.
struct Layout {
    std::array<std::uint32_t, kTypes> offset{};        // of each type's table
    std::uint32_t mobilityOffset = 0, potentialOffset = 0, parityOffset = 0;
    std::uint32_t perPhase = 0;
    // Packed: configurations that are mirror images under a symmetry of the pattern share one weight
    // (the weights files and the fits use the packed form).
    std::array<std::vector<std::uint32_t>, kTypes> packedIndex;  // configuration -> index in the packed table
    std::array<std::uint32_t, kTypes> packedOffset{};
    std::uint32_t packedMobilityOffset = 0, packedPotentialOffset = 0, packedParityOffset = 0;
    std::uint32_t packedPerPhase = 0;
};
const Layout& layout();

// The packed weight indices of a position (P to move): one per instance, then mobility, potential
// mobility and parity. For the fits.
constexpr int kFeatures = kInstances + 3;
void packedFeatures(u64 P, u64 O, std::uint32_t* out);

// The weight sets of every phase, expanded for evaluation.
class Weights {
public:
    // The tag written into weights files ("pattern8", the evaluation's name when the format was made):
    // kept, so that every file written since still loads.
    static constexpr WeightsFormat kFormat{"pattern8", 2};

    // Packed weights as fitted or read from a file; throws std::runtime_error on a set made for another
    // evaluation or layout.
    explicit Weights(const WeightSet& packed);
    // The weights built into the program (weights/eval8.bin).
    static const Weights& builtin();

    // Estimated final margin for the side to move, in 1/kScale discs.
    int evaluate(const Features& f, u64 P, u64 O, int movesP, int movesO) const;

private:
    std::vector<std::int16_t> w_;  // kPhases * layout().perPhase
    // layout(), kept: calling it at every leaf cost its static guard's check (1.5% of the search).
    const Layout* layout_;
};

// The packed weights as a WeightSet, for writing.
WeightSet packWeights(const std::vector<std::int16_t>& packed);

}  // namespace reversi::eval8
