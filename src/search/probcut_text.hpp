// The text form of the Multi-ProbCut fits (weights/probcut8.txt, weights/probcut_nxn.txt), read the same
// way at every size: '#' comments, one "t T" line, then one line per fit: the keys that place it (the
// phase at 8x8; the size and the phase elsewhere), then "depth shallow a b sigma".
#pragma once

#include <array>
#include <functional>
#include <string>

namespace reversi {

struct ProbCutLine {
    std::array<int, 2> keys{};  // the first `keys` numbers of the line
    int depth = 0;              // 1..maxDepth
    int shallow = 0;            // 0..depth - 1
    float a = 1, b = 0, sigma = 0;
};

// Reads `text`; `t` receives the t line's value. `place` files each fit line and returns false when its
// keys are out of range. Throws std::runtime_error "<name> line N: bad t" or "<name> line N: expected
// <keyNames> depth shallow a b sigma" on a malformed line.
void readProbCutText(const std::string& text, const std::string& name, const std::string& keyNames, int keys, int maxDepth,
                     double& t, const std::function<bool(const ProbCutLine&)>& place);

}  // namespace reversi
