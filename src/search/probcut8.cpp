#include "search/probcut8.hpp"

#include <cstdio>

#include "search/probcut_text.hpp"

namespace reversi {

bool ProbCut8::empty() const {
    for (const auto& phase : fits)
        for (const Fit& f : phase)
            if (f.shallow >= 0) return false;
    return true;
}

std::string formatProbCut(const ProbCut8& p) {
    std::string out = "# Multi-ProbCut for the 8x8 search: phase (4 empties each) depth shallow a b sigma\nt " +
                      std::to_string(p.t) + "\n";
    char line[128];
    for (int phase = 0; phase < ProbCut8::kPhases; ++phase)
        for (int depth = 0; depth <= ProbCut8::kMaxDepth; ++depth) {
            const ProbCut8::Fit& f = p.fits[static_cast<std::size_t>(phase)][static_cast<std::size_t>(depth)];
            if (f.shallow < 0) continue;
            std::snprintf(line, sizeof line, "%d %d %d %.6f %.4f %.4f\n", phase, depth, f.shallow, static_cast<double>(f.a),
                          static_cast<double>(f.b), static_cast<double>(f.sigma));
            out += line;
        }
    return out;
}

ProbCut8 parseProbCut(const std::string& text) {
    ProbCut8 p;
    readProbCutText(text, "probcut", "phase", 1, ProbCut8::kMaxDepth, p.t, [&p](const ProbCutLine& l) {
        const int phase = l.keys[0];
        if (phase < 0 || phase >= ProbCut8::kPhases) return false;
        p.fits[static_cast<std::size_t>(phase)][static_cast<std::size_t>(l.depth)] = {static_cast<std::int8_t>(l.shallow), l.a, l.b, l.sigma};
        return true;
    });
    return p;
}

}  // namespace reversi
