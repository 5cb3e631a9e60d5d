// Transposition table and Zobrist keys (per square per colour, plus side to move, plus board size).
#pragma once

#include <cstdint>
#include <vector>

#include "rules/board.hpp"

namespace reversi {

struct Zobrist {
    std::uint64_t square[2][kMaxSize * kMaxSize];  // [0] black, [1] white
    std::uint64_t flip[kMaxSize * kMaxSize];        // square[0] ^ square[1]: a disc changing colour
    std::uint64_t side;                             // white to move
    std::uint64_t size[kMaxSize + 1];
};
const Zobrist& zobrist();

enum class Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::int16_t move = -1;
    std::uint8_t depth = 0;
    std::uint8_t genBound = 0;  // generation << 2 | bound
    Bound bound() const { return static_cast<Bound>(genBound & 3); }
    std::uint8_t generation() const { return static_cast<std::uint8_t>(genBound >> 2); }
};
static_assert(sizeof(TTEntry) == 16);

// Whether a stored entry settles a node searched with (alpha, beta); `score` receives the stored score.
inline bool ttCut(const TTEntry& e, int alpha, int beta, int& score) {
    score = e.score;
    switch (e.bound()) {
        case Bound::kExact: return true;
        case Bound::kLower: return score >= beta;
        case Bound::kUpper: return score <= alpha;
        default: return false;
    }
}

// What a fail-soft score found with the window (alpha, beta) says about the position.
inline Bound boundOf(int score, int alpha, int beta) {
    return score <= alpha ? Bound::kUpper : score >= beta ? Bound::kLower : Bound::kExact;
}

// The key of a position (a Position<N>: P to move, O) with `colour` to move (0 black, 1 white), and the
// key after that side plays sq flipping f.
template <class Pos>
std::uint64_t positionKey(const Zobrist& z, int n, const Pos& pos, int colour) {
    std::uint64_t key = z.size[n] ^ (colour ? z.side : 0);
    pos.P.forEach([&](int sq) { key ^= z.square[colour][sq]; });
    pos.O.forEach([&](int sq) { key ^= z.square[colour ^ 1][sq]; });
    return key;
}
template <class Bits>
std::uint64_t childKey(const Zobrist& z, std::uint64_t key, int colour, int sq, const Bits& f) {
    key ^= z.square[colour][sq] ^ z.side;
    f.forEach([&](int b) { key ^= z.flip[b]; });
    return key;
}

// Depth stored for an exact endgame solve: deeper than any midgame search.
inline constexpr int kSolvedDepth = 250;

// Two-way buckets; depth-preferred replacement, entries of older searches replaced first.
class TranspositionTable {
public:
    explicit TranspositionTable(int log2Entries = 20);

    // Starts a new search. strict: only this search's entries are visible (deterministic mode).
    void newSearch(bool strict);
    void clear();

    // The entry for key, or nullptr.
    const TTEntry* probe(std::uint64_t key) const {
        const std::size_t i = static_cast<std::size_t>(key) & mask_ & ~std::size_t{1};
        for (std::size_t j = i; j < i + 2; ++j) {
            const TTEntry& e = table_[j];
            if (e.key == key && e.bound() != Bound::kNone && (!strict_ || e.generation() == generation_))
                return &e;
        }
        return nullptr;
    }
    void store(std::uint64_t key, int depth, int score, Bound bound, int move);

private:
    std::vector<TTEntry> table_;
    std::size_t mask_;
    std::uint8_t generation_ = 0;
    bool strict_ = false;
};

}  // namespace reversi
