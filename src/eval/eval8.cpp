#include "eval/eval8.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "bitboard/bitboard8.hpp"
#include "eval/pattern_tables.hpp"

namespace reversi::eval8 {

namespace {

using namespace patterns;

// Logistello's patterns with an edge block (after the edge) and a corner triangle (after the corner
// blocks).
std::vector<std::vector<Square>> basePatterns() {
    std::vector<std::vector<Square>> b = logistelloPatterns();
    b.insert(b.begin() + 1, std::vector<Square>{{0, 0}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 7}, {1, 2}, {1, 3}, {1, 4}, {1, 5}});
    b.insert(b.begin() + 4, std::vector<Square>{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {3, 0}});
    return b;
}

std::vector<int> sortedSquares(const std::vector<Square>& squares) {
    std::vector<int> key;
    for (const auto& [r, c] : squares) key.push_back(r * 8 + c);
    std::sort(key.begin(), key.end());
    return key;
}

Geometry buildGeometry() {
    Geometry g;
    const auto bases = basePatterns();
    if (static_cast<int>(bases.size()) != kTypes) throw std::logic_error("eval8: pattern count");
    int k = 0;
    for (int type = 0; type < kTypes; ++type) {
        const auto& base = bases[static_cast<std::size_t>(type)];
        if (static_cast<int>(base.size()) != kTypeSize[static_cast<std::size_t>(type)]) throw std::logic_error("eval8: pattern size");
        std::vector<std::vector<int>> seen;
        for (int which = 0; which < 8; ++which) {
            std::vector<Square> image;
            for (const Square& s : base) image.push_back(transform(s, which));
            const auto key = sortedSquares(image);
            if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
            seen.push_back(key);
            if (k >= kInstances) throw std::logic_error("eval8: instance count");
            Instance& in = g.instances[static_cast<std::size_t>(k)];
            in.type = type;
            in.size = static_cast<int>(image.size());
            for (int j = 0; j < in.size; ++j) {
                const int sq = image[static_cast<std::size_t>(j)].first * 8 + image[static_cast<std::size_t>(j)].second;
                in.squares[static_cast<std::size_t>(j)] = sq;
                g.power[static_cast<std::size_t>(sq)][static_cast<std::size_t>(k)] = static_cast<std::uint16_t>(pow3(in.size - 1 - j));
            }
            ++k;
        }
    }
    if (k != kInstances) throw std::logic_error("eval8: instance count");
    return g;
}

// The digit permutations that map a base pattern onto itself under a board symmetry (the identity
// included): image digit sigma[j] holds what digit j held.
std::vector<std::vector<int>> selfSymmetries(const std::vector<Square>& base) {
    std::vector<std::vector<int>> out;
    const auto key = sortedSquares(base);
    for (int which = 0; which < 8; ++which) {
        std::vector<Square> image;
        for (const Square& s : base) image.push_back(transform(s, which));
        if (sortedSquares(image) != key) continue;
        std::vector<int> sigma;
        for (const Square& s : image) sigma.push_back(static_cast<int>(std::find(base.begin(), base.end(), s) - base.begin()));
        if (std::find(out.begin(), out.end(), sigma) == out.end()) out.push_back(sigma);
    }
    return out;
}

Layout buildLayout() {
    Layout L;
    const auto bases = basePatterns();
    std::uint32_t at = 0, packedAt = 0;
    for (int type = 0; type < kTypes; ++type) {
        const auto& base = bases[static_cast<std::size_t>(type)];
        const int n = static_cast<int>(base.size()), configs = pow3(n);
        L.offset[static_cast<std::size_t>(type)] = at;
        L.packedOffset[static_cast<std::size_t>(type)] = packedAt;
        at += static_cast<std::uint32_t>(configs);
        const auto symmetries = selfSymmetries(base);
        auto& index = L.packedIndex[static_cast<std::size_t>(type)];
        index.assign(static_cast<std::size_t>(configs), UINT32_MAX);
        std::uint32_t next = 0;
        std::vector<int> digits(static_cast<std::size_t>(n)), image(static_cast<std::size_t>(n));
        for (int c = 0; c < configs; ++c) {
            if (index[static_cast<std::size_t>(c)] != UINT32_MAX) continue;
            for (int j = n - 1, v = c; j >= 0; --j, v /= 3) digits[static_cast<std::size_t>(j)] = v % 3;
            // Every mirror image of c gets c's packed index.
            for (const auto& sigma : symmetries) {
                for (int j = 0; j < n; ++j) image[static_cast<std::size_t>(sigma[static_cast<std::size_t>(j)])] = digits[static_cast<std::size_t>(j)];
                int v = 0;
                for (int j = 0; j < n; ++j) v = v * 3 + image[static_cast<std::size_t>(j)];
                index[static_cast<std::size_t>(v)] = next;
            }
            ++next;
        }
        packedAt += next;
    }
    const Geometry& g = geometry();
    for (std::size_t k = 0; k < kInstances; ++k)
        if (L.offset[static_cast<std::size_t>(g.instances[k].type)] != kInstanceOffset[k]) throw std::logic_error("eval8: instance offsets");
    L.mobilityOffset = at;
    L.potentialOffset = L.mobilityOffset + (kMobilityCap + 1) * (kMobilityCap + 1);
    L.parityOffset = L.potentialOffset + (kPotentialCap + 1) * (kPotentialCap + 1);
    L.perPhase = L.parityOffset + 2;
    L.packedMobilityOffset = packedAt;
    L.packedPotentialOffset = L.packedMobilityOffset + (kMobilityCap + 1) * (kMobilityCap + 1);
    L.packedParityOffset = L.packedPotentialOffset + (kPotentialCap + 1) * (kPotentialCap + 1);
    L.packedPerPhase = L.packedParityOffset + 2;
    return L;
}

// (P's potential mobility, O's): the empty squares next to the other side's discs.
std::pair<int, int> potentialMobility(u64 P, u64 O) {
    const u64 empty = ~(P | O);
    return {std::min(kPotentialCap, std::popcount(bb8::neighbours(O) & empty)),
            std::min(kPotentialCap, std::popcount(bb8::neighbours(P) & empty))};
}

std::uint32_t mobilityIndex(int movesP, int movesO) {
    return static_cast<std::uint32_t>(std::min(kMobilityCap, movesP) * (kMobilityCap + 1) + std::min(kMobilityCap, movesO));
}

}  // namespace

