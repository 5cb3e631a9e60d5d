#include "programs/grade_feedback.hpp"

#include <cstring>

#include "platform/printable.hpp"
#include "rules/game_record.hpp"

namespace reversi {

std::string firstDifference(const std::string& expected, const std::string& actual) {
    std::size_t a = 0, b = 0;
    for (int line = 1;; ++line) {
        const std::size_t ea = expected.find('\n', a), eb = actual.find('\n', b);
        const std::string x = expected.substr(a, ea == std::string::npos ? std::string::npos : ea - a);
        const std::string y = actual.substr(b, eb == std::string::npos ? std::string::npos : eb - b);
        const bool xEnd = a >= expected.size(), yEnd = b >= actual.size();
        if (xEnd && yEnd) return "the same lines, but not the same bytes";
        if (xEnd) return formatText("line %d: expected the end of the output, got ", line) + quotedExcerpt(y, 80);
        if (yEnd) return formatText("line %d: expected ", line) + quotedExcerpt(x, 80) + ", got the end of the output";
        if (x != y || (ea == std::string::npos) != (eb == std::string::npos)) {
            if (x == y)
                return formatText("line %d: ", line) + quotedExcerpt(x, 80) +
                       (ea == std::string::npos ? " should not end with a newline" : " does not end with a newline");
            return formatText("line %d: expected ", line) + quotedExcerpt(x, 80) + ", got " + quotedExcerpt(y, 80);
        }
        a = ea == std::string::npos ? expected.size() : ea + 1;
        b = eb == std::string::npos ? actual.size() : eb + 1;
    }
}

std::string signalText(int sig) {
    const char* abbreviation = sigabbrev_np(sig);
    const char* description = strsignal(sig);
    return abbreviation ? formatText("killed by SIG%s (%s)", abbreviation, description ? description : "")
                        : formatText("killed by signal %d", sig);
}

std::string crashReport(int sig, const std::string& output) {
    if (output.empty()) return signalText(sig) + " before it printed anything";
    std::size_t lines = 0;
    for (const char ch : output) lines += ch == '\n';
    const bool partial = output.back() != '\n';
    const std::size_t end = partial ? output.size() : output.size() - 1;  // past the last line's text
    const std::size_t newline = end == 0 ? std::string::npos : output.rfind('\n', end - 1);
    const std::size_t begin = newline == std::string::npos ? 0 : newline + 1;
    const std::string last = output.substr(begin, end - begin);
    return signalText(sig) +
           (partial ? formatText("; its output stopped in line %zu, after ", lines + 1)
                    : formatText("; its output stopped after line %zu, ", lines)) +
           quotedExcerpt(last, 80);
}

std::string replayableMoves(int size, const std::vector<Move>& moves) { return compactRecord(size, moves); }

}  // namespace reversi
