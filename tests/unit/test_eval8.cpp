// The 8x8 evaluation (eval/eval8.hpp), its weights file (eval/weights_file.hpp) and the 8x8 midgame
// search (search/midgame8.hpp): incremental features equal recomputed ones, the evaluation is the same
// for every symmetric image of a position, the file format round-trips and refuses damage, and the
// search agrees with plain negamax over the same evaluation and with the exact solver.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <csignal>
#include <new>
#include <stdexcept>
#include <random>
#include <set>

#include "bitboard/bitboard8.hpp"
#include "eval/eval8.hpp"
#include "eval/weights_file.hpp"
#include "search/endgame8.hpp"
#include "search/midgame8.hpp"

using namespace reversi;
using u64 = std::uint64_t;

namespace {

constexpr u64 kStartP = 0x0000000810000000ULL, kStartO = 0x0000001008000000ULL;  // black to move

// A random legal position `plies` moves into a game (passes included), with P to move and a move left.
bool randomPosition(std::mt19937_64& rng, int plies, u64& P, u64& O) {
    P = kStartP;
    O = kStartO;
    for (int i = 0; i < plies; ++i) {
        u64 m = bb8::moves(P, O);
        if (!m) {
            std::swap(P, O);
            m = bb8::moves(P, O);
            if (!m) return false;
        }
        for (auto k = rng() % static_cast<u64>(std::popcount(m)); k; --k) m &= m - 1;
        const int sq = std::countr_zero(m);
        const u64 f = bb8::flips(sq, P, O);
        const u64 nP = O ^ f, nO = P ^ f ^ (u64{1} << sq);
        P = nP;
        O = nO;
    }
    if (!bb8::moves(P, O)) std::swap(P, O);
    return bb8::moves(P, O) != 0;
}

eval8::Weights randomWeights(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::int16_t> packed(static_cast<std::size_t>(eval8::kPhases) * eval8::layout().packedPerPhase);
    for (auto& w : packed) w = static_cast<std::int16_t>(static_cast<int>(rng() % 129) - 64);
    return eval8::Weights(eval8::packWeights(packed));
}

u64 transform(u64 b, int which) {
    u64 out = 0;
    for (; b; b &= b - 1) {
        int r = std::countr_zero(b) / 8, c = std::countr_zero(b) % 8;
        if (which & 4) std::swap(r, c);
        if (which & 1) c = 7 - c;
        if (which & 2) r = 7 - r;
        out |= u64{1} << (r * 8 + c);
    }
    return out;
}

int evalOf(const eval8::Weights& w, u64 P, u64 O) {
    return w.evaluate(eval8::featuresOf(P, O), P, O, std::popcount(bb8::moves(P, O)), std::popcount(bb8::moves(O, P)));
}

// Plain negamax over the same evaluation as the search (clamped like its leaves), to `depth` plies.
int negamax(const eval8::Weights& w, u64 P, u64 O, int depth, bool passed = false) {
    const u64 m = bb8::moves(P, O);
    if (!m) {
        if (passed || !bb8::moves(O, P)) return bb8::finalMargin(P, O) * eval8::kScale;
        return -negamax(w, O, P, depth, true);
    }
    if (depth == 0) return std::clamp(evalOf(w, P, O), -Midgame8::kMaxScore + 1, Midgame8::kMaxScore - 1);
    int best = -1000000;
    for (u64 x = m; x; x &= x - 1) {
        const int sq = std::countr_zero(x);
        const u64 f = bb8::flips(sq, P, O);
        best = std::max(best, -negamax(w, O ^ f, P ^ f ^ (u64{1} << sq), depth - 1));
    }
    return best;
}

}  // namespace

