// Fitting the 8x8 solver's ordering evaluation (order_eval8.hpp): positions from generated games, labelled
// with their exact endgame score by the solver, and a least-squares fit of the pattern weights to them.
// Front-end: `reversi fit8 generate` and `reversi fit8 train` (src/app/cmd_fit.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "platform/text_file.hpp"

namespace reversi::order_eval8 {

struct Sample {
    std::uint64_t P = 0, O = 0;  // side to move, opponent
    int score = 0;               // exact final disc difference for P
};

struct GenerateOptions {
    int games = 1000;
    std::uint64_t seed = 1;
    int minEmpties = 12;  // positions recorded from maxEmpties down to minEmpties
    int maxEmpties = 18;
    int openingPlies = 8;     // random plies at the start: at most this many (at least half)
    double randomMoves = 0.1; // chance of a random move after the opening
    int jobs = 1;
};

// Plays the games (a 2-ply searcher with a mobility-and-corners evaluation, random moves mixed in),
// records every position with minEmpties..maxEmpties empties and solves it exactly. progress(done),
// with the number of games finished by all threads, is called from the calling thread only, after
// each game that thread plays. The result depends on the seed alone, not on jobs.
std::vector<Sample> generateSamples(const GenerateOptions& options, const std::function<void(int)>& progress = {});

// One sample per line: 64 squares from a1 ('X' side to move, 'O' opponent, '-' empty), a space, the score.
void writeSamples(std::ostream& out, const std::vector<Sample>& samples);
// The limits of a samples file: lines of 256 characters, 4 GiB in all.
inline constexpr TextLimits kSampleFileLimits{256, std::size_t{4} << 30};
// Reads what writeSamples wrote, within kSampleFileLimits; throws std::runtime_error naming `name` and
// the line ("games.txt:12: expected 64 squares...") on a malformed or over-long line.
std::vector<Sample> readSamples(std::istream& in, const std::string& name = "input");
// The memory fitWeights takes for that many samples, to check before a fit.
std::uint64_t fitBytes(std::size_t samples);

struct FitOptions {
    int epochs = 60;
    double validationFraction = 0.1;  // the last part of the samples, for the reported error
    double learningRate = 0.02;      // per epoch, times the weight's mean error (under 2 / kInstances)
    double regularisation = 4.0;      // pseudo-count added to each weight's sample count
};

struct FitReport {
    int epoch = 0;
    double trainRms = 0, validationRms = 0;  // in discs
};

// Fits weights (in discs) to the samples, each taken in its 8 symmetric images; report() after each
// epoch. Returns weightCount() weights.
std::vector<double> fitWeights(const std::vector<Sample>& samples, const FitOptions& options,
                               const std::function<void(const FitReport&)>& report = {});

// The weights (in discs) as a weights file for weights/order_eval8.bin (scaled by kScale, rounded).
std::string encodeOrderWeights(const std::vector<double>& weights);

}  // namespace reversi::order_eval8
