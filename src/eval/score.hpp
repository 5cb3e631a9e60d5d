// The one score unit of evaluation and search: hundredths of a disc, from the side to move's point of
// view. Every evaluation returns it (the pattern evaluations through their named conversions, eval8::toScore)
// and the search compares nothing else.
//
// A heuristic score lies strictly inside (-kHeuristicLimit, kHeuristicLimit). A finished game scores
// kWinScore + m for a win by m discs, -kWinScore + m for a loss (m < 0) and 0 for a draw, so every exact
// result dominates every heuristic one and larger wins still rank higher.
#pragma once

namespace reversi {

inline constexpr int kScorePerDisc = 100;
inline constexpr int kWinScore = 1 << 24;
inline constexpr int kHeuristicLimit = kWinScore / 2;

// The score of a finished game won (m > 0), lost (m < 0) or drawn by a final margin of m discs.
constexpr int exactScore(int margin) {
    return margin > 0 ? kWinScore + margin : margin < 0 ? -kWinScore + margin : 0;
}
constexpr bool isExactScore(int score) {
    return score == 0 || score >= kWinScore - 1000 || score <= -kWinScore + 1000;
}
// The final margin of an exact score (0 for a draw).
constexpr int exactMargin(int score) {
    return score >= kWinScore - 1000 ? score - kWinScore : score <= -kWinScore + 1000 ? score + kWinScore : 0;
}

}  // namespace reversi
