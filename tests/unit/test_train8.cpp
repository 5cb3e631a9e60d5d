// The 8x8 training pipeline's pieces (tools/labels8, tools/fit_eval8, tools/fit_probcut8) and the
// Multi-ProbCut table (search/probcut8): labels near the end are exact solves, a resumed labelling
// refuses another corpus, a fit recovers an evaluation from its own values, the cut table round-trips.
#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "scratch_files.hpp"

#include "bitboard/bitboard8.hpp"
#include "bitboard/position.hpp"
#include "eval/eval8.hpp"
#include "rules/position_text.hpp"
#include "search/endgame8.hpp"
#include "search/midgame8.hpp"
#include "search/probcut8.hpp"
#include "tools/corpus8.hpp"
#include "tools/fit_eval8.hpp"
#include "tools/labels8.hpp"
#include "tools/position_records.hpp"
#include "tools/fit_probcut8.hpp"

using namespace reversi;

namespace {

std::string smallCorpus(const std::string& name, int games, std::uint64_t seed) {
    train8::CorpusOptions o;
    o.games = games;
    o.blockGames = games;
    o.depth = 1;
    o.seed = seed;
    o.dir = freshDir(name);
    train8::generateCorpus(o);
    return o.dir;
}

// Labels of one phase of `corpus` into `out` (kept, so phases share it), every position searched.
train8::LabelOptions unsolvedPhase(const std::string& corpus, const std::string& out, int phase, int depth) {
    train8::LabelOptions o;
    o.corpora = {corpus};
    o.out = out;
    o.phase = phase;
    o.depth = depth;
    o.exactEmpties = 0;
    return o;
}

// Labelling phase 20 of `corpus` (40 and 41 empties: searched, not solved) into a fresh directory.
train8::LabelOptions searchedPhase(const std::string& corpus, const std::string& out, int depth, int chunk) {
    train8::LabelOptions o = unsolvedPhase(corpus, freshDir(out), 20, depth);
    o.chunk = chunk;
    return o;
}

}  // namespace

TEST_CASE("train8 labels: exact solves near the end, and a resume over another corpus is refused", "[train8]") {
    const std::string corpus = smallCorpus("labels-corpus", 30, 4);
    train8::LabelOptions o;
    o.corpora = {corpus};
    o.out = freshDir("labels-out");
    o.phase = 5;  // 10 and 11 empties: solved exactly
    o.chunk = 7;
    train8::labelPhase(o);
    const auto labels = train8::readPhaseLabels(o.out, 5);
    REQUIRE(labels.size() > 20);
    EndgameSolver8 solver(16);
    for (const auto& l : labels) {
        const int empties = 64 - std::popcount(l.P | l.O);
        CHECK(eval8::phaseOf(empties) == 5);
        CHECK(l.label == solver.solve(l.P, l.O).score * eval8::kScale);
    }
    // Labelling again finds every chunk done; from a different corpus it stops with a message.
    CHECK_NOTHROW(train8::labelPhase(o));
    train8::LabelOptions other = o;
    other.corpora = {smallCorpus("labels-corpus2", 30, 5)};
    CHECK_THROWS_WITH(train8::labelPhase(other), Catch::Contains("remove the directory"));
    for (const auto& d : {corpus, o.out, other.corpora[0]}) std::filesystem::remove_all(d);
}

TEST_CASE("train8 labels from two corpora: every distinct position of either, once", "[train8]") {
    const std::string a = smallCorpus("labels-union-a", 30, 21), b = smallCorpus("labels-union-b", 30, 22);
    using Positions = std::set<std::pair<std::uint64_t, std::uint64_t>>;
    const auto labelled = [](std::vector<std::string> corpora, const std::string& out) {
        train8::LabelOptions o;
        o.corpora = std::move(corpora);
        o.out = freshDir(out);
        o.phase = 20;
        o.corpusValues = true;  // no search: the test is about which positions, not their values
        train8::labelPhase(o);
        const auto labels = train8::readPhaseLabels(o.out, 20);
        std::filesystem::remove_all(o.out);
        Positions positions;
        for (const auto& l : labels) positions.insert({l.P, l.O});
        CHECK(positions.size() == labels.size());  // each position once
        return positions;
    };
    const Positions onlyA = labelled({a}, "labels-union-1"), onlyB = labelled({b}, "labels-union-2");
    Positions expected = onlyA;
    expected.insert(onlyB.begin(), onlyB.end());
    REQUIRE(onlyA.size() > 20);
    REQUIRE(onlyB.size() > 20);
    CHECK(labelled({a, b}, "labels-union-3") == expected);
    for (const auto& d : {a, b}) std::filesystem::remove_all(d);
}

