#include "eval/order_eval8.hpp"

#include "bitboard/bitboard8.hpp"
#include "eval/pattern_tables.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <utility>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace reversi::order_eval8 {

namespace {

using namespace patterns;

struct Tables {
    std::vector<Instance> instances;
    std::vector<std::uint32_t> offsets;
    std::uint32_t count = 0;
};

const Tables& tables() {
    static const Tables built = [] {
        Tables t;
        // Each base pattern with all 8 board symmetries, images with the same set of squares counted once.
        const auto bases = logistelloPatterns();
        for (std::size_t type = 0; type < bases.size(); ++type) {
            t.offsets.push_back(t.count);
            t.count += static_cast<std::uint32_t>(pow3(static_cast<int>(bases[type].size())));
            std::set<std::vector<int>> seen;
            for (int which = 0; which < 8; ++which) {
                Instance in{static_cast<int>(type), {}, 0, t.offsets.back(), {}};
                for (const Square& s : bases[type]) {
                    const auto [r, c] = transform(s, which);
                    in.squares.push_back(r * 8 + c);
                }
                auto key = in.squares;
                std::sort(key.begin(), key.end());
                if (!seen.insert(key).second) continue;
                // PEXT gathers the squares in ascending order; this table turns the gathered bits into
                // the base-3 value with the pattern's own digit order (first square most significant),
                // so that every image of a pattern reads its squares the same way round.
                const int n = static_cast<int>(in.squares.size());
                std::vector<int> digitValue;  // of the k-th square in ascending order
                for (const int q : key) {
                    in.mask |= u64{1} << q;
                    const auto digit = std::find(in.squares.begin(), in.squares.end(), q) - in.squares.begin();
                    digitValue.push_back(pow3(n - 1 - static_cast<int>(digit)));
                }
                in.ternary.assign(std::size_t{1} << n, 0);
                for (unsigned b = 0; b < (1U << n); ++b)
                    for (int k = 0; k < n; ++k)
                        if ((b >> k) & 1) in.ternary[b] = static_cast<std::uint16_t>(in.ternary[b] + digitValue[static_cast<std::size_t>(k)]);
                t.instances.push_back(std::move(in));
            }
        }
        t.offsets.push_back(t.count);  // the mobility pair
        t.count += (kMobilityCap + 1) * (kMobilityCap + 1);
        return t;
    }();
    return built;
}

// The bits of x under mask, packed to the low end (PEXT where the CPU has it).
inline unsigned gather(u64 x, u64 mask) {
#if defined(__BMI2__)
    return static_cast<unsigned>(_pext_u64(x, mask));
#else
    unsigned r = 0, k = 0;
    for (; mask; mask &= mask - 1, ++k) r |= static_cast<unsigned>((x >> std::countr_zero(mask)) & 1) << k;
    return r;
#endif
}

void featuresWithMobility(u64 P, u64 O, int movesP, int movesO, std::uint32_t* out) {
    const Tables& t = tables();
    for (const Instance& in : t.instances)
        *out++ = in.offset + in.ternary[gather(P, in.mask)] + 2U * in.ternary[gather(O, in.mask)];
    const int mp = std::min(kMobilityCap, movesP), mo = std::min(kMobilityCap, movesO);
    *out = t.offsets.back() + static_cast<std::uint32_t>(mp * (kMobilityCap + 1) + mo);
}

}  // namespace

const std::vector<Instance>& instances() { return tables().instances; }
const std::vector<std::uint32_t>& typeOffsets() { return tables().offsets; }
std::uint32_t weightCount() { return tables().count; }

void features(u64 P, u64 O, std::uint32_t* out) {
    featuresWithMobility(P, O, std::popcount(bb8::moves(P, O)), std::popcount(bb8::moves(O, P)), out);
}

namespace {

int sumWeights(const std::int16_t* table, u64 P, u64 O, int movesP, int movesO) {
    std::uint32_t f[kFeatures];
    featuresWithMobility(P, O, movesP, movesO, f);
    int sum = 0;
    for (const std::uint32_t i : f) sum += table[i];
    return sum;
}

}  // namespace

int evaluate(const std::int16_t* table, u64 P, u64 O, int movesP, int movesO) {
    return sumWeights(table, P, O, movesP, movesO);
}

u64 symmetry(u64 b, int which) {
    u64 out = 0;
    for (; b; b &= b - 1) {
        const int s = std::countr_zero(b);
        const auto [r, c] = transform({s / 8, s % 8}, which);
        out |= u64{1} << (r * 8 + c);
    }
    return out;
}

}  // namespace reversi::order_eval8
