// The 8x8 training steps on weights files (train8_pipeline.hpp).
#include "tools/train8_pipeline.hpp"

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "eval/weights_file.hpp"
#include "platform/atomic_file.hpp"
#include "platform/text_file.hpp"

namespace reversi::train8 {

std::vector<std::int16_t> readPackedWeights(const std::string& path) {
    if (path.empty()) return std::vector<std::int16_t>(static_cast<std::size_t>(eval8::kPhases) * eval8::layout().packedPerPhase, 0);
    const std::string bytes = readWholeFile(path);
    WeightSet set = decodeWeights(bytes.data(), bytes.size());
    eval8::Weights check(set);  // the right evaluation and layout
    return set.weights;
}

std::vector<std::int16_t> priorOf(const std::vector<std::int16_t>& packed, int phase, bool same) {
    const std::size_t per = eval8::layout().packedPerPhase;
    if (!same && phase == 0) return std::vector<std::int16_t>(per, 0);
    const int from = same ? phase : phase - 1;
    return {packed.begin() + static_cast<std::ptrdiff_t>(per * static_cast<std::size_t>(from)),
            packed.begin() + static_cast<std::ptrdiff_t>(per * static_cast<std::size_t>(from + 1))};
}

void fitPhaseFile(const std::string& weights, const std::string& out, const FitPhaseOptions& fit, bool priorSame,
                  const FitReporter& report) {
    auto packed = readPackedWeights(weights);
    const auto prior = priorOf(packed, fit.phase, priorSame);
    fitPhase(packed, prior, fit, [&](const FitPhaseReport& r) { report(fit.phase, r); });
    writeFileAtomically(out, encodeWeights(eval8::packWeights(packed)));
}

std::string runPipeline(const PipelineOptions& s, const std::function<void(int phase, int done, int total)>& chunks,
                        const FitReporter& report) {
    std::filesystem::create_directories(s.work);
    const auto weightsAfter = [&](int phase) {
        char name[32];
        std::snprintf(name, sizeof name, "weights-%02d.bin", phase);
        return (std::filesystem::path(s.work) / name).string();
    };
    for (int phase = s.firstPhase; phase <= s.lastPhase; ++phase) {
        if (std::filesystem::exists(weightsAfter(phase))) continue;
        const std::string before = phase > 0 && std::filesystem::exists(weightsAfter(phase - 1)) ? weightsAfter(phase - 1) : "";
        if (phase > s.firstPhase && before.empty()) throw std::runtime_error("missing " + weightsAfter(phase - 1));
        LabelOptions label = s.label;
        label.phase = phase;
        label.weights = before;
        label.out = (std::filesystem::path(s.work) / "labels").string();
        if (before.empty() && phase > label.exactEmpties / 2 && !label.corpusValues)
            throw std::runtime_error("phase " + std::to_string(phase) + " needs the weights of the phases after it (start at 0)");
        labelPhase(label, [&](int done, int total) { chunks(phase, done, total); });
        FitPhaseOptions fit = s.fit;
        fit.phase = phase;
        fit.labels = label.out;
        fitPhaseFile(before, weightsAfter(phase), fit, false, report);
    }
    return weightsAfter(s.lastPhase);
}

}  // namespace reversi::train8