TEST_CASE("train8 labels: searched labels are the same with one thread or two", "[train8]") {
    const std::string corpus = smallCorpus("labels-threads-corpus", 40, 11);
    const train8::LabelOptions o = searchedPhase(corpus, "labels-one", 6, 5);
    train8::labelPhase(o);
    train8::LabelOptions p = o;
    p.out = freshDir("labels-two");
    p.jobs = 2;
    train8::labelPhase(p);
    const auto one = train8::readPhaseLabels(o.out, 20), two = train8::readPhaseLabels(p.out, 20);
    REQUIRE(one.size() > 20);
    REQUIRE(one.size() == two.size());
    int differ = 0;
    for (std::size_t i = 0; i < one.size(); ++i) differ += one[i].P != two[i].P || one[i].O != two[i].O || one[i].label != two[i].label;
    CHECK(differ == 0);
    for (const auto& d : {corpus, o.out, p.out}) std::filesystem::remove_all(d);
}

TEST_CASE("train8 labels with --probcut: the engine's cuts in the search, and a resume without them refused", "[train8]") {
    const std::string corpus = smallCorpus("labels-probcut-corpus", 40, 12);
    train8::LabelOptions o = searchedPhase(corpus, "labels-probcut", 8, 1);  // chunks of 1: a cleared table each, as below
    o.probCut = true;
    train8::labelPhase(o);
    const auto labels = train8::readPhaseLabels(o.out, 20);
    REQUIRE(labels.size() > 20);
    Midgame8 cut(eval8::Weights::builtin(), &builtinProbCut(), 20), full(eval8::Weights::builtin(), nullptr, 20);
    int differ = 0;
    for (const auto& l : labels) {
        const auto value = [&](Midgame8& m) {
            m.clear();
            m.newSearch();
            return m.search(l.P, l.O, 8, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1).score;
        };
        CHECK(l.label == value(cut));
        differ += l.label != value(full);
    }
    CHECK(differ > 0);  // the cuts change some values: the flag reached the search
    train8::LabelOptions without = o;
    without.probCut = false;
    CHECK_THROWS_WITH(train8::labelPhase(without), Catch::Contains("remove the directory"));
    for (const auto& d : {corpus, o.out}) std::filesystem::remove_all(d);
}

TEST_CASE("train8 labels with --corpus-values: the corpus's own values, no search, and no mixing with searched ones", "[train8]") {
    train8::CorpusOptions c;
    c.games = 40;
    c.blockGames = 40;
    c.depth = 2;
    c.seed = 13;
    c.dir = freshDir("labels-values-corpus");
    train8::generateCorpus(c);
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::int16_t> firstValue;
    int withoutValue = 0;
    for (const auto& p : train8::readCorpusBlock(train8::corpusBlocks(c.dir).at(0))) {
        if (eval8::phaseOf(p.empties) != 20) continue;
        if (p.value == train8::CorpusPosition::kNoValue) {
            ++withoutValue;
            continue;
        }
        firstValue.emplace(std::make_pair(p.P, p.O), p.value);
    }
    REQUIRE(withoutValue > 0);  // the random moves: such positions must not be labelled
    train8::LabelOptions o = searchedPhase(c.dir, "labels-values", 6, 7);
    o.corpusValues = true;
    train8::labelPhase(o);
    const auto labels = train8::readPhaseLabels(o.out, 20);
    REQUIRE(labels.size() > 20);
    int differ = 0;
    for (const auto& l : labels) {
        const auto it = firstValue.find({l.P, l.O});
        REQUIRE(it != firstValue.end());
        differ += l.label != it->second;
    }
    CHECK(differ == 0);
    CHECK(labels.size() <= firstValue.size());
    train8::LabelOptions searched = o;
    searched.corpusValues = false;
    CHECK_THROWS_WITH(train8::labelPhase(searched), Catch::Contains("remove the directory"));
    for (const auto& d : {c.dir, o.out}) std::filesystem::remove_all(d);
}

