#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <sstream>

#include "bitboard/bitboard8.hpp"
#include "rules/board.hpp"
#include "eval/order_eval8.hpp"
#include "eval/weights_file.hpp"
#include "tools/fit_order_eval8.hpp"

#include "minimax.hpp"

using namespace reversi;
using namespace reversi::order_eval8;

namespace {

Board toBoard(std::uint64_t P, std::uint64_t O) {
    Board b(8);
    for (int s = 0; s < 64; ++s) b.set(s / 8, s % 8, (P >> s) & 1 ? kBlack : (O >> s) & 1 ? kWhite : kEmpty);
    return b;
}

// Positions of `games` seeded self-play games, each between minEmpties and maxEmpties empties.
std::vector<Sample> generated(int games, std::uint64_t seed, int minEmpties, int maxEmpties) {
    GenerateOptions o;
    o.games = games;
    o.seed = seed;
    o.minEmpties = minEmpties;
    o.maxEmpties = maxEmpties;
    return generateSamples(o);
}

}  // namespace

TEST_CASE("order_eval8: 46 instances, every symmetric image of each base pattern once", "[order_eval8]") {
    const auto& in = instances();
    REQUIRE(in.size() == static_cast<std::size_t>(kInstances));
    std::map<int, int> perType;
    std::set<std::vector<int>> sets;
    for (const Instance& i : in) {
        ++perType[i.type];
        auto s = i.squares;
        std::sort(s.begin(), s.end());
        CHECK(std::adjacent_find(s.begin(), s.end()) == s.end());  // no square twice
        CHECK(s.front() >= 0);
        CHECK(s.back() < 64);
        sets.insert(s);
    }
    // edge+2X, corner 3x3, corner 2x5, rows 2-4, diagonals of 8..4 squares.
    CHECK(perType == std::map<int, int>{{0, 4}, {1, 4}, {2, 8}, {3, 4}, {4, 4}, {5, 4}, {6, 2}, {7, 4}, {8, 4}, {9, 4}, {10, 4}});
    // Closed under the board's symmetries.
    for (const auto& s : sets)
        for (int w = 0; w < 8; ++w) {
            std::uint64_t mask = 0;
            for (const int q : s) mask |= std::uint64_t{1} << q;
            const std::uint64_t image = symmetry(mask, w);
            std::vector<int> t;
            for (int q = 0; q < 64; ++q)
                if ((image >> q) & 1) t.push_back(q);
            CHECK(sets.count(t) == 1);
        }
}

TEST_CASE("order_eval8: features encode each square as 0 empty, 1 mover, 2 opponent, first square most significant", "[order_eval8]") {
    std::uint32_t f[kFeatures];
    features(0, 0, f);
    for (int k = 0; k < kInstances; ++k) CHECK(f[k] == typeOffsets()[static_cast<std::size_t>(instances()[static_cast<std::size_t>(k)].type)]);
    // The first edge instance is a1..h1, b2, g2 (squares 0..7, 9, 14), a1 the most significant digit.
    REQUIRE(instances()[0].squares == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 9, 14});
    features(1, 0, f);  // a1 the mover's: 1 * 3^9
    CHECK(f[0] == typeOffsets()[0] + 19683);
    features(0, 1, f);  // a1 the opponent's
    CHECK(f[0] == typeOffsets()[0] + 2 * 19683);
    features(std::uint64_t{1} << 14, std::uint64_t{1} << 7, f);  // g2 the mover's (digit 0), h1 the opponent's (digit 2)
    CHECK(f[0] == typeOffsets()[0] + 1 + 2 * 9);
    // Every image of a pattern reads its squares the same way round: the a8..h8 edge (squares 56..63,
    // 49, 54) is a reflection of the first, so the reflected position gives the same configuration.
    bool found = false;
    std::uint32_t g[kFeatures];
    features(symmetry(std::uint64_t{1} << 14, 2), symmetry(std::uint64_t{1} << 7, 2), g);
    for (int k = 0; k < kInstances; ++k)
        if (instances()[static_cast<std::size_t>(k)].type == 0 && g[k] == f[0]) found = true;
    CHECK(found);
    // A square outside every instance of the first type changes nothing there.
    features(std::uint64_t{1} << 27, 0, f);
    CHECK(f[0] == typeOffsets()[0]);
    // The mobility pair of the start position: 4 moves each.
    features(0x0000000810000000ULL, 0x0000001008000000ULL, f);
    CHECK(f[kInstances] == typeOffsets().back() + 4 * (kMobilityCap + 1) + 4);
}

