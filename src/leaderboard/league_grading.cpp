#include "leaderboard/league_grading.hpp"

#include <stdexcept>

#include "platform/printable.hpp"

namespace reversi {

namespace {

// The part of a grade's key that depends on the submission's files (names, sizes, modification times).
std::string filesPart(const std::string& key) {
    const std::size_t at = key.rfind("; files ");
    return at == std::string::npos ? std::string() : key.substr(at);
}

}  // namespace

std::string notEnteredReason(const SubmissionGrade& g) {
    if (g.lab != "part2") return "only Part 2 programs play in the leaderboard";
    if (g.program.empty())
        return "no program ran (" + (g.failures.empty() ? std::string("no result") : g.failures.front()) + ")";
    if (g.faultedGames < 0) return "its stored result predates fault counting: grade it again";
    if (g.casesRun == 0) return "no graded game ran";
    if (g.faultedGames > 0) {
        for (const std::string& f : g.failures)
            if (f.find("lost by a fault") != std::string::npos)
                return formatText("%d of its %d graded games ended by its fault: ", g.faultedGames, g.casesRun) + f;
        return formatText("%d of its %d graded games ended by its fault", g.faultedGames, g.casesRun);
    }
    const std::string now = filesPart(gradeKey(g.path, GradeOptions{}));
    if (now.empty() || now != filesPart(g.key)) return "its files changed since it was graded: grade it again";
    return {};
}

std::vector<GradedEntry> enterGraded(LeagueDb& db, const std::vector<SubmissionGrade>& grades, const AddOptions& options) {
    std::vector<GradedEntry> entered;
    for (const SubmissionGrade& g : grades) {
        GradedEntry e;
        e.name = g.name;
        e.problem = notEnteredReason(g);
        if (e.problem.empty()) {
            try {
                e.outcome = addEntry(db, g.name, g.path, options).outcome;
                e.entered = true;
            } catch (const std::invalid_argument& error) {
                e.problem = error.what();
            }
        }
        entered.push_back(std::move(e));
    }
    return entered;
}

}  // namespace reversi
