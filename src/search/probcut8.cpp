#include "search/probcut8.hpp"

#include <cstdio>
#include <sstream>
#include <stdexcept>

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
    std::istringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        if (line[0] == 't') {
            std::string t;
            if (!(words >> t >> p.t) || p.t <= 0) throw std::runtime_error("probcut line " + std::to_string(number) + ": bad t");
            continue;
        }
        int phase, depth, shallow;
        float a, b, sigma;
        if (!(words >> phase >> depth >> shallow >> a >> b >> sigma) || phase < 0 || phase >= ProbCut8::kPhases ||
            depth < 1 || depth > ProbCut8::kMaxDepth || shallow < 0 || shallow >= depth || sigma < 0)
            throw std::runtime_error("probcut line " + std::to_string(number) + ": expected phase depth shallow a b sigma");
        p.fits[static_cast<std::size_t>(phase)][static_cast<std::size_t>(depth)] = {static_cast<std::int8_t>(shallow), a, b, sigma};
    }
    return p;
}

}  // namespace reversi
