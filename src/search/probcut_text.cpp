#include "search/probcut_text.hpp"

#include <sstream>
#include <stdexcept>

namespace reversi {

void readProbCutText(const std::string& text, const std::string& name, const std::string& keyNames, int keys, int maxDepth,
                     double& t, const std::function<bool(const ProbCutLine&)>& place) {
    std::istringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        if (line[0] == 't') {
            std::string word;
            if (!(words >> word >> t) || t <= 0) throw std::runtime_error(name + " line " + std::to_string(number) + ": bad t");
            continue;
        }
        ProbCutLine l;
        bool ok = true;
        for (int k = 0; k < keys; ++k) ok = ok && static_cast<bool>(words >> l.keys[static_cast<std::size_t>(k)]);
        ok = ok && (words >> l.depth >> l.shallow >> l.a >> l.b >> l.sigma);
        if (!ok || l.depth < 1 || l.depth > maxDepth || l.shallow < 0 || l.shallow >= l.depth || l.sigma < 0 || !place(l))
            throw std::runtime_error(name + " line " + std::to_string(number) + ": expected " + keyNames +
                                     " depth shallow a b sigma");
    }
}

}  // namespace reversi
