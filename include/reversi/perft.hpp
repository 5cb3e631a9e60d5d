// Move-path enumeration for validating move generation: the number of positions reachable in
// exactly d plies, for d = 1..depth. A pass uses one ply; a finished game counts as one leaf at
// every deeper depth.
#pragma once

#include <cstdint>
#include <vector>

#include "reversi/board.hpp"

namespace reversi {

// counts[d - 1] = leaves at depth d. sideToMove must be kBlack or kWhite. 8x8 runs a dedicated path on
// raw uint64 bitboards (carry-propagation flips, the last ply bulk-counted by popcount of the move
// mask, the last two plies fused into one loop); the other sizes use the generic bitboards.
std::vector<std::uint64_t> perftCounts(const Board& start, char sideToMove, int depth);

// The same counts from the lab's char-array rules (Board::legalMoves / applyMove): slow, independent of
// the bitboards, for cross-checking them on sizes without published counts.
std::vector<std::uint64_t> perftCountsReference(const Board& start, char sideToMove, int depth);

}  // namespace reversi
