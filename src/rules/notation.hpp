// Move notation: the lab's "rc" letters and the Othello "f5" style, one move and lists of moves.
//
//   lab "rc"   two letters, row then column: "ef" is row e, column f
//   Othello    column letter, then the 1-based row number: "f5" is column f, row 5 (= row e)
#pragma once

#include <string>
#include <vector>

#include "rules/board.hpp"

namespace reversi {

// "ed": row letter, column letter.
std::string labMove(Move move);
// "f5": column letter, 1-based row number.
std::string othelloNotation(Move move);
// "f5d6c3..." (no separators).
std::string compactMoveList(const std::vector<Move>& moves);
// Parses a compact list ("f5d6c3") or a lab list ("ed cf ..." / "edcf"), checking bounds; throws
// std::invalid_argument on malformed text.
std::vector<Move> parseMoveList(const std::string& text, int n);

}  // namespace reversi
