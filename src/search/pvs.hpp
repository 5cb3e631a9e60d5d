// The principal-variation (negascout) move loop, written once: the 8x8 midgame search (midgame8.cpp)
// and exact solver (endgame8.cpp) at their inner nodes and roots, and the roots of the generic search
// and solver (search.cpp, exact_solver.hpp). The first move is searched with the whole window, every
// other one with a null window first and again with the whole window when it beats alpha; the loop is
// fail-soft and ends at the first beta cutoff; stopped in such a re-search, it reports that move. The
// generic inner nodes (Searcher::pvs, ExactSolver::solve) write it out: there the hooks cost 1-3% more
// instructions (their comments).
//
// What differs between the searches comes in as hooks (lambdas), and the loop is always inlined into
// the search that calls it, so it costs nothing (callgrind: without the attribute GCC kept it a call
// of its own inside the 8x8 solver, 1.4% more instructions on FFO #21-#26):
//   next(i)           the i-th move in search order, an object with the square `sq` (ordering is the
//                     hook's, so it may be lazy: the 8x8 solver keys its moves only after the table move)
//   search(m, a, b)   the score of move m for the side to move within (a, b): the child search, negated
//   stopped()         the search was stopped: the loop returns at once (PvsOutcome::stopped)
//   searched(m, s)    optional: move m's score s, once it is fully searched (the root keeps it)
//   cutoff(m)         optional: m caused a beta cutoff (history heuristics)
//   store(best, sq, alphaOrig, beta)
//                     optional: the transposition-table store, when the loop ends unstopped
#pragma once

#include <type_traits>

namespace reversi {

struct PvsOutcome {
    int score;     // the best score (fail-soft), or the floor when no move finished
    int sq;        // the square of the best fully searched move, -1 when none finished
    bool stopped;  // stopped inside the loop: score and sq cover the moves searched before, except that a
                   // move whose null-window search beat them and whose re-search was stopped is the one
                   // kept, with that search's score (a lower bound): the root plays what it has proven best
};

struct PvsNoHook {};
template <class T>
inline constexpr bool kPvsHook = !std::is_same_v<std::remove_cvref_t<T>, PvsNoHook>;

template <class Next, class Search, class Stopped, class Searched = PvsNoHook, class Cutoff = PvsNoHook,
          class Store = PvsNoHook>
struct PvsHooks {
    Next next;
    Search search;
    Stopped stopped;
    Searched searched{};
    Cutoff cutoff{};
    Store store{};
};
// Deduction from the hooks given in order (clang before 17 deduces no aggregate's arguments itself).
template <class Next, class Search, class Stopped>
PvsHooks(Next, Search, Stopped) -> PvsHooks<Next, Search, Stopped>;
template <class Next, class Search, class Stopped, class Searched>
PvsHooks(Next, Search, Stopped, Searched) -> PvsHooks<Next, Search, Stopped, Searched>;
template <class Next, class Search, class Stopped, class Searched, class Cutoff, class Store>
PvsHooks(Next, Search, Stopped, Searched, Cutoff, Store) -> PvsHooks<Next, Search, Stopped, Searched, Cutoff, Store>;

// The fail-soft bookkeeping after one move's score: raises the best score (and its square) and alpha;
// true on a beta cutoff. Shared with the loops written out for speed (search.cpp, exact_solver.hpp).
[[gnu::always_inline]] inline bool raiseBest(int score, int sq, int& best, int& bestSq, int& alpha, int beta) {
    if (score > best) {
        best = score;
        bestSq = sq;
        if (score > alpha) {
            alpha = score;
            return alpha >= beta;
        }
    }
    return false;
}

// Searches the `count` moves of a node within (alpha, beta); `floor` is below every score.
template <class Hooks>
[[gnu::always_inline]] inline PvsOutcome searchMoves(const Hooks& h, int count, int alpha, int beta, int floor) {
    const int alphaOrig = alpha;
    PvsOutcome r{floor, -1, false};
    for (int i = 0; i < count; ++i) {
        const auto& m = h.next(i);
        int score;
        if (i == 0) {
            score = h.search(m, alpha, beta);
        } else {
            score = h.search(m, alpha, alpha + 1);
            if (score > alpha && score < beta && !h.stopped()) {
                const int proven = score;  // m is better than every move before it
                score = h.search(m, alpha, beta);
                if (h.stopped()) return {proven, m.sq, true};
            }
        }
        if (h.stopped()) {
            r.stopped = true;
            return r;
        }
        if constexpr (kPvsHook<decltype(h.searched)>) h.searched(m, score);
        if (raiseBest(score, m.sq, r.score, r.sq, alpha, beta)) {
            if constexpr (kPvsHook<decltype(h.cutoff)>) h.cutoff(m);
            break;
        }
    }
    if constexpr (kPvsHook<decltype(h.store)>) h.store(r.score, r.sq, alphaOrig, beta);
    return r;
}

}  // namespace reversi
