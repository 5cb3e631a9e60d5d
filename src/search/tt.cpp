#include "search/tt.hpp"

#include <algorithm>

#include "platform/splitmix.hpp"
namespace reversi {

namespace {
Zobrist makeZobrist() {
    Zobrist z{};
    std::uint64_t state = 0x5EED0F0E11011ULL;
    for (int sq = 0; sq < kMaxSize * kMaxSize; ++sq) {
        z.square[0][sq] = splitmixNext(state);
        z.square[1][sq] = splitmixNext(state);
        z.flip[sq] = z.square[0][sq] ^ z.square[1][sq];
    }
    z.side = splitmixNext(state);
    for (auto& s : z.size) s = splitmixNext(state);
    return z;
}
}  // namespace

const Zobrist& zobrist() {
    static const Zobrist z = makeZobrist();
    return z;
}

TranspositionTable::TranspositionTable(int log2Entries)
    : table_(std::size_t{1} << log2Entries), mask_((std::size_t{1} << log2Entries) - 1) {}

void TranspositionTable::clear() { std::fill(table_.begin(), table_.end(), TTEntry{}); }

void TranspositionTable::newSearch(bool strict) {
    strict_ = strict;
    generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63);
    // A wrapped generation could make a stale entry look current: start clean.
    if (generation_ == 0) clear();
}

void TranspositionTable::store(std::uint64_t key, int depth, int score, Bound bound, int move) {
    const std::size_t i = static_cast<std::size_t>(key) & mask_ & ~std::size_t{1};
    TTEntry* slot = nullptr;
    for (std::size_t j = i; j < i + 2; ++j)
        if (table_[j].key == key) slot = &table_[j];
    if (!slot) {
        // Replace an entry of an older search first, else the shallower one.
        TTEntry& a = table_[i];
        TTEntry& b = table_[i + 1];
        const bool aOld = a.generation() != generation_ || a.bound() == Bound::kNone;
        const bool bOld = b.generation() != generation_ || b.bound() == Bound::kNone;
        if (aOld != bOld) slot = aOld ? &a : &b;
        else slot = a.depth <= b.depth ? &a : &b;
    } else if (slot->generation() == generation_ && slot->depth > depth && move < 0) {
        return;  // keep the deeper result of this search
    }
    const bool sameSearch = slot->key == key && slot->generation() == generation_;
    const int keepMove = move >= 0 ? move : (sameSearch || !strict_) && slot->key == key ? slot->move : -1;
    slot->key = key;
    slot->score = score;
    slot->move = static_cast<std::int16_t>(keepMove);
    slot->depth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
    slot->genBound = static_cast<std::uint8_t>((generation_ << 2) | static_cast<std::uint8_t>(bound));
}

}  // namespace reversi
