#include "tools/corpus8.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "bitboard/bitboard8.hpp"
#include "bitboard/position.hpp"
#include "engine/engine.hpp"
#include "eval/eval8.hpp"
#include "eval/score.hpp"
#include "platform/splitmix.hpp"
#include "platform/text_file.hpp"
#include "tools/position_records.hpp"
#include "tools/resumable_blocks.hpp"

namespace reversi::train8 {

namespace {

using u64 = std::uint64_t;
constexpr RecordMagic kMagic = {'R', 'V', '8', 'P', 'O', 'S', '0', '2'};
constexpr RecordMagic kMagicWithoutValues = {'R', 'V', '8', 'P', 'O', 'S', '0', '1'};

// The search's value in eval8 units: exact results are in discs, the others in score units.
std::int16_t valueOf(const SearchReport& r) {
    const int v = r.exact ? r.score * eval8::kScale : r.score * eval8::kScale / kScorePerDisc;
    return static_cast<std::int16_t>(std::clamp(v, -64 * eval8::kScale, 64 * eval8::kScale));
}

std::string blockName(const std::string& dir, int block) { return numberedFile(dir, "block-", 5, block, ".pos"); }

int nthBit(u64 m, u64 n) {
    for (n %= static_cast<u64>(std::popcount(m)); n; --n) m &= m - 1;
    return std::countr_zero(m);
}

// One game: the positions (side to move has a move) and, at the end, every position's final margin.
void playGame(const CorpusOptions& o, u64 seed, EngineMover& engine, std::vector<CorpusPosition>& out) {
    u64 rng = seed;
    const int span = std::max(0, o.openingMax - o.openingMin);
    const int opening = o.openingMin + static_cast<int>(splitmixNext(rng) % static_cast<u64>(span + 1));
    Board board(8);
    char toMove = kBlack;
    const std::size_t first = out.size();
    std::vector<char> sides;
    for (int ply = 0;; ++ply) {
        if (!board.hasLegalMove(toMove)) {
            toMove = opponentOf(toMove);
            if (!board.hasLegalMove(toMove)) break;
        }
        const Position<8> pos = Position<8>::fromBoard(board, toMove);
        const u64 P = pos.P.w[0], O = pos.O.w[0];
        out.push_back({P, O, 0, static_cast<std::uint8_t>(64 - std::popcount(P | O)), CorpusPosition::kNoValue});
        sides.push_back(toMove);
        Move move;
        const bool random = ply < opening || static_cast<double>(splitmixNext(rng) >> 11) * 0x1p-53 < o.randomMoveRate;
        if (random) {
            move = squareToMove(8, nthBit(bb8::moves(P, O), splitmixNext(rng)));
        } else {
            move = engine.chooseMove(board, toMove);
            const SearchReport& r = engine.lastReport();
            if (r.depth > 0 || r.exact) out.back().value = valueOf(r);  // a forced move is played unsearched
        }
        board.applyMove(move.row, move.col, toMove);
        toMove = opponentOf(toMove);
    }
    const int black = board.count(kBlack), white = board.count(kWhite), empty = 64 - black - white;
    const int blackMargin = black > white ? black - white + empty : black < white ? black - white - empty : 0;
    for (std::size_t i = first; i < out.size(); ++i)
        out[i].finalMargin = static_cast<std::int8_t>(sides[i - first] == kBlack ? blackMargin : -blackMargin);
}

std::string encodeBlock(int games, const std::vector<CorpusPosition>& positions) {
    std::vector<PositionRecord> records;
    for (const CorpusPosition& p : positions) {
        const auto v = static_cast<std::uint16_t>(p.value);
        records.push_back({p.P, p.O, {static_cast<std::uint8_t>(p.finalMargin), p.empties, static_cast<std::uint8_t>(v),
                                      static_cast<std::uint8_t>(v >> 8)}});
    }
    return encodePositionRecords(kMagic, static_cast<std::uint32_t>(games), static_cast<std::uint32_t>(positions.size()),
                                 records, 4);
}

// Gives each position the hash of its game: of every position in it, in order (so two games share a
// hash only by a 32-bit collision, and the same game read again gets the same one).
void markGames(std::vector<CorpusPosition>& positions) {
    std::size_t first = 0;
    while (first < positions.size()) {
        std::size_t end = first + 1;
        while (end < positions.size() && positions[end].empties < positions[end - 1].empties) ++end;
        u64 hash = 0;
        for (std::size_t k = first; k < end; ++k) hash = mixSeed(hash, positions[k].P ^ splitmixFinalize(positions[k].O));
        const auto game = static_cast<std::uint32_t>(hash >> 32) | 1U;
        for (std::size_t k = first; k < end; ++k) positions[k].game = game;
        first = end;
    }
}

}  // namespace

void generateCorpus(const CorpusOptions& o, const std::function<void(int, int)>& progress) {
    std::filesystem::create_directories(o.dir);
    const int blocks = (o.games + o.blockGames - 1) / o.blockGames;
    const auto newMaker = [&o]() -> BlockMaker {
        EngineOptions engineOptions;
        engineOptions.maxDepth = o.depth;
        engineOptions.moveTime = 60;  // the depth decides; the time is only a guard
        auto engine = std::make_shared<EngineMover>(engineOptions);
        return [&o, engine](int b) {
            const int firstGame = b * o.blockGames, games = std::min(o.blockGames, o.games - firstGame);
            std::vector<CorpusPosition> positions;
            for (int g = firstGame; g < firstGame + games; ++g)
                playGame(o, mixSeed(o.seed, static_cast<u64>(g)), *engine, positions);
            return encodeBlock(games, positions);
        };
    };
    makeMissingBlocks(blocks, o.jobs, [&o](int b) { return blockName(o.dir, b); }, newMaker, progress);
}

std::vector<CorpusPosition> readCorpusBlock(const std::string& path) {
    const std::string bytes = readWholeFile(path);
    const bool withValues = !hasRecordMagic(bytes, kMagicWithoutValues);
    std::vector<CorpusPosition> positions;
    for (const PositionRecord& r : decodePositionRecords(bytes, withValues ? kMagic : kMagicWithoutValues, 12, path,
                                                         "corpus block", withValues ? 4 : 2)) {
        const auto value = withValues ? static_cast<std::int16_t>(static_cast<std::uint16_t>(r.extra[2] | r.extra[3] << 8))
                                      : CorpusPosition::kNoValue;
        positions.push_back({r.P, r.O, static_cast<std::int8_t>(r.extra[0]), r.extra[1], value});
    }
    markGames(positions);
    return positions;
}

std::vector<std::string> corpusBlocks(const std::string& dir) {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("block-", 0) == 0 && name.size() > 4 && name.substr(name.size() - 4) == ".pos")
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace reversi::train8
