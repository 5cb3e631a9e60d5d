#include "tools/probcut_regression.hpp"

#include <cmath>
#include <cstdint>
#include <cstddef>

namespace reversi::train {

ProbCutFits fitProbCutPhase(const std::vector<std::vector<int>>& values, int fitDepth) {
    ProbCutFits fits{};
    ProbCut8::Fit deepest;
    int deepestDepth = 0;
    for (int depth = 2; depth <= ProbCut8::kMaxDepth; ++depth) {
        const int s = probCutShallowDepth(depth);
        ProbCut8::Fit& fit = fits[static_cast<std::size_t>(depth)];
        if (depth <= fitDepth) {
            std::vector<std::pair<double, double>> pairs;  // shallow, deep
            for (const auto& v : values) {
                if (static_cast<int>(v.size()) <= depth) continue;
                const int x = v[static_cast<std::size_t>(s)], y = v[static_cast<std::size_t>(depth)];
                if (x != kNoSearchValue && y != kNoSearchValue) pairs.push_back({x, y});
            }
            if (pairs.size() < 30) continue;  // too few positions: no cut
            const double n = static_cast<double>(pairs.size());
            double sx = 0, sy = 0, sxx = 0, sxy = 0;
            for (const auto& [x, y] : pairs) sx += x, sy += y, sxx += x * x, sxy += x * y;
            const double var = sxx - sx * sx / n;
            const double a = var > 0 ? (sxy - sx * sy / n) / var : 1.0;
            const double b = (sy - a * sx) / n;
            double e2 = 0;
            for (const auto& [x, y] : pairs) e2 += (y - (a * x + b)) * (y - (a * x + b));
            fit = {static_cast<std::int8_t>(s), static_cast<float>(a), static_cast<float>(b), static_cast<float>(std::sqrt(e2 / n))};
            deepest = fit;
            deepestDepth = depth;
        } else if (deepestDepth > 0) {
            const double gap = depth - s, deepestGap = deepestDepth - deepest.shallow;
            fit = {static_cast<std::int8_t>(s), deepest.a, deepest.b, static_cast<float>(deepest.sigma * std::sqrt(gap / deepestGap))};
        }
    }
    return fits;
}

void fitProbCutPhases(const std::vector<int>& phaseOf, const std::vector<std::vector<int>>& values, int phases,
                      int fitDepth, const std::function<void(int, const ProbCutFits&)>& fit) {
    for (int phase = 0; phase < phases; ++phase) {
        std::vector<std::vector<int>> ofPhase;
        for (std::size_t i = 0; i < values.size(); ++i)
            if (phaseOf[i] == phase) ofPhase.push_back(values[i]);
        fit(phase, fitProbCutPhase(ofPhase, fitDepth));
    }
}

}  // namespace reversi::train