TEST_CASE("eval8: 54 instances of 13 base patterns, each on distinct squares of the board", "[eval8]") {
    const auto& g = eval8::geometry();
    int instances = 0;
    for (const auto& in : g.instances) {
        CHECK(in.size == eval8::kTypeSize[static_cast<std::size_t>(in.type)]);
        instances += in.size > 0;
    }
    CHECK(instances == eval8::kInstances);
    // Every instance's squares are distinct and on the board.
    for (const auto& in : g.instances) {
        std::vector<int> s(in.squares.begin(), in.squares.begin() + in.size);
        std::sort(s.begin(), s.end());
        CHECK(std::adjacent_find(s.begin(), s.end()) == s.end());
        CHECK(s.front() >= 0);
        CHECK(s.back() < 64);
    }
}

namespace {
// The definition, read square by square: base 3 over an instance's squares, first square most significant.
eval8::Features featuresByDefinition(u64 P, u64 O) {
    eval8::Features f;
    const auto& g = eval8::geometry();
    for (std::size_t k = 0; k < g.instances.size(); ++k) {
        int own = 0, opp = 0;
        for (int j = 0; j < g.instances[k].size; ++j) {
            const u64 bit = u64{1} << g.instances[k].squares[static_cast<std::size_t>(j)];
            own = own * 3 + ((P & bit) ? 1 : (O & bit) ? 2 : 0);
            opp = opp * 3 + ((O & bit) ? 1 : (P & bit) ? 2 : 0);
        }
        f.own[k] = static_cast<std::uint16_t>(own);
        f.opp[k] = static_cast<std::uint16_t>(opp);
    }
    return f;
}
}  // namespace

TEST_CASE("eval8: features updated move by move equal the features recomputed from scratch", "[eval8]") {
    std::mt19937_64 rng(7);
    for (int game = 0; game < 40; ++game) {
        u64 P = kStartP, O = kStartO;
        eval8::Features f = eval8::featuresOf(P, O);
        for (int ply = 0; ply < 70; ++ply) {
            u64 m = bb8::moves(P, O);
            if (!m) {
                if (!bb8::moves(O, P)) break;
                std::swap(P, O);
                eval8::pass(f);
                continue;
            }
            for (auto k = rng() % static_cast<u64>(std::popcount(m)); k; --k) m &= m - 1;
            const int sq = std::countr_zero(m);
            const u64 flips = bb8::flips(sq, P, O);
            f = eval8::played(eval8::geometry(), f, sq, flips);
            const u64 nP = O ^ flips, nO = P ^ flips ^ (u64{1} << sq);
            P = nP;
            O = nO;
            const eval8::Features fresh = eval8::featuresOf(P, O), defined = featuresByDefinition(P, O);
            REQUIRE(f.own == fresh.own);
            REQUIRE(f.opp == fresh.opp);
            REQUIRE(fresh.own == defined.own);
            REQUIRE(fresh.opp == defined.opp);
        }
    }
}

TEST_CASE("eval8: every symmetric image of a position evaluates the same, with any weights", "[eval8]") {
    const eval8::Weights w = randomWeights(11);
    std::mt19937_64 rng(5);
    int tested = 0;
    std::set<int> values;
    for (int i = 0; i < 200; ++i) {
        u64 P, O;
        if (!randomPosition(rng, 4 + static_cast<int>(rng() % 50), P, O)) continue;
        const int v = evalOf(w, P, O);
        values.insert(v);
        for (int which = 1; which < 8; ++which) REQUIRE(evalOf(w, transform(P, which), transform(O, which)) == v);
        ++tested;
    }
    CHECK(tested > 150);
    // Not trivially so: unrelated positions evaluate differently.
    CHECK(values.size() > 100);
}