TEST_CASE("train8 labels with --corpus-values leave out forced positions, whatever value a block holds for them", "[train8]") {
    // A corpus block written here: a position with one legal move carrying a value of 0 (what an early
    // build recorded for the engine's unsearched forced moves) and one with several moves and a value.
    const std::string corpus = smallCorpus("labels-forced-corpus", 60, 14);
    train8::CorpusPosition forced, searched;
    for (const auto& p : train8::readCorpusBlock(train8::corpusBlocks(corpus).at(0))) {
        if (p.empties <= 15) continue;
        const int moves = std::popcount(bb8::moves(p.P, p.O));
        if (moves == 1 && forced.P == 0) forced = p;
        if (moves > 1 && searched.P == 0 && forced.P != 0 && eval8::phaseOf(p.empties) == eval8::phaseOf(forced.empties))
            searched = p;
    }
    REQUIRE(forced.P != 0);
    REQUIRE(searched.P != 0);
    const std::string dir = freshDir("labels-forced-block");
    std::filesystem::create_directories(dir);
    const train8::RecordMagic v2 = {'R', 'V', '8', 'P', 'O', 'S', '0', '2'};
    const std::vector<train8::PositionRecord> records = {{forced.P, forced.O, {0, forced.empties, 0, 0}},
                                                         {searched.P, searched.O, {0, searched.empties, 77, 0}}};
    { std::ofstream(dir + "/block-00000.pos", std::ios::binary) << train8::encodePositionRecords(v2, 1, 2, records, 4); }
    train8::LabelOptions o;
    o.corpora = {dir};
    o.out = freshDir("labels-forced");
    o.phase = eval8::phaseOf(forced.empties);
    o.corpusValues = true;
    train8::labelPhase(o);
    const auto labels = train8::readPhaseLabels(o.out, o.phase);
    REQUIRE(labels.size() == 1);
    CHECK(labels[0].P == searched.P);
    CHECK(labels[0].label == 77);
    for (const auto& d : {corpus, dir, o.out}) std::filesystem::remove_all(d);
}

TEST_CASE("train8 fit: recovers an evaluation from its own values on positions it did not see", "[train8]") {
    // Labels made by a known evaluation (random weights on the features a few thousand positions can pin
    // down: the three shortest diagonals and parity): the fit must predict held-out positions far better
    // than the prior (zeros) does.
    std::mt19937_64 rng(8);
    std::vector<std::int16_t> truth(static_cast<std::size_t>(eval8::kPhases) * eval8::layout().packedPerPhase, 0);
    const std::size_t per = eval8::layout().packedPerPhase;
    const auto& L = eval8::layout();
    for (std::size_t i = L.packedOffset[eval8::kTypes - 3]; i < L.packedMobilityOffset; ++i)
        truth[10 * per + i] = static_cast<std::int16_t>(static_cast<int>(rng() % 33) - 16);
    for (std::size_t i = L.packedParityOffset; i < per; ++i) truth[10 * per + i] = static_cast<std::int16_t>(static_cast<int>(rng() % 33) - 16);
    const eval8::Weights known(eval8::packWeights(truth));
    const std::string corpus = smallCorpus("fit-corpus", 1500, 6);
    const std::string labels = freshDir("fit-labels");
    // The known evaluation's own values as phase 10's labels (depth 0), through the labeller.
    train8::LabelOptions o;
    o.corpora = {corpus};
    o.out = labels;
    o.phase = 10;
    o.depth = 0;
    o.exactEmpties = 0;
    std::filesystem::create_directories(labels);
    const std::string weightsFile = labels + "/known.bin";
    {
        std::ofstream out(weightsFile, std::ios::binary);
        out << encodeWeights(eval8::packWeights(truth));
    }
    o.weights = weightsFile;
    train8::labelPhase(o);
    train8::FitPhaseOptions f;
    f.labels = labels;
    f.phase = 10;
    f.overlap = 0;
    f.iterations = 60;
    f.regularisation = 0.5;
    std::vector<std::int16_t> fitted(truth.size(), 0);
    train8::FitPhaseReport last;
    train8::fitPhase(fitted, std::vector<std::int16_t>(per, 0), f, [&](const train8::FitPhaseReport& r) { last = r; });
    REQUIRE(last.heldOut > 50);
    INFO("held out rms " << last.validationRms << " discs, prior " << last.priorRms);
    CHECK(last.validationRms < 0.4 * last.priorRms);
    CHECK(last.trainRms < last.priorRms);
    std::filesystem::remove_all(corpus);
    std::filesystem::remove_all(labels);
}

