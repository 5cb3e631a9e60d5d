// SplitMix64: the one small, fast, seedable generator behind Zobrist keys, seeds and benchmark
// positions, so that every "seeded" figure in the project comes from the same definition.
#pragma once

#include <cstdint>

namespace reversi {

constexpr std::uint64_t kSplitMixGamma = 0x9E3779B97F4A7C15ULL;

// The SplitMix64 finalizer: a well-mixed 64-bit function of z.
constexpr std::uint64_t splitmixFinalize(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Advances `state` and returns the next value of the sequence.
constexpr std::uint64_t splitmixNext(std::uint64_t& state) { return splitmixFinalize(state += kSplitMixGamma); }

// A 64-bit mix of values (splitmix64 steps) for deriving seeds.
constexpr std::uint64_t mixSeed(std::uint64_t a, std::uint64_t b) {
    return splitmixFinalize(a + kSplitMixGamma * (b + 1));
}

}  // namespace reversi