TEST_CASE("weights file: round trip, and damage is refused", "[eval8]") {
    std::vector<std::int16_t> packed(static_cast<std::size_t>(eval8::kPhases) * eval8::layout().packedPerPhase, 0);
    std::mt19937_64 rng(3);
    for (std::size_t i = 0; i < packed.size(); i += 1 + rng() % 5) packed[i] = static_cast<std::int16_t>(static_cast<int>(rng() % 65535) - 32767);
    const std::string bytes = encodeWeights(eval8::packWeights(packed));
    const WeightSet back = decodeWeights(bytes.data(), bytes.size());
    CHECK(back.name == "pattern8");  // the format tag of eval8 files (eval8.hpp, kFormat)
    CHECK(back.weights == packed);
    CHECK_NOTHROW(eval8::Weights(back));

    std::string flipped = bytes;
    flipped[flipped.size() / 2] ^= 0x10;
    CHECK_THROWS_WITH(decodeWeights(flipped.data(), flipped.size()), Catch::Contains("checksum"));
    CHECK_THROWS_WITH(decodeWeights(bytes.data(), bytes.size() - 3), Catch::Contains("truncated"));
    std::string magic = bytes;
    magic[6] = '\n';  // a text-mode copy turned CR LF into LF
    CHECK_THROWS_WITH(decodeWeights(magic.data(), magic.size()), Catch::Contains("magic"));
    WeightSet other = back;
    other.layout = 1;
    CHECK_THROWS_WITH(eval8::Weights(other), Catch::Contains("layout"));
}

TEST_CASE("built-in weights: a damaged file stops the program with its name, out of memory propagates", "[eval8]") {
    CHECK(decodeBuiltinWeights("weights/x.bin", [] { return 7; }) == 7);
    CHECK_THROWS_AS(decodeBuiltinWeights("weights/x.bin", []() -> int { throw std::bad_alloc(); }), std::bad_alloc);
    // A damaged embedded file: the program must not play with zero weights, it ends with a message.
    int err[2];
    REQUIRE(pipe(err) == 0);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        // The test framework's own SIGABRT handler would report a failure from the child: restore the
        // default, keep the child's standard output out of the run's, and leave no core file.
        signal(SIGABRT, SIG_DFL);
        const rlimit noCore{0, 0};
        setrlimit(RLIMIT_CORE, &noCore);
        const int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 1);
        dup2(err[1], 2);
        const std::string bytes = "REVWGT\r\n and then nothing sensible";
        decodeBuiltinWeights("weights/x.bin", [&] { return decodeWeights(bytes.data(), bytes.size()); });
        _exit(0);
    }
    close(err[1]);
    std::string message;
    char buf[256];
    for (ssize_t r; (r = read(err[0], buf, sizeof buf)) > 0;) message.append(buf, static_cast<std::size_t>(r));
    close(err[0]);
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGABRT);
    CHECK_THAT(message, Catch::StartsWith("reversi: the built-in weights/x.bin is unusable: "));
}

TEST_CASE("midgame8: fixed-depth search equals negamax over the same evaluation, its null windows too", "[eval8][midgame8]") {
    const eval8::Weights w = randomWeights(21);
    Midgame8 search(w, nullptr, 16);
    std::mt19937_64 rng(9);
    int tested = 0;
    for (int i = 0; i < 60; ++i) {
        u64 P, O;
        if (!randomPosition(rng, 10 + static_cast<int>(rng() % 30), P, O)) continue;
        for (int depth = 1; depth <= 4; ++depth) {
            search.clear();
            const auto r = search.search(P, O, depth, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1);
            REQUIRE(r.complete);
            REQUIRE(r.score == negamax(w, P, O, depth));
            // The move it names has that value.
            const u64 f = bb8::flips(r.move, P, O);
            REQUIRE(f != 0);
            REQUIRE(-negamax(w, O ^ f, P ^ f ^ (u64{1} << r.move), depth - 1) == r.score);
            // The zero windows of the inner nodes, asked at the root from an empty table then kept from
            // window to window: they fail high or low as negamax says, and their fail-soft bounds (the
            // depth-1 nodes' shortcut, frontier, returns one) stay on the right side of the value.
            search.clear();
            for (const int delta : {-200, -1, 0, 1, 2, 200}) {
                const int b = r.score + delta;
                const auto z = search.search(P, O, depth, b - 1, b);
                REQUIRE(z.complete);
                INFO("depth " << depth << ", value " << r.score << ", window " << b - 1 << ".." << b << ": " << z.score);
                CHECK((z.score >= b) == (r.score >= b));
                if (z.score >= b) CHECK(r.score >= z.score);
                else CHECK(r.score <= z.score);
            }
        }
        ++tested;
    }
    CHECK(tested > 40);
}

