#include "programs/grade_cost.hpp"

#include <algorithm>
#include <cmath>

#include "platform/printable.hpp"

namespace reversi {

std::string durationText(double s) {
    if (s < 120) return formatText("%.0f s", s);
    if (s < 7200) return formatText("%.0f min", s / 60);
    return formatText("%.1f h", s / 3600);
}

double quickGameSeconds(int n) { return 0.07 * std::pow(n * n / 64.0, 1.85); }

double sideAtLimitSeconds(int n, double timeLimit) { return (n * n - 4) / 2.0 * timeLimit; }

std::string costEstimate(int count, const GradeOptions& options, int jobs) {
    // Measured on a 2-core machine (docs/results/grading-limits.md): a Part 2 submission of a quick
    // program (tests/grade/part2.c), compiling included, took 0.8 s for its 4 games at 8x8, 3.1 s at
    // 16x16 and 22 s at 26x26: the course's opponents take most of it, growing as the squares to the
    // power 1.85. One using its whole time adds its moves at the time limit. Lab 6 and Part 1: about
    // 0.6 s to compile and 0.03 s a case.
    double quick = 0, slow = 0;
    if (options.lab == GradedLab::kPart2) {
        quick = slow = 0.5;
        for (const int n : options.sizes) {
            const double game = quickGameSeconds(n);
            quick += 4 * game;
            slow += 4 * (game + sideAtLimitSeconds(n, options.timeLimit));
        }
    } else {
        quick = 0.6 + 0.03 * options.cases;
        slow = 0.6 + options.cases * std::min(options.caseCpuLimit, options.caseWallLimit);
    }
    const int at = std::max(1, jobs);
    return formatText("%d submission%s of %s at --jobs %d: about %s (a submission takes about %s, up to %s when its "
                      "program uses all the time it is allowed)",
                      count, count == 1 ? "" : "s", labName(options.lab), at,
                      (durationText(quick * count / at) + " to " + durationText(slow * count / at)).c_str(),
                      durationText(quick).c_str(), durationText(slow).c_str());
}

}  // namespace reversi
