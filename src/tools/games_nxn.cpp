#include "tools/games_nxn.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "engine/engine.hpp"
#include "platform/splitmix.hpp"
#include "platform/text_file.hpp"
#include "rules/game_record.hpp"
#include "tools/resumable_blocks.hpp"

namespace reversi::train_nxn {

namespace {

constexpr char kMagic[8] = {'R', 'V', 'N', 'G', 'A', 'M', '0', '1'};

std::string sizeDir(const std::string& dir, int size) { return (std::filesystem::path(dir) / std::to_string(size)).string(); }

std::string blockName(const std::string& dir, int block) { return numberedFile(dir, "block-", 5, block, ".games"); }

void put16(std::string& out, unsigned v) {
    out += static_cast<char>(v & 0xFF);
    out += static_cast<char>(v >> 8);
}
void put32(std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out += static_cast<char>(v >> (8 * i));
}

std::vector<Move> playGame(const GamesOptions& o, std::uint64_t seed, EngineMover& engine) {
    std::uint64_t rng = seed;
    const int span = std::max(0, o.openingMax - o.openingMin);
    const int opening = o.openingMin + static_cast<int>(splitmixNext(rng) % static_cast<std::uint64_t>(span + 1));
    Board board(o.size);
    char toMove = kBlack;
    std::vector<Move> moves;
    for (int ply = 0;; ++ply) {
        if (!board.hasLegalMove(toMove)) {
            toMove = opponentOf(toMove);
            if (!board.hasLegalMove(toMove)) break;
        }
        Move move;
        if (ply < opening || static_cast<double>(splitmixNext(rng) >> 11) * 0x1p-53 < o.randomMoveRate) {
            const auto legal = board.legalMoves(toMove);
            move = legal[static_cast<std::size_t>(splitmixNext(rng) % legal.size())];
        } else {
            move = engine.chooseMove(board, toMove);
        }
        board.applyMove(move.row, move.col, toMove);
        moves.push_back(move);
        toMove = opponentOf(toMove);
    }
    return moves;
}

}  // namespace

void generateGames(const GamesOptions& o, const std::function<void(int, int)>& progress) {
    if (!isValidSize(o.size)) throw std::invalid_argument("size must be an even number from 4 to 26");
    const std::string dir = sizeDir(o.dir, o.size);
    std::filesystem::create_directories(dir);
    const int blocks = (o.games + o.blockGames - 1) / o.blockGames;
    const auto newMaker = [&o]() -> BlockMaker {
        EngineOptions engineOptions;
        engineOptions.maxDepth = o.depth;
        engineOptions.moveTime = 60;  // the depth decides; the time is only a guard
        engineOptions.evaluation = o.learned ? Evaluation::kDefault : Evaluation::kHand;
        auto engine = std::make_shared<EngineMover>(engineOptions);
        return [&o, engine](int b) {
            const int first = b * o.blockGames, games = std::min(o.blockGames, o.games - first);
            std::string bytes(kMagic, 8);
            put32(bytes, static_cast<std::uint32_t>(o.size));
            put32(bytes, static_cast<std::uint32_t>(games));
            for (int g = first; g < first + games; ++g) {
                const auto moves = playGame(o, mixSeed(mixSeed(o.seed, static_cast<std::uint64_t>(o.size)), static_cast<std::uint64_t>(g)), *engine);
                put16(bytes, static_cast<unsigned>(moves.size()));
                for (const Move m : moves) put16(bytes, static_cast<unsigned>(m.row * o.size + m.col));
            }
            return bytes;
        };
    };
    makeMissingBlocks(blocks, o.jobs, [&dir](int b) { return blockName(dir, b); }, newMaker, progress);
}

std::vector<GameMoves> readGames(const std::string& dir, int size) {
    std::vector<GameMoves> games;
    for (const std::string& f : filesEndingIn(sizeDir(dir, size), ".games")) {
        const std::string bytes = readWholeFile(f);
        std::size_t at = 0;
        const auto need = [&](std::size_t n) {
            if (bytes.size() - at < n) throw std::runtime_error(f + ": truncated games block");
        };
        const auto get = [&](int width) {
            need(static_cast<std::size_t>(width));
            std::uint32_t v = 0;
            for (int i = 0; i < width; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at++])) << (8 * i);
            return v;
        };
        need(8);
        if (std::memcmp(bytes.data(), kMagic, 8) != 0) throw std::runtime_error(f + ": not a games block");
        at = 8;
        if (static_cast<int>(get(4)) != size) throw std::runtime_error(f + ": games of another size");
        const std::uint32_t count = get(4);
        for (std::uint32_t g = 0; g < count; ++g) {
            GameMoves game;
            game.size = size;
            const std::uint32_t n = get(2);
            for (std::uint32_t k = 0; k < n; ++k) {
                const int sq = static_cast<int>(get(2));
                if (sq >= size * size) throw std::runtime_error(f + ": a square off the board");
                game.moves.push_back({sq / size, sq % size});
            }
            games.push_back(std::move(game));
        }
        if (at != bytes.size()) throw std::runtime_error(f + ": trailing bytes in a games block");
    }
    return games;
}

std::pair<Board, char> positionAt(const GameMoves& game, int ply) {
    const Replay replay = replayGame(game.size, std::vector<Move>(game.moves.begin(), game.moves.begin() + ply));
    return {replay.steps.empty() ? replay.start : replay.steps.back().after, replay.toMove};
}

}  // namespace reversi::train_nxn
