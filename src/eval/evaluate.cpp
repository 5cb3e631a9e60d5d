#include "eval/evaluate.hpp"

#include <charconv>
#include <stdexcept>

namespace reversi {

const EvalWeights& defaultEvalWeights() {
    static const EvalWeights weights{};
    return weights;
}

namespace {
struct PairField {
    const char* name;
    EvalWeights::Pair EvalWeights::* pair;
};
constexpr PairField kPairs[] = {
    {"mobility", &EvalWeights::mobility}, {"potential", &EvalWeights::potential},
    {"frontier", &EvalWeights::frontier}, {"corner", &EvalWeights::corner},
    {"xSquare", &EvalWeights::xSquare},   {"cSquare", &EvalWeights::cSquare},
    {"edge", &EvalWeights::edge},         {"stable", &EvalWeights::stable},
};
struct IntField {
    const char* name;
    int EvalWeights::* value;
};
constexpr IntField kInts[] = {
    {"lateStartPercent", &EvalWeights::lateStartPercent},
    {"parity", &EvalWeights::parity},
    {"disc", &EvalWeights::disc},
    {"fewDiscs", &EvalWeights::fewDiscs},
    {"fewDiscsPercent", &EvalWeights::fewDiscsPercent},
    {"fewDiscsLimit", &EvalWeights::fewDiscsLimit},
    {"fewDiscsLimitPermille", &EvalWeights::fewDiscsLimitPermille},
    {"fewDiscsLearnedBig", &EvalWeights::fewDiscsLearnedBig},
};
}  // namespace

const std::vector<std::string>& weightNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const PairField& f : kPairs) {
            v.push_back(std::string(f.name) + ".open");
            v.push_back(std::string(f.name) + ".end");
        }
        for (const IntField& f : kInts) v.emplace_back(f.name);
        return v;
    }();
    return names;
}

int* weightRef(EvalWeights& w, const std::string& name) {
    for (const PairField& f : kPairs) {
        if (name == std::string(f.name) + ".open") return &(w.*(f.pair)).open;
        if (name == std::string(f.name) + ".end") return &(w.*(f.pair)).end;
    }
    for (const IntField& f : kInts)
        if (name == f.name) return &(w.*(f.value));
    return nullptr;
}

void applyWeights(EvalWeights& w, const std::string& assignments) {
    std::size_t start = 0;
    while (start < assignments.size()) {
        std::size_t comma = assignments.find(',', start);
        if (comma == std::string::npos) comma = assignments.size();
        const std::string item = assignments.substr(start, comma - start);
        start = comma + 1;
        if (item.empty()) continue;
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos) throw std::invalid_argument("weight \"" + item + "\": expected NAME=VALUE");
        int* ref = weightRef(w, item.substr(0, eq));
        if (!ref) throw std::invalid_argument("unknown weight \"" + item.substr(0, eq) + "\"");
        int value = 0;
        const char* first = item.data() + eq + 1;
        const char* last = item.data() + item.size();
        const auto [ptr, ec] = std::from_chars(first, last, value);
        if (ec != std::errc() || ptr != last || first == last)
            throw std::invalid_argument("weight \"" + item + "\": the value must be an integer");
        *ref = value;
    }
}

std::string formatWeights(const EvalWeights& w) {
    std::string out;
    EvalWeights copy = w;
    for (const std::string& name : weightNames()) {
        if (!out.empty()) out += ',';
        out += name + "=" + std::to_string(*weightRef(copy, name));
    }
    return out;
}

}  // namespace reversi
