// Static evaluation for every board size, from the side to move's point of view.
//
// Scores in the one unit of eval/score.hpp.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "bitboard/bitboard.hpp"
#include "bitboard/position.hpp"
#include "eval/score.hpp"

namespace reversi {

// Every weight as an (opening, endgame) pair; the evaluation interpolates linearly by the fraction of
// the board filled. Kept in one struct so a tuning tool can vary them.
struct EvalWeights {
    struct Pair {
        int open;
        int end;
    };
    Pair mobility{60, 30};      // per move of difference in current mobility
    Pair potential{10, 4};      // potential mobility: empty squares next to the opponent's discs, minus next to ours
    Pair frontier{-26, -8};     // per own frontier disc (next to an empty square), minus the opponent's; -26 by `reversi tune`
    Pair corner{900, 600};      // per corner held
    Pair xSquare{-350, -120};   // per disc diagonally next to an empty corner
    Pair cSquare{-120, -40};    // per disc orthogonally next to an empty corner
    Pair edge{12, 8};           // per edge disc (not corner / C square)
    Pair stable{120, 180};      // per corner-anchored stable edge disc
    // Late-game only: these are scaled from 0 at lateStart (fraction filled, in percent) to full weight.
    int lateStartPercent = 70;
    int parity = 150;           // the side to move gets the last move (odd number of empties)
    int disc = 40;              // per disc of difference
    // Wipe-out guard, every phase: a side with fewer discs than
    // floor = min(cap, fewDiscsPercent% of the discs on the board) loses fewDiscs per squared disc
    // short, where cap = max(fewDiscsLimit, fewDiscsLimitPermille per mille of the squares) (see
    // wipeOutFloor). Mobility, potential mobility and frontier all reward having few discs, and on big
    // boards they outweigh everything else until a greedy opponent wipes the side out; the guard keeps
    // a floor under the disc count (docs/results/wipe-out-guard.md).
    int fewDiscs = 100;
    int fewDiscsPercent = 30;
    int fewDiscsLimit = 16;
    // The cap grows with the board's area, as a fixed 16 discs is too few on the biggest boards; 62 per
    // mille keeps the cap at 16 up to 16x16 (256 * 62 / 1000 = 15).
    int fewDiscsLimitPermille = 62;
    // The guard's strength under the learned evaluations (not the hand-set one) from 18x18 up, in place
    // of fewDiscs: those sizes play weight sets shared from 12x12 and 16x16, whose count terms grow with
    // the board and need a stronger floor against them.
    int fewDiscsLearnedBig = 400;
};

// Boards from this many squares (18x18) up take fewDiscsLearnedBig under the learned evaluations (the
// cap, too, rises above fewDiscsLimit from there).
inline constexpr int kWipeOutBigBoardSquares = 18 * 18;

// The wipe-out guard's disc floor on a board of `squares` squares with `filled` discs on it.
constexpr int wipeOutFloor(const EvalWeights& w, int squares, int filled) {
    const int cap = std::max(w.fewDiscsLimit, squares * w.fewDiscsLimitPermille / 1000);
    return std::min(cap, filled * w.fewDiscsPercent / 100);
}

const EvalWeights& defaultEvalWeights();

// Named access to every tunable weight ("mobility.open", "corner.end", "parity", ...), for the tuning
// tool and weight files. weightNames() lists them in a fixed order; weightRef returns nullptr for an
// unknown name.
const std::vector<std::string>& weightNames();
int* weightRef(EvalWeights& w, const std::string& name);
// "name=value,name=value": applies the assignments; throws std::invalid_argument on a bad one.
void applyWeights(EvalWeights& w, const std::string& assignments);
// Every weight as "name=value,..." (readable back by applyWeights).
std::string formatWeights(const EvalWeights& w);

namespace detail {

// Discs of `own` that are stable because they are linked to an own corner along an edge.
template <int N>
inline bb::Bits<N> edgeStable(const bb::Bits<N>& own) {
    using M = bb::Masks<N>;
    bb::Bits<N> s = own & M::corners;
    if (s.none()) return s;
    while (true) {
        const bb::Bits<N> grow = ((bb::shift<bb::kE>(s) | bb::shift<bb::kW>(s)) & M::rowEdges) |
                                 ((bb::shift<bb::kS>(s) | bb::shift<bb::kN>(s)) & M::colEdges);
        const bb::Bits<N> next = s | (grow & own);
        if (next == s) return s;
        s = next;
    }
}

}  // namespace detail

// The wipe-out guard's term (see EvalWeights::fewDiscs): added to every evaluation of the engine, the
// learned ones too, because games against greedy opponents on big boards are lost by wipe-outs.
// `strength` per squared disc short: w.fewDiscs, or learnedWipeOutStrength for the learned evaluations.
template <int N>
long long wipeOutGuard(const Position<N>& pos, const EvalWeights& w, int strength) {
    if (strength == 0) return 0;
    const int filled = (pos.P | pos.O).count();
    const int floorDiscs = wipeOutFloor(w, N * N, filled);
    const int shortOwn = std::max(0, floorDiscs - pos.P.count());
    const int shortOpp = std::max(0, floorDiscs - pos.O.count());
    return static_cast<long long>(strength) * (shortOpp * shortOpp - shortOwn * shortOwn);
}

// The guard's strength under the learned evaluations on an n x n board.
constexpr int learnedWipeOutStrength(const EvalWeights& w, int n) {
    return n * n >= kWipeOutBigBoardSquares ? w.fewDiscsLearnedBig : w.fewDiscs;
}

namespace detail {

// The hand-set evaluation's features, each as (player - opponent).
struct HandFeatures {
    int mobility, potential, frontier, corners, xSquares, cSquares, edges, stable;
};

// X and C squares count only while their corner is empty.
template <int N>
inline void addCornerNeighbours(const Position<N>& pos, const bb::Bits<N>& empty, HandFeatures& f) {
    constexpr int cornerSq[4] = {0, N - 1, (N - 1) * N, N * N - 1};
    constexpr int xSq[4] = {N + 1, N + N - 2, (N - 2) * N + 1, (N - 2) * N + N - 2};
    constexpr int cSq[4][2] = {{1, N}, {N - 2, 2 * N - 1}, {(N - 2) * N, (N - 1) * N + 1},
                               {(N - 2) * N + N - 1, N * N - 2}};
    const bb::Bits<N>& P = pos.P;
    const bb::Bits<N>& O = pos.O;
    for (int k = 0; k < 4; ++k) {
        if (!empty.test(cornerSq[k])) continue;
        f.xSquares += P.test(xSq[k]) - O.test(xSq[k]);
        f.cSquares += P.test(cSq[k][0]) - O.test(cSq[k][0]) + P.test(cSq[k][1]) - O.test(cSq[k][1]);
    }
}

template <int N>
inline HandFeatures handFeatures(const Position<N>& pos, int mobility, const EvalWeights& w) {
    using B = bb::Bits<N>;
    using M = bb::Masks<N>;
    const B& P = pos.P;
    const B& O = pos.O;
    const B empty = pos.empties();
    HandFeatures f{};
    f.mobility = mobility;
    const B nearEmpty = bb::neighbours(empty);
    f.frontier = (P & nearEmpty).count() - (O & nearEmpty).count();
    f.potential = w.potential.open == 0 && w.potential.end == 0
                      ? 0
                      : (bb::neighbours(O) & empty).count() - (bb::neighbours(P) & empty).count();
    f.corners = (P & M::corners).count() - (O & M::corners).count();
    if ((empty & M::corners).any()) addCornerNeighbours<N>(pos, empty, f);
    const B plainEdges = andNot(M::edges, M::corners | M::cSquares);
    f.edges = (P & plainEdges).count() - (O & plainEdges).count();
    f.stable = edgeStable<N>(P).count() - edgeStable<N>(O).count();
    return f;
}

// The features weighted by one end (open or end) of every pair of weights.
inline long long weighted(const HandFeatures& f, const EvalWeights& w, int EvalWeights::Pair::* end) {
    return static_cast<long long>(w.mobility.*end) * f.mobility + static_cast<long long>(w.potential.*end) * f.potential +
           static_cast<long long>(w.frontier.*end) * f.frontier + static_cast<long long>(w.corner.*end) * f.corners +
           static_cast<long long>(w.xSquare.*end) * f.xSquares + static_cast<long long>(w.cSquare.*end) * f.cSquares +
           static_cast<long long>(w.edge.*end) * f.edges + static_cast<long long>(w.stable.*end) * f.stable;
}

// Late game: parity and disc count fade in from lateStartPercent of the board filled.
template <int N>
inline long long lateGame(const Position<N>& pos, const EvalWeights& w, int empties) {
    constexpr int S = N * N;
    const int filled = S - empties;
    const int lateStart = S * w.lateStartPercent / 100;
    if (filled <= lateStart) return 0;
    const long long late = static_cast<long long>((empties & 1) ? w.parity : -w.parity) +
                           static_cast<long long>(w.disc) * pos.discDifference();
    return late * (filled - lateStart) / std::max(1, S - lateStart);
}

}  // namespace detail

// Heuristic score of a position that is not finished; `moves` = pos.moves() (already known to the
// caller). A finished position (neither side can move) gets its exact final score.
template <int N>
int evaluate(const Position<N>& pos, const bb::Bits<N>& moves, const EvalWeights& w) {
    constexpr int S = N * N;
    const int mp = moves.count(), mo = pos.opponentMoves().count();
    if (mp == 0 && mo == 0) return exactScore(pos.finalMargin());
    const int empties = pos.empties().count();
    const int filled = S - empties;
    const detail::HandFeatures f = detail::handFeatures<N>(pos, mp - mo, w);
    long long score = (detail::weighted(f, w, &EvalWeights::Pair::open) * (S - filled) +
                       detail::weighted(f, w, &EvalWeights::Pair::end) * filled) /
                      S;
    score += wipeOutGuard(pos, w, w.fewDiscs);
    score += detail::lateGame<N>(pos, w, empties);
    return static_cast<int>(std::clamp<long long>(score, -kHeuristicLimit + 1, kHeuristicLimit - 1));
}

}  // namespace reversi
