#include "tools/fit_eval8.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "eval/eval8.hpp"
#include "platform/splitmix.hpp"
#include "tools/labels8.hpp"
#include "tools/linear_fit.hpp"

namespace reversi::train8 {

bool heldOut(const Labelled& l, double validation) {
    const std::uint64_t key = l.game != 0 ? mixSeed(0x9a3e, l.game) : splitmixFinalize(l.P * 31 + l.O);
    return static_cast<double>(key >> 11) * 0x1p-53 < validation;
}

void fitPhase(std::vector<std::int16_t>& packed, const std::vector<std::int16_t>& prior, const FitPhaseOptions& o,
              const std::function<void(const FitPhaseReport&)>& report) {
    const std::size_t per = eval8::layout().packedPerPhase;
    if (packed.size() != per * eval8::kPhases || prior.size() != per)
        throw std::invalid_argument("fitPhase: weight vectors of the wrong size");
    train::SparseSamples trainSet(eval8::kFeatures, 0), held(eval8::kFeatures, 0);
    std::uint32_t f[eval8::kFeatures];
    for (int phase = std::max(0, o.phase - o.overlap); phase <= std::min(eval8::kPhases - 1, o.phase + o.overlap); ++phase) {
        const float weight = phase == o.phase ? 1.0F : 0.5F;
        for (const Labelled& l : readPhaseLabels(o.labels, phase)) {
            // A neighbour's held-out positions train no phase: in a chain of fits its held-out error
            // would otherwise be measured on positions its prior (this phase's weights) was fitted to.
            const bool hold = heldOut(l, o.validation);
            if (hold && phase != o.phase) continue;
            eval8::packedFeatures(l.P, l.O, f);
            double predicted = 0;
            for (const std::uint32_t i : f) predicted += prior[i];
            const float noReals[1] = {0};
            (hold ? held : trainSet).add(f, noReals, static_cast<float>(l.label - predicted), weight);
        }
    }
    if (trainSet.size() == 0) throw std::runtime_error("no labelled positions for phase " + std::to_string(o.phase));
    FitPhaseReport rep;
    rep.samples = trainSet.size();
    rep.heldOut = held.size();
    rep.priorRms = held.rms(std::vector<double>(per, 0)) / eval8::kScale;
    const std::vector<double> u = train::fitLinear(trainSet, held, per, o.regularisation, o.iterations, [&](const train::LinearFitReport& r) {
        rep.iteration = r.iteration;
        rep.trainRms = r.trainRms / eval8::kScale;
        rep.validationRms = r.validationRms / eval8::kScale;
        if (report) report(rep);
    });
    std::int16_t* out = packed.data() + static_cast<std::size_t>(o.phase) * per;
    for (std::size_t i = 0; i < per; ++i)
        out[i] = static_cast<std::int16_t>(std::clamp<long>(std::lround(prior[i] + u[i]), INT16_MIN, INT16_MAX));
}

}  // namespace reversi::train8