const Geometry& geometry() {
    static const Geometry g = buildGeometry();
    return g;
}

const Layout& layout() {
    static const Layout L = buildLayout();
    return L;
}

// Each disc adds its digit weight in every instance through it: digit 1 to its own side's indices,
// 2 to the other side's.
Features featuresOf(u64 P, u64 O) {
    const Geometry& g = geometry();
    const Lanes p = rowSum(g, P), o = rowSum(g, O);
    Features f;
    for (int i = 0; i < kLanes; ++i) {
        f.own[i] = static_cast<std::uint16_t>(p[i] + 2 * o[i]);
        f.opp[i] = static_cast<std::uint16_t>(2 * p[i] + o[i]);
    }
    return f;
}

void packedFeatures(u64 P, u64 O, std::uint32_t* out) {
    const Geometry& g = geometry();
    const Layout& L = layout();
    const Features f = featuresOf(P, O);
    for (int k = 0; k < kInstances; ++k) {
        const int type = g.instances[static_cast<std::size_t>(k)].type;
        *out++ = L.packedOffset[static_cast<std::size_t>(type)] +
                 L.packedIndex[static_cast<std::size_t>(type)][f.own[static_cast<std::size_t>(k)]];
    }
    const auto [pp, po] = potentialMobility(P, O);
    *out++ = L.packedMobilityOffset + mobilityIndex(std::popcount(bb8::moves(P, O)), std::popcount(bb8::moves(O, P)));
    *out++ = L.packedPotentialOffset + static_cast<std::uint32_t>(pp * (kPotentialCap + 1) + po);
    *out = L.packedParityOffset + static_cast<std::uint32_t>((64 - std::popcount(P | O)) & 1);
}

Weights::Weights(const WeightSet& packed) : layout_(&layout()) {
    const Layout& L = *layout_;
    patterns::checkPackedWeights(packed, kFormat, kPhases, L.packedPerPhase);
    w_ = patterns::expandTables(packed, L, L.packedMobilityOffset, L.mobilityOffset);
}

int Weights::evaluate(const Features& f, u64 P, u64 O, int movesP, int movesO) const {
    const Layout& L = *layout_;
    const int empties = 64 - std::popcount(P | O);
    const std::int16_t* w = w_.data() + static_cast<std::size_t>(phaseOf(empties)) * L.perPhase;
    int sum = 0;
    // Unrolled, each instance is two loads with constant displacements and an add (GCC left a loop of 7).
#pragma GCC unroll 54
    for (std::size_t k = 0; k < kInstances; ++k) sum += w[kInstanceOffset[k] + f.own[k]];
    const auto [pp, po] = potentialMobility(P, O);
    sum += w[L.mobilityOffset + mobilityIndex(movesP, movesO)];
    sum += w[L.potentialOffset + static_cast<std::uint32_t>(pp * (kPotentialCap + 1) + po)];
    sum += w[L.parityOffset + static_cast<std::uint32_t>(empties & 1)];
    return sum;
}

WeightSet packWeights(const std::vector<std::int16_t>& packed) {
    return patterns::packedWeightSet(Weights::kFormat, kPhases, layout().packedPerPhase, packed);
}

}  // namespace reversi::eval8
