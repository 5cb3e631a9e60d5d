// Tuning the hand-set evaluation's weights by self-play matches (coordinate descent): `reversi tune`.
//
// For each weight in turn, two variants of the current weights (the weight raised and lowered by a
// step) each play a match against the current weights: seeded random openings, both colours from each,
// at the given sizes and move time. A variant that scores at least `accept` replaces the current
// weights. These are the hand-set evaluation's weights, used at every size but 8x8, whose evaluation is
// fitted; both sides play eval=hand.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace reversi::tune {

struct TuneOptions {
    std::vector<std::string> params;
    std::vector<int> sizes{10, 14};  // the hand-set evaluation plays every size but 8x8 (patterns there)
    int games = 20;
    int openingPlies = 8;
    double moveTime = 0.05;
    int jobs = 1;
    int rounds = 1;
    int stepPercent = 30;
    double accept = 0.55;
    std::uint64_t seed = 1;
    std::string start;
};

// Tunes from the defaults (with `start` applied), printing each match's score and each accepted
// weight on standard output, then the weights as NAME=VALUE,...; returns 0, or 2 after one line on
// standard error when a weight's name is unknown or a match cannot be played.
int tuneWeights(const TuneOptions& options);

}  // namespace reversi::tune