TEST_CASE("train8 fit: a neighbouring phase's held-out positions train no fit", "[train8]") {
    // In the chain of fits phase K starts from phase K-1's weights; had K-1's fit trained on the
    // positions K holds out, K's held-out error would be measured on data its prior had seen. So a fit
    // with its neighbours counts exactly their training positions: those of each phase fitted alone.
    const std::string corpus = smallCorpus("fit-holdout-corpus", 600, 9);
    const std::string labels = freshDir("fit-holdout-labels");
    for (const int phase : {10, 11}) train8::labelPhase(unsolvedPhase(corpus, labels, phase, 1));
    const std::size_t per = eval8::layout().packedPerPhase;
    const auto trained = [&](int phase, int overlap) {
        train8::FitPhaseOptions f;
        f.labels = labels;
        f.phase = phase;
        f.overlap = overlap;
        f.iterations = 1;
        f.validation = 0.3;
        std::vector<std::int16_t> packed(static_cast<std::size_t>(eval8::kPhases) * per, 0);
        train8::FitPhaseReport last;
        train8::fitPhase(packed, std::vector<std::int16_t>(per, 0), f, [&](const train8::FitPhaseReport& r) { last = r; });
        REQUIRE(last.heldOut > 20);
        return last.samples;
    };
    const std::size_t alone10 = trained(10, 0), alone11 = trained(11, 0);
    CHECK(trained(10, 1) == alone10 + alone11);
    CHECK(trained(11, 1) == alone10 + alone11);
    std::filesystem::remove_all(corpus);
    std::filesystem::remove_all(labels);
}