TEST_CASE("order_eval8: symmetry maps squares as the board's reflections do", "[order_eval8]") {
    CHECK(symmetry(1, 0) == 1);
    CHECK(symmetry(1, 1) == (std::uint64_t{1} << 7));   // a1 -> h1
    CHECK(symmetry(1, 2) == (std::uint64_t{1} << 56));  // a1 -> a8
    CHECK(symmetry(2, 4) == (std::uint64_t{1} << 8));   // b1 -> a2 (transpose)
    for (int w = 0; w < 8; ++w) CHECK(std::popcount(symmetry(0x00000000F0F01234ULL, w)) == std::popcount(0x00000000F0F01234ULL));
}

TEST_CASE("order_eval8: samples written and read back, a malformed line named by its number", "[order_eval8]") {
    const std::vector<Sample> samples{{0x0000000810000000ULL, 0x0000001008000000ULL, 12}, {1, 2, -64}};
    std::stringstream text;
    writeSamples(text, samples);
    const auto back = readSamples(text);
    REQUIRE(back.size() == 2);
    CHECK(back[0].P == samples[0].P);
    CHECK(back[0].O == samples[0].O);
    CHECK(back[0].score == 12);
    CHECK(back[1].score == -64);
    std::stringstream bad(std::string(64, '-') + " 3\n" + std::string(63, '-') + "Z 3\n");
    CHECK_THROWS_WITH(readSamples(bad), Catch::Contains("input:2: expected 64 squares"));
    std::stringstream range(std::string(64, '-') + " 65\n");
    CHECK_THROWS(readSamples(range));
}

TEST_CASE("order_eval8: generated positions carry their exact score (checked by minimax)", "[order_eval8]") {
    const auto samples = generated(6, 5, 4, 7);
    REQUIRE(samples.size() >= 12);
    for (const Sample& s : samples) {
        const int empties = 64 - std::popcount(s.P | s.O);
        CHECK(empties >= 4);
        CHECK(empties <= 7);
        CHECK((s.P & s.O) == 0);
        CHECK(s.score == minimax(toBoard(s.P, s.O), kBlack, false));
    }
}

TEST_CASE("order_eval8: the fit learns a pattern-shaped score and generalises to unseen positions", "[order_eval8]") {
    // Score = 10 per corner held minus 10 per corner of the opponent's, on sparse random boards (an
    // eighth of the squares filled, corners half the time): representable by the corner tables and
    // sparse enough that configurations recur, so the held-out error must fall far below the spread.
    std::vector<Sample> samples;
    std::uint64_t state = 3;
    const auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state ^ (state >> 29);
    };
    for (int i = 0; i < 3000; ++i) {
        const std::uint64_t a = next();
        const std::uint64_t mask = (next() & next() & next()) | (next() & 0x8100000000000081ULL);
        const std::uint64_t P = a & mask, O = ~a & mask;
        const std::uint64_t corners = 0x8100000000000081ULL;
        samples.push_back({P, O, 10 * (std::popcount(P & corners) - std::popcount(O & corners))});
    }
    FitOptions f;
    f.epochs = 40;
    f.validationFraction = 0.2;
    FitReport first, last;
    fitWeights(samples, f, [&](const FitReport& r) {
        if (r.epoch == 1) first = r;
        last = r;
    });
    CHECK(last.epoch == 40);
    CHECK(last.validationRms < 5.0);  // the score itself spreads about 14 discs
    CHECK(last.validationRms < first.validationRms / 3);
}

TEST_CASE("order_eval8: the solver's built-in ordering weights, summed over each position's features", "[order_eval8]") {
    const auto samples = generated(3, 9, 10, 14);
    REQUIRE(samples.size() >= 10);
    const std::int16_t* table = orderWeights();
    int nonZero = 0;
    for (const Sample& s : samples) {
        std::uint32_t f[kFeatures];
        features(s.P, s.O, f);
        int sum = 0;
        for (const std::uint32_t i : f) sum += table[i];
        const int mp = std::popcount(bb8::moves(s.P, s.O)), mo = std::popcount(bb8::moves(s.O, s.P));
        CHECK(evaluate(table, s.P, s.O, mp, mo) == sum);
        nonZero += sum != 0;
    }
    CHECK(nonZero > 0);  // fitted weights, not a table of zeros
    // The weights file round-trips through the fit's writer.
    const std::vector<double> discs(weightCount(), 0.5);
    const std::string bytes = encodeOrderWeights(discs);
    const WeightSet set = decodeWeights(bytes.data(), bytes.size());
    CHECK(set.name == kWeightsName);
    REQUIRE(set.weights.size() == weightCount());
    CHECK(set.weights[0] == kScale / 2);
}
