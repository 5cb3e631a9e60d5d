// Training corpora for the 8x8 evaluation: positions from seeded games (a random opening, then a fixed-
// depth engine with random moves mixed in), written in blocks of games so that a long run can stop and
// resume, and so that two threads can share the work. The same seed always gives the same blocks,
// whatever the number of threads and however often the run was resumed.
//
// A block file `DIR/block-NNNNN.pos` holds the positions of games [N * blockGames, (N+1) * blockGames):
// a 16-byte header ("RV8POS02", the game count, the record count) and one 20-byte record per position
// in which the side to move has a legal move: P and O (side to move, opponent, little-endian words), the
// game's final margin from the side to move's point of view (int8), the number of empty squares, and
// the value of the engine's search that chose the move (int16, eval8 units: 1/32 disc; -32768 where
// the move was random or the only one, which the engine plays unsearched). The value is a free label:
// the search ran anyway to play the game.
// Blocks of the first format ("RV8POS01", 18-byte records without the value) are still read.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace reversi::train8 {

struct CorpusPosition {
    static constexpr std::int16_t kNoValue = -32768;
    std::uint64_t P = 0, O = 0;
    std::int8_t finalMargin = 0;  // of the game as it was played (not a search value)
    std::uint8_t empties = 0;
    std::int16_t value = kNoValue;  // the engine's search value here (eval8 units), if it chose the move
    std::uint32_t game = 0;  // on reading: a hash of the whole game, the same for each of its positions
};

struct CorpusOptions {
    std::string dir;
    int games = 10000;
    std::uint64_t seed = 1;
    int openingMin = 2;             // random plies at the start: uniform in [openingMin, openingMax]
    int openingMax = 12;
    double randomMoveRate = 0.08;   // chance of a uniformly random move after the opening
    int depth = 3;                  // the engine's fixed search depth for the other moves
    int blockGames = 1000;
    int jobs = 1;
};

// Plays the games of every block that is not in options.dir yet and writes each block when it is
// complete (whole, through a temporary file and a rename). progress(blocksDone, blocksTotal) is called
// from the calling thread. Throws std::runtime_error on I/O errors.
void generateCorpus(const CorpusOptions& options, const std::function<void(int, int)>& progress = {});

// Reads one block file; throws std::runtime_error when it is not a whole block. A game's positions are
// consecutive with ever fewer empties, so a record with no fewer empties than the one before starts a
// new game: each position's game is a hash of the positions of the game it is in (never 0).
std::vector<CorpusPosition> readCorpusBlock(const std::string& path);
// The block files of a corpus directory, in block order.
std::vector<std::string> corpusBlocks(const std::string& dir);

}  // namespace reversi::train8