TEST_CASE("train8 labels record their game, and a fit holds out whole games", "[train8]") {
    // A phase's neighbours hold the same games' positions 2-3 plies away: held out by the position, a
    // held-out position's game still trained the fit through them. The block header's game count is
    // the independent evidence of where games start.
    const int games = 300;
    const std::string corpus = smallCorpus("games-corpus", games, 11);
    std::set<std::uint32_t> corpusGames;
    for (const std::string& block : train8::corpusBlocks(corpus)) {
        const auto positions = train8::readCorpusBlock(block);
        for (std::size_t k = 0; k < positions.size(); ++k) {
            corpusGames.insert(positions[k].game);
            if (k > 0 && positions[k].game == positions[k - 1].game) CHECK(positions[k].empties < positions[k - 1].empties);
        }
    }
    CHECK(corpusGames.size() == static_cast<std::size_t>(games));
    CHECK(corpusGames.count(0) == 0);
    const std::string labels = freshDir("games-labels");
    std::map<std::uint32_t, std::set<bool>> decisions;  // each game's held-out decisions, both phases
    std::map<std::pair<int, std::uint32_t>, int> perPhase;
    for (const int phase : {10, 11}) {
        train8::labelPhase(unsolvedPhase(corpus, labels, phase, 0));
        for (const train8::Labelled& l : train8::readPhaseLabels(labels, phase)) {
            REQUIRE(corpusGames.count(l.game) == 1);
            decisions[l.game].insert(train8::heldOut(l, 0.3));
            ++perPhase[{phase, l.game}];
        }
    }
    for (const auto& [key, count] : perPhase) CHECK(count <= 2);  // a game passes a phase's two empties once
    {
        // A directory labelled by an earlier build (its manifest without "games") is not resumed into a mix.
        const std::string manifest = labels + "/phase-11/manifest.txt";
        std::string text;
        std::getline(std::ifstream(manifest), text);
        REQUIRE(text.size() > 6);
        REQUIRE(text.substr(text.size() - 6) == " games");
        std::ofstream(manifest, std::ios::trunc) << text.substr(0, text.size() - 6) << "\n";
        CHECK_THROWS_WITH(train8::labelPhase(unsolvedPhase(corpus, labels, 11, 0)), Catch::Contains("other settings"));
    }
    std::size_t held = 0;
    for (const auto& [game, decided] : decisions) {
        CHECK(decided.size() == 1);
        held += decided.count(true);
    }
    INFO(held << " of " << decisions.size() << " games held out");
    CHECK(decisions.size() > static_cast<std::size_t>(games / 2));
    CHECK(held > decisions.size() / 5);
    CHECK(held < decisions.size() * 2 / 5);
    std::filesystem::remove_all(corpus);
    std::filesystem::remove_all(labels);
}

TEST_CASE("train8 labels of the first format (no games) still read, held out by the position", "[train8]") {
    const std::string dir = freshDir("old-labels");
    std::filesystem::create_directories(dir + "/phase-12");
    std::vector<train8::PositionRecord> records;
    for (std::uint64_t k = 1; k <= 200; ++k) records.push_back({k << 20, k, {static_cast<std::uint8_t>(k), 0xff}});
    {
        std::ofstream out(dir + "/phase-12/chunk-0000.lab", std::ios::binary);
        out << train8::encodePositionRecords({'R', 'V', '8', 'L', 'A', 'B', '0', '1'}, 200, 0, records);
    }
    const auto labels = train8::readPhaseLabels(dir, 12);
    REQUIRE(labels.size() == 200);
    std::size_t held = 0;
    for (std::size_t k = 0; k < labels.size(); ++k) {
        CHECK(labels[k].game == 0);
        CHECK(labels[k].label == static_cast<std::int16_t>(0xff00 | (k + 1)));
        held += train8::heldOut(labels[k], 0.5);
    }
    CHECK(held > 60);  // by the position: about half of 200, not all or none as one game would be
    CHECK(held < 140);
    std::filesystem::remove_all(dir);
}

TEST_CASE("probcut: the shallow depth has the deep one's parity, and the table round-trips as text", "[train8]") {
    for (int d = 2; d <= ProbCut8::kMaxDepth; ++d) {
        const int s = probCutShallowDepth(d);
        CHECK(s >= 0);
        CHECK(s < d);
        CHECK(s % 2 == d % 2);
    }
    ProbCut8 p;
    p.t = 1.25;
    p.fits[6][8] = {4, 0.95F, -3.5F, 40.25F};
    p.fits[14][24] = {12, 1.0F, 0.0F, 80.0F};
    const ProbCut8 q = parseProbCut(formatProbCut(p));
    CHECK(q.t == Approx(1.25));
    CHECK(q.fits[6][8].shallow == 4);
    CHECK(q.fits[6][8].a == Approx(0.95));
    CHECK(q.fits[6][8].sigma == Approx(40.25));
    CHECK(q.fits[14][24].shallow == 12);
    CHECK(q.fits[5][8].shallow == -1);
    CHECK_FALSE(q.empty());
    CHECK(ProbCut8{}.empty());
    // A table without a `t` line cuts at the threshold the built-in one ships with and a fit writes.
    CHECK(parseProbCut("6 8 4 1 0 3\n").t == Approx(builtinProbCut().t));
    CHECK(train8::ProbCutFitOptions{}.t == Approx(builtinProbCut().t));
    CHECK_THROWS(parseProbCut("6 8 9 1 0 3\n"));   // shallow not below deep
    CHECK_THROWS(parseProbCut("99 8 4 1 0 3\n"));  // no such phase
    CHECK_THROWS(parseProbCut("6 8 4 1 0\n"));     // a field missing
}

