#include "leaderboard/league_schedule.hpp"

#include <algorithm>
#include <unordered_set>

namespace reversi {

namespace {

// A game's slot as one string, for sets of played and claimed games.
std::string slotKey(const std::string& stage, std::int64_t black, std::int64_t white, const std::string& opponent,
                    std::int64_t opening) {
    return stage + '|' + std::to_string(black) + '|' + std::to_string(white) + '|' + std::to_string(opening) + '|' +
           opponent;
}

std::string slotKey(const LeagueGame& g) { return slotKey(g.stage, g.black, g.white, g.opponent, g.openingIndex); }

// The slots of the rows a query returns as (stage, black, white, opponent, opening_index).
void addSlots(LeagueDb& db, const char* sql, std::unordered_set<std::string>& slots) {
    LeagueStatement q = db.prepare(sql);
    while (q.step()) slots.insert(slotKey(q.text(0), q.integer(1), q.integer(2), q.text(3), q.integer(4)));
}

// Games played by the entries as they are now (a replaced entry's old games do not count).
constexpr const char* kCurrentGames =
    " FROM games g LEFT JOIN entries b ON b.id = g.black LEFT JOIN entries w ON w.id = g.white"
    " WHERE (g.black = 0 OR b.version = g.black_version) AND (g.white = 0 OR w.version = g.white_version)";

int openingSlots(const LeagueSettings& s) { return std::max(1, s.openings); }

std::vector<ScheduledEntry> topEntries(LeagueDb& db, const std::vector<ScheduledEntry>& entries, int k) {
    std::vector<ScheduledEntry> top;
    for (const QualifierScore& q : qualifierStandings(db)) {
        if (static_cast<int>(top.size()) == k) break;
        for (const ScheduledEntry& e : entries)
            if (e.id == q.id) top.push_back(e);
    }
    return top;
}

// League games played at the current versions between entries of `among` (all when empty).
std::int64_t playedLeagueGames(LeagueDb& db, const std::vector<ScheduledEntry>& among, int slots) {
    std::string sql = std::string("SELECT count(*)") + kCurrentGames + " AND g.stage = 'league' AND g.opening_index < ?";
    if (!among.empty()) {
        std::string ids;
        for (const ScheduledEntry& e : among) {
            if (!ids.empty()) ids += ',';
            ids += std::to_string(e.id);
        }
        sql += " AND g.black IN (" + ids + ") AND g.white IN (" + ids + ")";
    }
    LeagueStatement q = db.prepare(sql);
    q.bind(1, slots);
    return q.step() ? q.integer(0) : 0;
}

}  // namespace

std::vector<ScheduledEntry> scheduledEntries(LeagueDb& db) {
    std::vector<ScheduledEntry> entries;
    LeagueStatement q = db.prepare("SELECT id, version FROM entries ORDER BY id");
    while (q.step()) entries.push_back({q.integer(0), q.integer(1)});
    return entries;
}

std::vector<LeagueGame> roundRobinGames(const std::vector<ScheduledEntry>& entries, int openings) {
    std::vector<LeagueGame> games;
    for (int k = 0; k < std::max(1, openings); ++k)
        for (const ScheduledEntry& a : entries)
            for (const ScheduledEntry& b : entries) {
                if (a.id == b.id) continue;
                LeagueGame g;
                g.black = a.id;
                g.white = b.id;
                g.blackVersion = a.version;
                g.whiteVersion = b.version;
                g.openingIndex = k;
                games.push_back(std::move(g));
            }
    return games;
}

std::vector<LeagueGame> qualifierGames(const std::vector<ScheduledEntry>& entries) {
    std::vector<LeagueGame> games;
    for (const ScheduledEntry& e : entries)
        for (const std::string& reference : kQualifierLadder)
            for (const bool entryBlack : {true, false}) {
                LeagueGame g;
                g.stage = "qualifier";
                g.opponent = reference;
                (entryBlack ? g.black : g.white) = e.id;
                (entryBlack ? g.blackVersion : g.whiteVersion) = e.version;
                games.push_back(std::move(g));
            }
    return games;
}

std::vector<QualifierScore> qualifierStandings(LeagueDb& db) {
    LeagueStatement q = db.prepare(
        "SELECT e.id, coalesce(sum(CASE WHEN g.winner = 'D' THEN 0.5"
        " WHEN (g.black = e.id AND g.winner = 'B') OR (g.white = e.id AND g.winner = 'W') THEN 1.0 ELSE 0 END), 0),"
        " count(g.id) FROM entries e LEFT JOIN games g ON g.stage = 'qualifier' AND"
        " ((g.black = e.id AND g.black_version = e.version AND g.white = 0) OR"
        "  (g.white = e.id AND g.white_version = e.version AND g.black = 0))"
        " GROUP BY e.id");
    std::vector<QualifierScore> scores;
    while (q.step()) scores.push_back({q.integer(0), q.real(1), static_cast<int>(q.integer(2))});
    std::sort(scores.begin(), scores.end(), [](const QualifierScore& a, const QualifierScore& b) {
        return a.points != b.points ? a.points > b.points : a.id < b.id;
    });
    return scores;
}

std::vector<LeagueGame> scheduledGames(LeagueDb& db) {
    const LeagueSettings& s = db.settings();
    const std::vector<ScheduledEntry> entries = scheduledEntries(db);
    if (s.finalists <= 0) return roundRobinGames(entries, s.openings);
    std::vector<LeagueGame> games = qualifierGames(entries);
    const int perEntry = static_cast<int>(kQualifierLadder.size()) * 2;
    for (const QualifierScore& q : qualifierStandings(db))
        if (q.played < perEntry) return games;  // the finalists are known once every qualifier is played
    for (LeagueGame& g : roundRobinGames(topEntries(db, entries, s.finalists), s.openings)) games.push_back(std::move(g));
    return games;
}

std::vector<LeagueGame> missingGames(LeagueDb& db) {
    std::unordered_set<std::string> taken;
    addSlots(db, (std::string("SELECT g.stage, g.black, g.white, g.opponent, g.opening_index") + kCurrentGames).c_str(),
             taken);
    addSlots(db, "SELECT stage, black, white, opponent, opening_index FROM claims", taken);
    std::vector<LeagueGame> missing;
    for (LeagueGame& g : scheduledGames(db))
        if (!taken.count(slotKey(g))) missing.push_back(std::move(g));
    return missing;
}

std::int64_t countMissingGames(LeagueDb& db) {
    // Counted, not listed: the page asks after every change, and a full league has a million games.
    const LeagueSettings& s = db.settings();
    const std::vector<ScheduledEntry> entries = scheduledEntries(db);
    const int slots = openingSlots(s);
    const auto pairs = [&](std::int64_t n) { return n * (n - 1) * slots; };
    if (s.finalists <= 0) return pairs(static_cast<std::int64_t>(entries.size())) - playedLeagueGames(db, {}, slots);
    std::int64_t missing = 0;
    const int perEntry = static_cast<int>(kQualifierLadder.size()) * 2;
    for (const QualifierScore& q : qualifierStandings(db)) missing += std::max(0, perEntry - q.played);
    const std::vector<ScheduledEntry> top = topEntries(db, entries, s.finalists);
    const std::int64_t finals = pairs(static_cast<std::int64_t>(top.size()));
    return missing + finals - (top.size() < 2 ? 0 : playedLeagueGames(db, top, slots));
}

}  // namespace reversi
