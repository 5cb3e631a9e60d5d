#include "leaderboard/league_cost.hpp"

#include <algorithm>

#include "leaderboard/league_schedule.hpp"
#include "platform/json_text.hpp"
#include "platform/printable.hpp"
#include "programs/grade_cost.hpp"

namespace reversi {

namespace {

// The latest games are enough for a rate, and reading them stays quick in a league of a million.
constexpr int kRateSample = 500;

double cpuSum(const std::string& json) {
    double sum = 0;
    try {
        for (const Json& s : parseJsonText(json))
            if (s.is_number()) sum += s.get<double>();
    } catch (const std::exception&) {  // a malformed list adds nothing
    }
    return sum;
}

std::string gamesCost(LeagueDb& db, std::int64_t games, int jobs) {
    const double measured = measuredGameSeconds(db);
    const int at = std::max(1, jobs);
    if (measured >= 0)
        return "about " + durationText(measured * static_cast<double>(games) / at);
    const LeagueSettings& s = db.settings();
    const double quick = quickGameSeconds(s.size), slow = quick + 2 * sideAtLimitSeconds(s.size, s.timeLimit);
    return "about " + durationText(quick * static_cast<double>(games) / at) + " to " +
           durationText(slow * static_cast<double>(games) / at);
}

}  // namespace

double measuredGameSeconds(LeagueDb& db) {
    LeagueStatement q = db.prepare("SELECT black_cpu, white_cpu FROM games ORDER BY id DESC LIMIT ?");
    q.bind(1, kRateSample);
    double total = 0;
    int games = 0;
    while (q.step()) {
        total += cpuSum(q.text(0)) + cpuSum(q.text(1));
        ++games;
    }
    return games == 0 ? -1 : total / games;
}

std::string leagueCostText(LeagueDb& db, std::int64_t games, int jobs) {
    const double measured = measuredGameSeconds(db);
    const LeagueSettings& s = db.settings();
    std::string why = measured >= 0
                          ? formatText("%.3f s of CPU a game, measured on the league's latest games", measured)
                          : formatText("no game measured yet: grading's estimate for %dx%d, from quick programs to "
                                       "two using their %g s a move",
                                       s.size, s.size, s.timeLimit);
    return formatText("%lld game%s: ", static_cast<long long>(games), games == 1 ? "" : "s") +
           gamesCost(db, games, jobs) + formatText(" at --jobs %d (", std::max(1, jobs)) + why + ")";
}

std::string leagueChoiceText(LeagueDb& db, int jobs) {
    const LeagueSettings& s = db.settings();
    const auto n = static_cast<std::int64_t>(scheduledEntries(db).size());
    const std::int64_t slots = std::max(1, s.openings);
    const std::int64_t full = n * (n - 1) * slots;
    std::string text = formatText("full round robin of %lld entries: %lld games, ", static_cast<long long>(n),
                                  static_cast<long long>(full)) +
                       gamesCost(db, full, jobs);
    if (s.finalists <= 0) return "the league plays the " + text + " (a league made with finalists K plays a "
                                                                  "qualifying stage and the top K instead)";
    const std::int64_t k = std::min<std::int64_t>(s.finalists, n);
    const std::int64_t qualifying = n * static_cast<std::int64_t>(kQualifierLadder.size()) * 2;
    const std::int64_t finals = k * (k - 1) * slots;
    return formatText("the league plays finalists: %lld qualifying games (each entry against greedy, smarter and "
                      "smartest, both colours) + %lld games among the top %lld = %lld games, ",
                      static_cast<long long>(qualifying), static_cast<long long>(finals), static_cast<long long>(k),
                      static_cast<long long>(qualifying + finals)) +
           gamesCost(db, qualifying + finals, jobs) + "; instead of the " + text;
}

}  // namespace reversi
