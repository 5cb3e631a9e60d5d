// Move-path enumeration for validating move generation: the number of positions reachable in
// exactly d plies, for d = 1..depth. A pass uses one ply; a finished game counts as one leaf at
// every deeper depth.
#pragma once

#include <cstdint>
#include <vector>

#include "reversi/board.hpp"

namespace reversi {

// counts[d - 1] = leaves at depth d. sideToMove must be kBlack or kWhite.
std::vector<std::uint64_t> perftCounts(const Board& start, char sideToMove, int depth);

}  // namespace reversi
