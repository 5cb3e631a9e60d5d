#include "leaderboard/league_standings.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "leaderboard/league_schedule.hpp"
#include "platform/json_text.hpp"
#include "platform/printable.hpp"

namespace reversi {

namespace {

// What an entry's games add up to.
struct EntryGames {
    int wins = 0, draws = 0, losses = 0, games = 0;
    bool im = false, tle = false, crash = false, output = false;
    std::string lastGame;
};

// One sequential pass over the games, each counted for both sides (faster than SQL's GROUP BY over
// both columns, which sorts twice the games): the league games' W-D-L, and the entry's own faults
// (fault_by names its colour) in every stage. A side of id 0 is the qualifier's reference player.
void countSide(EntryGames& g, bool league, char result, const std::string& fault, const std::string& finished) {
    if (league) {
        ++g.games;
        (result == 'w' ? g.wins : result == 'd' ? g.draws : g.losses) += 1;
    }
    if (fault == "IM") g.im = true;
    else if (fault == "TLE") g.tle = true;
    else if (fault == "CRASH") g.crash = true;
    else if (fault == "OUTPUT") g.output = true;
    if (finished > g.lastGame) g.lastGame = finished;
}

// Only games played by an entry's current version count for it (a replaced entry's games are deleted;
// a game recorded for the old version meanwhile must not count either).
std::map<std::int64_t, EntryGames> readEntryGames(LeagueDb& db) {
    std::map<std::int64_t, std::int64_t> versions;
    LeagueStatement v = db.prepare("SELECT id, version FROM entries");
    while (v.step()) versions[v.integer(0)] = v.integer(1);
    const auto current = [&](std::int64_t id, std::int64_t version) {
        const auto found = versions.find(id);
        return found != versions.end() && found->second == version;
    };
    std::map<std::int64_t, EntryGames> byEntry;
    LeagueStatement q = db.prepare(
        "SELECT black, white, stage = 'league', winner, coalesce(fault_by, ''), coalesce(fault_code, ''), finished_at, "
        "black_version, white_version FROM games");
    const std::string none;
    while (q.step()) {
        const bool league = q.integer(2) != 0;
        const std::string winner = q.text(3), faultBy = q.text(4), fault = q.text(5), finished = q.text(6);
        const char w = winner.empty() ? 'D' : winner[0];
        if (const std::int64_t black = q.integer(0); current(black, q.integer(7)))
            countSide(byEntry[black], league, w == 'B' ? 'w' : w == 'D' ? 'd' : 'l', faultBy == "B" ? fault : none, finished);
        if (const std::int64_t white = q.integer(1); current(white, q.integer(8)))
            countSide(byEntry[white], league, w == 'W' ? 'w' : w == 'D' ? 'd' : 'l', faultBy == "W" ? fault : none, finished);
    }
    return byEntry;
}

StandingsRow entryRow(const LeagueStatement& q, const std::map<std::int64_t, EntryGames>& games) {
    StandingsRow row;
    row.id = q.integer(0);
    row.name = q.text(1);
    row.lastChange = q.text(2);
    row.rated = !q.isNull(3);
    if (row.rated) {
        row.score = q.real(3);
        row.low = q.real(4);
        row.high = q.real(5);
    }
    const auto found = games.find(row.id);
    if (found == games.end()) return row;
    const EntryGames& g = found->second;
    row.wins = g.wins, row.draws = g.draws, row.losses = g.losses, row.games = g.games;
    row.status = statusText(g.im, g.tle, g.crash, g.output);
    row.lastChange = std::max(row.lastChange, g.lastGame);  // ISO 8601 UTC sorts as text
    return row;
}

// Highest score first, names breaking ties (so that the order is stable); the unrated last.
void rankRows(std::vector<StandingsRow>& rows) {
    std::sort(rows.begin(), rows.end(), [](const StandingsRow& a, const StandingsRow& b) {
        if (a.rated != b.rated) return a.rated;
        const double sa = roundedScore(a.score), sb = roundedScore(b.score);
        if (a.rated && sa != sb) return sa > sb;
        return a.name < b.name;
    });
    const double top = !rows.empty() && rows.front().rated ? rows.front().score : 0;
    for (std::size_t i = 0; i < rows.size() && rows[i].rated; ++i) {
        const bool tied = i > 0 && roundedScore(rows[i].score) == roundedScore(rows[i - 1].score);
        rows[i].rank = tied ? rows[i - 1].rank : static_cast<int>(i) + 1;
        rows[i].indicator = indicatorOf(rows[i].score, top);
    }
}

// RFC 4180: a field with a comma, a quote or a line break in double quotes, its quotes doubled. A name
// that a spreadsheet would run as a formula (= + - @ first) is kept as text by a leading apostrophe.
std::string csvField(const std::string& name) {
    std::string text;
    if (!name.empty() && std::string_view("=+-@\t\r").find(name.front()) != std::string_view::npos) text += '\'';
    text += name;
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted(1, '"');
    for (char c : text) {
        quoted += c;
        if (c == '"') quoted += '"';
    }
    quoted += '"';
    return quoted;
}

std::string rankText(const StandingsRow& row) { return row.rated ? std::to_string(row.rank) : std::string(); }

}  // namespace

std::string statusText(bool im, bool tle, bool crash, bool output) {
    std::string status;
    for (const auto& [seen, code] : {std::pair{im, "IM"}, {tle, "TLE"}, {crash, "CRASH"}, {output, "OUTPUT"}}) {
        if (!seen) continue;
        if (!status.empty()) status += ' ';
        status += code;
    }
    return status.empty() ? "PASS" : status;
}

double indicatorOf(double score, double top) {
    if (!(top > 0)) return 0;
    return std::round(score / top * 10000.0) / 100.0;
}

double roundedScore(double score) { return std::round(score * 100.0) / 100.0; }

Standings readStandings(LeagueDb& db) {
    LeagueTransaction snapshot(db, LeagueTransaction::Kind::kRead);
    Standings standings;
    const std::map<std::int64_t, EntryGames> games = readEntryGames(db);
    LeagueStatement q = db.prepare(
        "SELECT e.id, e.name, e.entered_at, r.score, r.low, r.high FROM entries e "
        "LEFT JOIN ratings r ON r.entry_id = e.id");
    while (q.step()) standings.rows.push_back(entryRow(q, games));
    rankRows(standings.rows);
    LeagueStatement count = db.prepare("SELECT count(*) FROM games");
    count.step();
    standings.played = count.integer(0);
    standings.pending = countMissingGames(db);
    return standings;
}

std::string standingsText(const Standings& standings) {
    std::string text = formatText("%5s  %-32s %8s %9s %-16s %-14s %s\n", "Rank", "Student", "Score", "Indicator",
                                  "Status", "W-D-L", "Last change");
    text += formatText("%5s  %-32s %8s %9s %-16s %-14s %s\n", "0", kReferenceName, "inf", "", "unrated", "", "");
    for (const StandingsRow& r : standings.rows) {
        const std::string wdl = formatText("%d-%d-%d", r.wins, r.draws, r.losses);
        text += formatText("%5s  %-32s %8s %9s %-16s %-14s %s\n", rankText(r).c_str(), printable(r.name, 64).c_str(),
                           r.rated ? twoDecimals(r.score).c_str() : "-", r.rated ? (twoDecimals(r.indicator) + " %").c_str() : "-",
                           r.status.c_str(), wdl.c_str(), r.lastChange.c_str());
    }
    return text + formatText("%lld games played, %lld pending\n", static_cast<long long>(standings.played),
                             static_cast<long long>(standings.pending));
}

std::string standingsCsv(const Standings& standings) {
    std::string csv = "rank,name,score,low,high,indicator,status,wins,draws,losses,games,last_change\r\n";
    for (const StandingsRow& r : standings.rows) {
        const auto number = [&](double v) { return r.rated ? twoDecimals(v) : std::string(); };
        csv += rankText(r) + "," + csvField(r.name) + "," + number(r.score) + "," + number(r.low) + "," +
               number(r.high) + "," + number(r.indicator) + "," + r.status + "," + std::to_string(r.wins) + "," +
               std::to_string(r.draws) + "," + std::to_string(r.losses) + "," + std::to_string(r.games) + "," +
               r.lastChange + "\r\n";
    }
    return csv;
}

Json standingRowJson(const StandingsRow& r) {
    Json e;
    e["rank"] = r.rated ? Json(r.rank) : Json(nullptr);
    e["name"] = r.name;
    e["score"] = r.rated ? Json(roundedScore(r.score)) : Json(nullptr);
    e["indicator"] = r.rated ? Json(r.indicator) : Json(nullptr);
    e["status"] = r.status;
    e["wins"] = r.wins;
    e["draws"] = r.draws;
    e["losses"] = r.losses;
    return e;
}

std::string standingsJson(const Standings& standings) {
    Json entries = Json::array();
    for (const StandingsRow& r : standings.rows) entries.push_back(standingRowJson(r));
    Json body;
    body["entries"] = std::move(entries);
    body["games"] = standings.played;
    body["pending"] = standings.pending;
    return jsonLine(body) + "\n";
}

std::string twoDecimals(double value) { return formatText("%.2f", value); }

}  // namespace reversi