TEST_CASE("midgame8: a search that reaches the end is the exact solve", "[eval8][midgame8]") {
    const eval8::Weights w = randomWeights(22);
    Midgame8 search(w, nullptr, 16);
    EndgameSolver8 solver(16);
    std::mt19937_64 rng(10);
    for (int i = 0; i < 20; ++i) {
        u64 P, O;
        if (!randomPosition(rng, 50, P, O)) continue;
        const int empties = 64 - std::popcount(P | O);
        const auto r = search.search(P, O, empties, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1);
        CHECK(r.score == solver.solve(P, O).score * eval8::kScale);
    }
}

TEST_CASE("midgame8: a shallower search of the same nodes keeps the deeper results in the table", "[eval8][midgame8]") {
    // Multi-ProbCut's shallow searches revisit nodes the deep search has stored; were their results to
    // replace the deeper ones, the next deep search would redo the work near the root.
    const eval8::Weights& w = eval8::Weights::builtin();
    Midgame8 search(w, nullptr, 20);
    std::mt19937_64 rng(11);
    int tested = 0;
    for (int i = 0; i < 8; ++i) {
        u64 P, O;
        if (!randomPosition(rng, 16 + static_cast<int>(rng() % 10), P, O)) continue;
        search.clear();
        const auto deep = search.search(P, O, 8, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1);
        const auto repeat = search.search(P, O, 8, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1);
        // Shallow searches of the root's children with null windows away from their scores, as
        // Multi-ProbCut's are: the deep bounds in the table do not settle them.
        for (u64 m = bb8::moves(P, O); m; m &= m - 1) {
            const int sq = std::countr_zero(m);
            const u64 f = bb8::flips(sq, P, O);
            for (const int shift : {-6, -2, 2, 6}) {
                const int bound = -deep.score + shift * eval8::kScale;
                REQUIRE(search.search(O ^ f, P ^ f ^ (u64{1} << sq), 3, bound - 1, bound).complete);
            }
        }
        const auto after = search.search(P, O, 8, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1);
        CHECK(after.score == deep.score);
        CHECK(after.nodes <= 2 * repeat.nodes);
        CHECK(repeat.nodes * 20 < deep.nodes);  // the table answers a repeated search
        ++tested;
    }
    CHECK(tested >= 6);
}

TEST_CASE("midgame8: a selective search to the end scores ends of games, and without cuts is the exact solve", "[eval8][midgame8]") {
    const eval8::Weights& w = eval8::Weights::builtin();
    Midgame8 fullWidth(w, nullptr, 18);
    Midgame8 selective(w, &builtinProbCut(), 18);
    EndgameSolver8 solver(18);
    std::mt19937_64 rng(12);
    int tested = 0;
    // 24 positions: 12 missed a late-move reduction below a search to the end (midgame8-search.md).
    for (int i = 0; i < 24; ++i) {
        u64 P, O;
        if (!randomPosition(rng, 42, P, O) || 64 - std::popcount(P | O) <= Midgame8::kSelectiveFloor) continue;
        fullWidth.clear();
        selective.clear();
        solver.clear();
        const SolveResult exact = solver.solve(P, O);
        // Above the floor without Multi-ProbCut: midgame nodes down to the floor, then the solver.
        CHECK(fullWidth.searchToEnd(P, O, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1).score == exact.score * eval8::kScale);
        const auto r = selective.searchToEnd(P, O, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1);
        CHECK(r.complete);
        CHECK(r.score % eval8::kScale == 0);  // every leaf the end of a game, none an evaluation
        CHECK(bb8::moves(P, O) & (u64{1} << r.move));
        ++tested;
    }
    CHECK(tested >= 16);
}
