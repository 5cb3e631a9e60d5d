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
    // boards (a large opponent mass, depth 4-6) they outweigh everything else until the side is wiped
    // out by a greedy opponent; every game lost to greedy / smarter / smartest at 12x12 and up was a
    // wipe-out before this term. It keeps a floor under the disc count.
    int fewDiscs = 100;
    int fewDiscsPercent = 30;
    int fewDiscsLimit = 16;
    // The cap grows with the board's area: a fixed 16 discs is 2.4% of 26x26, and greedy still wiped the
    // engine out late there (0-190 at 0.02 s a move; at a fixed 3 plies, 41 of 100 games at 26x26, all
    // wipe-outs, most with 90-230 discs on the board). 62 per mille stays under 16 discs up to 16x16
    // (256 * 62 / 1000 = 15), so those sizes keep the cap of 16; 18x18..26x26 get 20, 24, 30, 35, 41.
    int fewDiscsLimitPermille = 62;
    // The guard's strength under the learned evaluations (not the hand-set one) from 18x18 up, in place
    // of fewDiscs. Those sizes play sets shared from 12x12 and 16x16, whose count terms grow with the
    // board (12x12's: about a disc per unit each, early on): at 20x20, 12x12's set scores 5 discs
    // against 25 73 discs ahead; at 100 the engine sank to 1-3 discs against smartest in
    // most games and was wiped out in 2 of 100 (1 of 100 at 200, none at 400;
    // docs/results/wipe-out-guard.md).
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

// Heuristic score of a position that is not finished; `moves` = pos.moves() (already known to the
// caller). A finished position (neither side can move) gets its exact final score.
template <int N>
int evaluate(const Position<N>& pos, const bb::Bits<N>& moves, const EvalWeights& w) {
    using B = bb::Bits<N>;
    using M = bb::Masks<N>;
    constexpr int S = N * N;
    const B opp = pos.opponentMoves();
    const int mp = moves.count(), mo = opp.count();
    if (mp == 0 && mo == 0) return exactScore(pos.finalMargin());

    const B& P = pos.P;
    const B& O = pos.O;
    const B empty = pos.empties();
    const int empties = empty.count();
    const int filled = S - empties;

    // Features, each as (player - opponent).
    const int mobility = mp - mo;
    const B nearEmpty = bb::neighbours(empty);
    const int frontier = (P & nearEmpty).count() - (O & nearEmpty).count();
    const int potential = w.potential.open == 0 && w.potential.end == 0
                              ? 0
                              : (bb::neighbours(O) & empty).count() - (bb::neighbours(P) & empty).count();
    const int corners = (P & M::corners).count() - (O & M::corners).count();
    int xs = 0, cs = 0;
    if ((empty & M::corners).any()) {
        // X and C squares only count while their corner is empty.
        constexpr int cornerSq[4] = {0, N - 1, (N - 1) * N, N * N - 1};
        constexpr int xSq[4] = {N + 1, N + N - 2, (N - 2) * N + 1, (N - 2) * N + N - 2};
        constexpr int cSq[4][2] = {{1, N}, {N - 2, 2 * N - 1}, {(N - 2) * N, (N - 1) * N + 1},
                                   {(N - 2) * N + N - 1, N * N - 2}};
        for (int k = 0; k < 4; ++k) {
            if (!empty.test(cornerSq[k])) continue;
            xs += P.test(xSq[k]) - O.test(xSq[k]);
            cs += P.test(cSq[k][0]) - O.test(cSq[k][0]) + P.test(cSq[k][1]) - O.test(cSq[k][1]);
        }
    }
    const B plainEdges = andNot(M::edges, M::corners | M::cSquares);
    const int edges = (P & plainEdges).count() - (O & plainEdges).count();
    const int stable = detail::edgeStable<N>(P).count() - detail::edgeStable<N>(O).count();

    const long long open = static_cast<long long>(w.mobility.open) * mobility +
                           static_cast<long long>(w.potential.open) * potential +
                           static_cast<long long>(w.frontier.open) * frontier +
                           static_cast<long long>(w.corner.open) * corners +
                           static_cast<long long>(w.xSquare.open) * xs + static_cast<long long>(w.cSquare.open) * cs +
                           static_cast<long long>(w.edge.open) * edges + static_cast<long long>(w.stable.open) * stable;
    const long long end = static_cast<long long>(w.mobility.end) * mobility +
                          static_cast<long long>(w.potential.end) * potential +
                          static_cast<long long>(w.frontier.end) * frontier +
                          static_cast<long long>(w.corner.end) * corners + static_cast<long long>(w.xSquare.end) * xs +
                          static_cast<long long>(w.cSquare.end) * cs + static_cast<long long>(w.edge.end) * edges +
                          static_cast<long long>(w.stable.end) * stable;
    long long score = (open * (S - filled) + end * filled) / S;

    score += wipeOutGuard(pos, w, w.fewDiscs);

    // Late game: parity and disc count fade in from lateStartPercent of the board filled.
    const int lateStart = S * w.lateStartPercent / 100;
    if (filled > lateStart) {
        const long long late = static_cast<long long>((empties & 1) ? w.parity : -w.parity) +
                               static_cast<long long>(w.disc) * pos.discDifference();
        score += late * (filled - lateStart) / std::max(1, S - lateStart);
    }
    return static_cast<int>(std::clamp<long long>(score, -kHeuristicLimit + 1, kHeuristicLimit - 1));
}

}  // namespace reversi
