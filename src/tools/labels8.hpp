// Labels for the 8x8 evaluation's training: the positions of one game phase from a corpus
// (corpus8.hpp), each with a search value: the exact final margin where few enough squares are empty,
// else the value of a fixed-depth search whose leaves are evaluated with the weights fitted so far (the
// later phases', which is why phases are labelled and fitted from the end of the game backward), or,
// with corpusValues, the value the corpus's own engine found when it played the position (free, so a
// phase can have as many labels as the corpus has positions; its leaves used the built-in weights).
//
// Output: DIR/phase-PP/chunk-NNNN.lab, each chunk written whole, so that a stopped run resumes at the
// first missing chunk. A chunk file: "RV8LAB02", u32 count, u32 reserved, then per position P, O (u64),
// the label (int16, eval8 units: 1/eval8::kScale disc, from the side to move's point of view) and the
// game it was found in (u32, the corpus's hash of the game), so that a fit can hold out whole games.
// Chunks of the first format ("RV8LAB01", without the game) are still read, with game 0.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace reversi::train8 {

struct Labelled {
    std::uint64_t P = 0, O = 0;
    std::int16_t label = 0;
    std::uint32_t game = 0;  // the corpus's hash of the game (of its first occurrence); 0: not recorded
};

struct LabelOptions {
    std::vector<std::string> corpora;  // corpus directories (a position in two counts once)
    std::string out;             // labels directory
    std::string weights;         // weights file for the leaves (empty: the built-in weights)
    int phase = 0;               // eval8 phase: the positions with 2 * phase or 2 * phase + 1 empties
    int exactEmpties = 15;       // at or below: solved exactly
    int depth = 6;               // above: the search depth (0: the static evaluation itself)
    bool probCut = false;        // the search with the engine's Multi-ProbCut (weights/probcut8.txt)
    bool corpusValues = false;   // above exactEmpties: the corpus's recorded values, no search
    int maxPositions = 300000;   // distinct positions labelled at most (a seeded choice among them)
    int chunk = 10000;
    std::uint64_t seed = 1;
    int jobs = 1;
};

// Labels the phase's positions that are not labelled yet; progress(chunksDone, chunksTotal).
void labelPhase(const LabelOptions& options, const std::function<void(int, int)>& progress = {});

// Every label of a phase directory (DIR/phase-PP).
std::vector<Labelled> readPhaseLabels(const std::string& dir, int phase);

}  // namespace reversi::train8
