#include "tools/fit_eval8.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "eval/eval8.hpp"
#include "platform/splitmix.hpp"
#include "tools/labels8.hpp"

namespace reversi::train8 {

namespace {

constexpr int F = eval8::kFeatures;

struct Samples {
    std::vector<std::uint32_t> features;  // F per sample
    std::vector<float> target;            // label minus the prior's prediction, eval8 units
    std::vector<float> weight;
    std::size_t size() const { return target.size(); }
};

}  // namespace

void fitPhase(std::vector<std::int16_t>& packed, const std::vector<std::int16_t>& prior, const FitPhaseOptions& o,
              const std::function<void(const FitPhaseReport&)>& report) {
    const std::size_t per = eval8::layout().packedPerPhase;
    if (packed.size() != per * eval8::kPhases || prior.size() != per)
        throw std::invalid_argument("fitPhase: weight vectors of the wrong size");
    Samples train, held;
    std::uint32_t f[F];
    for (int phase = std::max(0, o.phase - o.overlap); phase <= std::min(eval8::kPhases - 1, o.phase + o.overlap); ++phase) {
        const float weight = phase == o.phase ? 1.0F : 0.5F;
        for (const Labelled& l : readPhaseLabels(o.labels, phase)) {
            eval8::packedFeatures(l.P, l.O, f);
            double predicted = 0;
            for (const std::uint32_t i : f) predicted += prior[i];
            // Held out: a fixed share of the phase's own positions, chosen by the position.
            const bool hold = phase == o.phase &&
                              static_cast<double>(splitmixFinalize(l.P * 31 + l.O) >> 11) * 0x1p-53 < o.validation;
            Samples& s = hold ? held : train;
            s.features.insert(s.features.end(), f, f + F);
            s.target.push_back(static_cast<float>(l.label - predicted));
            s.weight.push_back(weight);
        }
    }
    if (train.size() == 0) throw std::runtime_error("no labelled positions for phase " + std::to_string(o.phase));

    // Solve (X^T W X + lambda I) u = X^T W t for the change u from the prior, preconditioned by the diagonal.
    std::vector<double> u(per, 0), r(per, 0), z(per), p(per), q(per), diag(per, o.regularisation), xp(train.size());
    for (std::size_t s = 0; s < train.size(); ++s) {
        const std::uint32_t* fs = &train.features[s * F];
        for (int k = 0; k < F; ++k) {
            r[fs[k]] += train.weight[s] * train.target[s];
            diag[fs[k]] += train.weight[s];
        }
    }
    const auto multiply = [&](const std::vector<double>& v, std::vector<double>& out) {  // out = A v
        for (std::size_t s = 0; s < train.size(); ++s) {
            const std::uint32_t* fs = &train.features[s * F];
            double sum = 0;
            for (int k = 0; k < F; ++k) sum += v[fs[k]];
            xp[s] = sum * train.weight[s];
        }
        for (std::size_t i = 0; i < per; ++i) out[i] = o.regularisation * v[i];
        for (std::size_t s = 0; s < train.size(); ++s) {
            const std::uint32_t* fs = &train.features[s * F];
            for (int k = 0; k < F; ++k) out[fs[k]] += xp[s];
        }
    };
    const auto rms = [&](const Samples& s) {
        double sum = 0, weights = 0;
        for (std::size_t i = 0; i < s.size(); ++i) {
            const std::uint32_t* fs = &s.features[i * F];
            double predicted = 0;
            for (int k = 0; k < F; ++k) predicted += u[fs[k]];
            const double e = s.target[i] - predicted;
            sum += s.weight[i] * e * e;
            weights += s.weight[i];
        }
        return weights > 0 ? std::sqrt(sum / weights) / eval8::kScale : 0.0;
    };
    FitPhaseReport rep;
    rep.samples = train.size();
    rep.heldOut = held.size();
    rep.priorRms = rms(held);
    const auto emit = [&](int iteration) {
        rep.iteration = iteration;
        rep.trainRms = rms(train);
        rep.validationRms = rms(held);
        if (report) report(rep);
    };
    emit(0);
    for (std::size_t i = 0; i < per; ++i) p[i] = z[i] = r[i] / diag[i];
    double rz = 0;
    for (std::size_t i = 0; i < per; ++i) rz += r[i] * z[i];
    for (int it = 1; it <= o.iterations && rz > 1e-12; ++it) {
        multiply(p, q);
        double pq = 0;
        for (std::size_t i = 0; i < per; ++i) pq += p[i] * q[i];
        const double alpha = rz / pq;
        for (std::size_t i = 0; i < per; ++i) {
            u[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            z[i] = r[i] / diag[i];
        }
        double rzNext = 0;
        for (std::size_t i = 0; i < per; ++i) rzNext += r[i] * z[i];
        const double beta = rzNext / rz;
        rz = rzNext;
        for (std::size_t i = 0; i < per; ++i) p[i] = z[i] + beta * p[i];
        if (it % 10 == 0 || it == o.iterations) emit(it);
    }
    std::int16_t* out = packed.data() + static_cast<std::size_t>(o.phase) * per;
    for (std::size_t i = 0; i < per; ++i)
        out[i] = static_cast<std::int16_t>(std::clamp<long>(std::lround(prior[i] + u[i]), INT16_MIN, INT16_MAX));
}

}  // namespace reversi::train8