TEST_CASE("midgame8 with Multi-ProbCut: legal moves, and no cut when the margin is huge", "[train8][midgame8]") {
    ProbCut8 p;
    for (auto& phase : p.fits)
        for (int d = 2; d <= ProbCut8::kMaxDepth; ++d) phase[static_cast<std::size_t>(d)] = {static_cast<std::int8_t>(probCutShallowDepth(d)), 1.0F, 0.0F, 1e6F};
    const eval8::Weights& w = eval8::Weights::builtin();
    Midgame8 full(w, nullptr, 16), selective(w, &p, 16);
    std::mt19937_64 rng(12);
    const std::string corpus = smallCorpus("mpc-corpus", 4, 7);
    const auto positions = train8::readCorpusBlock(train8::corpusBlocks(corpus).at(0));
    int tested = 0;
    for (std::size_t i = 0; i < positions.size(); i += 9) {
        const auto& pos = positions[i];
        if (pos.empties < 20) continue;
        const auto a = full.search(pos.P, pos.O, 5, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1);
        const auto b = selective.search(pos.P, pos.O, 5, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1);
        CHECK(b.score == a.score);  // sigma so large that no cut can fire
        CHECK((bb8::moves(pos.P, pos.O) >> b.move & 1) == 1);
        ++tested;
    }
    CHECK(tested > 5);
    std::filesystem::remove_all(corpus);
}

TEST_CASE("ProbCut bounds round as ceil and floor do, without libm", "[train8][midgame8]") {
    for (const double x : {-3.0, -2.5, -0.25, 0.0, 0.25, 1.0, 7.999, 1e6 + 0.5, -1e6 - 0.5}) {
        CHECK(ceilToInt(x) == static_cast<int>(std::ceil(x)));
        CHECK(floorToInt(x) == static_cast<int>(std::floor(x)));
    }
}

TEST_CASE("midgame8 with Multi-ProbCut: a side near a wipe-out is searched, not cut", "[train8][midgame8]") {
    // From a game lost 0-23 to smartest (seed 5, game 6), White to move with 2 discs against 19. Every
    // move loses every disc within five plies, but the evaluation scores White tens of discs ahead in
    // such positions, so the built-in cuts pruned the wipe-out: the search said +38 discs.
    const TextPosition p = parsePosition(
        "--------" "--------" "-X-XXX--" "--XXOX--" "--XXOX--" "-XXXXX--" "---X-X--" "--------" " O");
    REQUIRE(p.toMove == kWhite);
    const Position<8> pos = Position<8>::fromBoard(p.board, p.toMove);  // as search8 reads a board
    const std::uint64_t white = pos.P.w[0], black = pos.O.w[0];
    const eval8::Weights& w = eval8::Weights::builtin();
    Midgame8 full(w, nullptr, 16), selective(w, &builtinProbCut(), 16);
    const int wipedOut = -64 * eval8::kScale;
    CHECK(full.search(white, black, 5, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1).score == wipedOut);
    CHECK(selective.search(white, black, 5, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1).score == wipedOut);
}

TEST_CASE("train8 probcut: the same fits with one thread or two", "[train8]") {
    const std::string corpus = smallCorpus("probcut-corpus", 40, 9);
    train8::ProbCutFitOptions o;
    o.corpus = corpus;
    o.positions = 40;
    o.maxDepth = 5;
    o.minEmpties = 10;
    const std::string one = formatProbCut(train8::fitProbCut(o));
    o.jobs = 2;
    const std::string two = formatProbCut(train8::fitProbCut(o));
    CHECK(one == two);
    CHECK_FALSE(parseProbCut(one).empty());
    std::filesystem::remove_all(corpus);
}
