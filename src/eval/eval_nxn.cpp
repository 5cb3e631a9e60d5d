#include "eval/eval_nxn.hpp"

#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

#include "eval/pattern_tables.hpp"

namespace reversi::eval_nxn {

namespace {

using patterns::pow3;

Layout buildLayout() {
    Layout L;
    std::uint32_t at = 0, packedAt = 0;
    for (int type = 0; type < kTypes; ++type) {
        const int configs = pow3(kBasePatterns[static_cast<std::size_t>(type)].size);
        L.offset[static_cast<std::size_t>(type)] = at;
        L.packedOffset[static_cast<std::size_t>(type)] = packedAt;
        at += static_cast<std::uint32_t>(configs);
        auto& index = L.packedIndex[static_cast<std::size_t>(type)];
        index.assign(static_cast<std::size_t>(configs), UINT32_MAX);
        std::uint32_t next = 0;
        for (int c = 0; c < configs; ++c) {
            if (index[static_cast<std::size_t>(c)] != UINT32_MAX) continue;
            index[static_cast<std::size_t>(c)] = next;
            if (type == 0) {  // the transposed 3x3 configuration shares the weight
                int digits[9];
                for (int j = 8, v = c; j >= 0; --j, v /= 3) digits[j] = v % 3;
                int t = 0;
                for (int r = 0; r < 3; ++r)
                    for (int col = 0; col < 3; ++col) t = t * 3 + digits[col * 3 + r];
                index[static_cast<std::size_t>(t)] = next;
            }
            ++next;
        }
        packedAt += next;
    }
    L.countsOffset = at;
    L.perPhase = at + kCounts;
    L.packedCountsOffset = packedAt;
    L.packedPerPhase = packedAt + kCounts;
    const auto in = buildInstances(6);
    for (int k = 0; k < kInstances; ++k)
        L.instanceOffset[static_cast<std::size_t>(k)] = L.offset[static_cast<std::size_t>(in[static_cast<std::size_t>(k)].type)];
    return L;
}

}  // namespace

const std::array<Instance, kInstances>& instances(int n) {
    // The compile-time tables featuresOf reads, so the fits and the tests see the very same squares.
    return bb::dispatchSize(n, [](auto size) -> const std::array<Instance, kInstances>& { return kInstancesOf<decltype(size)::value>; });
}

const Layout& layout() {
    static const Layout L = buildLayout();
    return L;
}

void packedIndices(const Features& f, std::uint32_t* out) {
    const Layout& L = layout();
    const auto& in = instances(6);  // types are the same at every size
    for (int k = 0; k < kInstances; ++k) {
        const int type = in[static_cast<std::size_t>(k)].type;
        out[k] = L.packedOffset[static_cast<std::size_t>(type)] +
                 L.packedIndex[static_cast<std::size_t>(type)][f.config[static_cast<std::size_t>(k)]];
    }
}

Weights::Weights(const WeightSet& packed) {
    const Layout& L = layout();
    patterns::checkPackedWeights(packed, kFormat, kSizes * kPhases, L.packedPerPhase);
    w_ = patterns::expandTables(packed, L, L.packedCountsOffset, L.countsOffset);
    for (int t = 0; t < kSizes * kPhases; ++t) {
        const std::int16_t* from = packed.weights.data() + static_cast<std::size_t>(t) * L.packedPerPhase;
        if (std::any_of(from, from + L.packedPerPhase, [](std::int16_t v) { return v != 0; }))
            fitted_[static_cast<std::size_t>(t / kPhases)] = true;
    }
}

int Weights::evaluate(int n, int empties, const Features& f) const {
    const Layout& L = layout();
    const std::int16_t* w = w_.data() + static_cast<std::size_t>(sizeIndex(n) * kPhases + phaseOf(n, empties)) * L.perPhase;
    int sum = 0;
    for (int k = 0; k < kInstances; ++k) sum += w[L.instanceOffset[static_cast<std::size_t>(k)] + f.config[static_cast<std::size_t>(k)]];
    for (int k = 0; k < kCounts; ++k) sum += w[L.countsOffset + static_cast<std::uint32_t>(k)] * f.counts[static_cast<std::size_t>(k)];
    return sum;
}

WeightSet packWeights(const std::vector<std::int16_t>& packed) {
    return patterns::packedWeightSet(Weights::kFormat, kSizes * kPhases, layout().packedPerPhase, packed);
}

}  // namespace reversi::eval_nxn
