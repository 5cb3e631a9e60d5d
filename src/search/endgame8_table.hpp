// The 8x8 solver's transposition table (endgame8.cpp): each entry holds a position whole (player,
// opponent) with the bounds of its score, its best move and the pass that stored them. Two-way
// buckets; the entry with fewer empties is replaced first.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace reversi::eg8 {

inline constexpr std::uint8_t kExactLevel = 255;  // the exact pass's level; selective passes count from 1

struct TableEntry {
    std::uint64_t P = 0, O = 0;
    std::int8_t lower = -64, upper = 64;
    std::int8_t move = -1;
    std::uint8_t empties = 0;
    std::uint8_t level = kExactLevel;  // the pass that stored the bounds
};

class SolverTable8 {
public:
    explicit SolverTable8(int log2Entries) : table_(std::size_t{1} << log2Entries), mask_((std::size_t{1} << log2Entries) - 1) {}

    static std::uint64_t bytes(int log2Entries) { return std::uint64_t{sizeof(TableEntry)} << log2Entries; }
    void clear() { std::fill(table_.begin(), table_.end(), TableEntry{}); }

    // The entry of (P, O), or nullptr.
    const TableEntry* find(std::uint64_t P, std::uint64_t O) const {
        const TableEntry* b = bucket(P, O);
        if (b[0].P == P && b[0].O == O) return &b[0];
        if (b[1].P == P && b[1].O == O) return &b[1];
        return nullptr;
    }
    // The slot of (P, O): its bucket's matching entry, else the one with fewer empties (to replace).
    TableEntry* slotFor(std::uint64_t P, std::uint64_t O) {
        TableEntry* b = bucket(P, O);
        return (b[0].P == P && b[0].O == O) ? &b[0] : (b[1].P == P && b[1].O == O) ? &b[1]
               : b[0].empties <= b[1].empties ? &b[0] : &b[1];
    }

private:
    TableEntry* bucket(std::uint64_t P, std::uint64_t O) { return &table_[index(P, O)]; }
    const TableEntry* bucket(std::uint64_t P, std::uint64_t O) const { return &table_[index(P, O)]; }
    std::size_t index(std::uint64_t P, std::uint64_t O) const {
        std::uint64_t h = (P ^ (O * 0x9E3779B97F4A7C15ULL)) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 29;
        return static_cast<std::size_t>(h) & mask_ & ~std::size_t{1};
    }

    std::vector<TableEntry> table_;
    std::size_t mask_;
};

// Stores a fail-soft score found with (alphaOrig, beta) by the pass `level`: reuses the slot when it
// holds this position from the same pass (keeps the other bound), else replaces it; a more exact
// pass's entry is kept.
inline void storeEntry(TableEntry& e, std::uint64_t P, std::uint64_t O, int empties, std::uint8_t level, int best,
                       int bestSq, int alphaOrig, int beta) {
    const bool same = e.P == P && e.O == O;
    if (same && e.level > level) return;
    if (!same || e.level != level) e = TableEntry{P, O, -64, 64, -1, static_cast<std::uint8_t>(empties), level};
    if (best > alphaOrig) e.lower = static_cast<std::int8_t>(std::max<int>(e.lower, best));
    if (best < beta) e.upper = static_cast<std::int8_t>(std::min<int>(e.upper, best));
    if (e.lower > e.upper) {  // a selective pass contradicting itself: keep the newer bound alone
        e.lower = static_cast<std::int8_t>(best > alphaOrig ? best : -64);
        e.upper = static_cast<std::int8_t>(best < beta ? best : 64);
    }
    e.move = static_cast<std::int8_t>(bestSq);
}

}  // namespace reversi::eg8
