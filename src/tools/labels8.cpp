#include "tools/labels8.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <unordered_set>

#include "bitboard/bitboard8.hpp"
#include "eval/eval8.hpp"
#include "platform/atomic_file.hpp"
#include "platform/splitmix.hpp"
#include "platform/text_file.hpp"
#include "search/endgame8.hpp"
#include "search/midgame8.hpp"
#include "search/probcut8.hpp"
#include "tools/corpus8.hpp"
#include "tools/position_records.hpp"
#include "tools/resumable_blocks.hpp"

namespace reversi::train8 {

namespace {

using u64 = std::uint64_t;
constexpr RecordMagic kMagic = {'R', 'V', '8', 'L', 'A', 'B', '0', '2'};
constexpr RecordMagic kMagicWithoutGames = {'R', 'V', '8', 'L', 'A', 'B', '0', '1'};

std::string phaseDir(const std::string& dir, int phase) { return numberedFile(dir, "phase-", 2, phase, ""); }
std::string chunkName(const std::string& dir, int chunk) { return numberedFile(dir, "chunk-", 4, chunk, ".lab"); }

eval8::Weights loadWeights(const std::string& path) {
    if (path.empty()) return eval8::Weights::builtin();
    const std::string bytes = readWholeFile(path);
    try {
        return eval8::Weights(decodeWeights(bytes.data(), bytes.size()));
    } catch (const std::exception& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

// A phase's position, with the corpus's value of it where the labels take that.
struct PhasePosition {
    u64 P, O;
    std::int16_t value;
    std::uint32_t game;
};

// Whether the corpus's value of p came from a search. The engine plays a forced move unsearched, so a
// value recorded there (0, by an early build of the corpus tool) is none and the position is left out.
bool searchedValue(const CorpusPosition& p) {
    return p.value != CorpusPosition::kNoValue && std::popcount(bb8::moves(p.P, p.O)) > 1;
}

// The distinct positions of the phase, in a seeded order (the same for the same corpus and seed). With
// corpus values, only positions that have one (or are solved), each with its first occurrence's value
// and game.
std::vector<PhasePosition> phasePositions(const LabelOptions& o) {
    std::unordered_set<u64> seen;
    std::vector<PhasePosition> positions;
    for (const std::string& corpus : o.corpora)
        for (const std::string& block : corpusBlocks(corpus))
            for (const CorpusPosition& p : readCorpusBlock(block)) {
                if (eval8::phaseOf(p.empties) != o.phase) continue;
                if (o.corpusValues && p.empties > o.exactEmpties && !searchedValue(p)) continue;
                const u64 key = splitmixFinalize(p.P ^ splitmixFinalize(p.O));
                if (seen.insert(key).second) positions.push_back({p.P, p.O, p.value, p.game});
            }
    std::sort(positions.begin(), positions.end(), [&](const PhasePosition& a, const PhasePosition& b) {
        return mixSeed(o.seed, a.P ^ splitmixFinalize(a.O)) < mixSeed(o.seed, b.P ^ splitmixFinalize(b.O));
    });
    if (static_cast<int>(positions.size()) > o.maxPositions) positions.resize(static_cast<std::size_t>(o.maxPositions));
    return positions;
}

std::string encodeChunk(const std::vector<Labelled>& labels) {
    std::vector<PositionRecord> records;
    for (const Labelled& l : labels) {
        const auto v = static_cast<std::uint16_t>(l.label);
        PositionRecord r{l.P, l.O, {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8)}};
        for (int i = 0; i < 4; ++i) r.extra[static_cast<std::size_t>(2 + i)] = static_cast<std::uint8_t>(l.game >> (8 * i));
        records.push_back(r);
    }
    return encodePositionRecords(kMagic, static_cast<std::uint32_t>(labels.size()), 0, records, 6);
}

std::vector<Labelled> decodeChunk(const std::string& bytes, const std::string& path) {
    const bool withGames = !hasRecordMagic(bytes, kMagicWithoutGames);
    std::vector<Labelled> out;
    for (const PositionRecord& r : decodePositionRecords(bytes, withGames ? kMagic : kMagicWithoutGames, 8, path,
                                                         "label chunk", withGames ? 6 : 2)) {
        std::uint32_t game = 0;
        for (int i = 0; withGames && i < 4; ++i) game |= static_cast<std::uint32_t>(r.extra[static_cast<std::size_t>(2 + i)]) << (8 * i);
        out.push_back({r.P, r.O, static_cast<std::int16_t>(static_cast<std::uint16_t>(r.extra[0] | r.extra[1] << 8)), game});
    }
    return out;
}

// The chunks are slices of the phase's list of positions: a resumed run must see the same list and
// settings, or it would mix two. The first run writes them to DIR/manifest.txt; a later one checks them.
void checkManifest(const std::string& dir, const LabelOptions& o, const std::vector<PhasePosition>& positions) {
    u64 listHash = mixSeed(o.seed, positions.size());
    for (const PhasePosition& p : positions) listHash = mixSeed(listHash, p.P ^ splitmixFinalize(p.O));
    const std::string manifest = (std::filesystem::path(dir) / "manifest.txt").string();
    char text[160];
    // "probcut" and "corpus-values" only when on; "games": the chunks record their games, so a run of an
    // earlier build (chunks without them) is not resumed into a mix that a fit would hold out two ways.
    std::snprintf(text, sizeof text, "positions %zu list %016llx exact-empties %d depth %d chunk %d%s%s games\n", positions.size(),
                  static_cast<unsigned long long>(listHash), o.exactEmpties, o.corpusValues ? 0 : o.depth, o.chunk,
                  o.probCut && !o.corpusValues ? " probcut" : "", o.corpusValues ? " corpus-values" : "");
    if (std::filesystem::exists(manifest)) {
        if (readWholeFile(manifest) != text)
            throw std::runtime_error(dir + " was labelled from another corpus or with other settings (" + manifest +
                                     "); remove the directory to label the phase again");
    } else {
        writeFileAtomically(manifest, text);
    }
}

struct Searchers {
    Midgame8 search;
    EndgameSolver8 solver;
};

// A position's label: solved exactly with few enough empties, else the corpus's value or searched (or
// just evaluated at depth 0).
int labelOf(Searchers& w, const PhasePosition& p, const LabelOptions& o) {
    const u64 P = p.P, O = p.O;
    const int empties = 64 - std::popcount(P | O);
    if (empties <= o.exactEmpties) return w.solver.solve(P, O).score * eval8::kScale;
    if (o.corpusValues) return p.value;
    if (o.depth == 0) return w.search.evaluate(P, O);  // the evaluation itself (for checking fits)
    w.search.newSearch();
    return w.search.search(P, O, o.depth, -Midgame8::kMaxScore - 1, Midgame8::kMaxScore + 1).score;
}

}  // namespace

void labelPhase(const LabelOptions& o, const std::function<void(int, int)>& progress) {
    const eval8::Weights weights = loadWeights(o.weights);
    const auto positions = phasePositions(o);
    const std::string dir = phaseDir(o.out, o.phase);
    std::filesystem::create_directories(dir);
    checkManifest(dir, o, positions);
    const auto chunk = static_cast<std::size_t>(o.chunk);
    const int chunks = static_cast<int>((positions.size() + chunk - 1) / chunk);
    const auto newLabeller = [&]() -> BlockMaker {
        const ProbCut8* cuts = o.probCut ? &builtinProbCut() : nullptr;
        const std::shared_ptr<Searchers> w(new Searchers{Midgame8(weights, cuts, 20), EndgameSolver8(20)});
        return [&, w](int c) {
            // A chunk's labels depend on its positions alone, not on what this thread labelled before.
            w->search.clear();
            std::vector<Labelled> labels;
            const std::size_t first = static_cast<std::size_t>(c) * chunk;
            for (std::size_t k = first; k < std::min(positions.size(), first + chunk); ++k)
                labels.push_back({positions[k].P, positions[k].O, static_cast<std::int16_t>(labelOf(*w, positions[k], o)), positions[k].game});
            return encodeChunk(labels);
        };
    };
    makeMissingBlocks(chunks, o.jobs, [&dir](int c) { return chunkName(dir, c); }, newLabeller, progress);
}

std::vector<Labelled> readPhaseLabels(const std::string& dir, int phase) {
    std::vector<Labelled> all;
    for (const std::string& f : filesEndingIn(phaseDir(dir, phase), ".lab")) {
        const auto part = decodeChunk(readWholeFile(f), f);
        all.insert(all.end(), part.begin(), part.end());
    }
    return all;
}

}  // namespace reversi::train8
