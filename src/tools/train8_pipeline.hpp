// The 8x8 evaluation's training steps that work on weights files: one phase fitted from a file to a
// file, and the whole pipeline (`reversi train8 run`): every phase from the end of the game backward,
// labelled with the weights fitted so far, then fitted and saved. The weights after phase K are
// WORK/weights-KK.bin; a phase whose file exists is done, so a stopped run resumes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eval/eval8.hpp"
#include "tools/fit_eval8.hpp"
#include "tools/labels8.hpp"

namespace reversi::train8 {

// The packed weights of every phase in an eval8 weights file, or zeros for "" (a fit from nothing).
std::vector<std::int16_t> readPackedWeights(const std::string& path);

// The prior of a phase's fit: the next later phase's weights (fitted just before, going backward), or
// the phase's own when `same`, or zeros for the first phase.
std::vector<std::int16_t> priorOf(const std::vector<std::int16_t>& packed, int phase, bool same);

using FitReporter = std::function<void(int phase, const FitPhaseReport&)>;

// Fits fit.phase of the weights in `weights` ("" for zeros) and writes them all whole to `out`.
void fitPhaseFile(const std::string& weights, const std::string& out, const FitPhaseOptions& fit, bool priorSame,
                  const FitReporter& report);

struct PipelineOptions {
    LabelOptions label;
    FitPhaseOptions fit;
    std::string work;
    int firstPhase = 0, lastPhase = eval8::kPhases - 1;
};

// Runs the pipeline; returns the file of the weights after the last phase.
std::string runPipeline(const PipelineOptions& options, const std::function<void(int phase, int done, int total)>& chunks,
                        const FitReporter& report);

}  // namespace reversi::train8
