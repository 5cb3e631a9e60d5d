#include "search/probcut_nxn.hpp"

#include <cstdio>

#include "search/probcut_text.hpp"

namespace reversi {

bool ProbCutN::has(int n) const {
    if (n < 6 || n > 26 || n % 2 != 0) return false;
    for (const auto& phase : fits[static_cast<std::size_t>(eval_nxn::sizeIndex(n))])
        for (const Fit& f : phase)
            if (f.shallow >= 0) return true;
    return false;
}

std::string formatProbCutN(const ProbCutN& p) {
    std::string out = "# Multi-ProbCut for the search of the sizes other than 8x8: size phase (twelfths of the game) "
                      "depth shallow a b sigma (score units)\nt " + std::to_string(p.t) + "\n";
    char line[160];
    for (int s = 0; s < eval_nxn::kSizes; ++s)
        for (int phase = 0; phase < eval_nxn::kPhases; ++phase)
            for (int depth = 0; depth <= ProbCutN::kMaxDepth; ++depth) {
                const ProbCutN::Fit& f = p.fits[static_cast<std::size_t>(s)][static_cast<std::size_t>(phase)][static_cast<std::size_t>(depth)];
                if (f.shallow < 0) continue;
                std::snprintf(line, sizeof line, "%d %d %d %d %.6f %.4f %.4f\n", 6 + 2 * s, phase, depth, f.shallow,
                              static_cast<double>(f.a), static_cast<double>(f.b), static_cast<double>(f.sigma));
                out += line;
            }
    return out;
}

ProbCutN parseProbCutN(const std::string& text) {
    ProbCutN p;
    readProbCutText(text, "probcutN", "size phase", 2, ProbCutN::kMaxDepth, p.t, [&p](const ProbCutLine& l) {
        const int size = l.keys[0], phase = l.keys[1];
        if (!eval_nxn::coversSize(size) || phase < 0 || phase >= eval_nxn::kPhases) return false;
        p.phase(size, phase)[static_cast<std::size_t>(l.depth)] = {static_cast<std::int8_t>(l.shallow), l.a, l.b, l.sigma};
        return true;
    });
    return p;
}

}  // namespace reversi
