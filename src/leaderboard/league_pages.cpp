#include "leaderboard/league_pages.hpp"

#include <string_view>

#include "platform/printable.hpp"

namespace reversi {

namespace {

std::string pageShell(const std::string& title, const std::string& body, const std::string& script = "") {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
           htmlEscape(title) +
           "</title>\n<link rel=\"stylesheet\" href=\"/static/league.css\">\n</head>\n<body>\n"
           "<h1><a href=\"/\">Reversi leaderboard</a></h1>\n" +
           body + script + "</body>\n</html>\n";
}

std::string statusCell(const std::string& status) {
    return "<td class=\"" + std::string(status == "PASS" ? "status-pass" : "status-fault") + "\">" +
           htmlEscape(status) + "</td>";
}


std::string wdl(const StandingsRow& r) { return formatText("%d-%d-%d", r.wins, r.draws, r.losses); }

std::string standingsRowHtml(const StandingsRow& r) {
    return "<tr class=\"entry\" data-id=\"" + std::to_string(r.id) + "\"><td class=\"num\">" +
           (r.rated ? std::to_string(r.rank) : "&ndash;") + "</td><td><a class=\"name\" href=\"" + entryHref(r.id) +
           "\">" + htmlEscape(r.name) + "</a></td><td class=\"num\">" + (r.rated ? twoDecimals(r.score) : "&ndash;") +
           "</td><td class=\"num\">" + (r.rated ? twoDecimals(r.indicator) + " %" : "&ndash;") + "</td>" +
           statusCell(r.status) + "<td class=\"num\">" + wdl(r) + "</td><td>" + htmlEscape(r.lastChange) +
           "</td></tr>\n";
}

// The course's page had a reference at rank 0 with an infinite score: ours is this project's engine,
// which plays no league game and is never rated.
std::string referenceRowHtml() {
    return "<tr class=\"reference\"><td class=\"num\">0</td><td>" + htmlEscape(kReferenceName) +
           "</td><td class=\"num\">&infin;</td><td class=\"num\"></td><td>unrated</td><td class=\"num\"></td>"
           "<td></td></tr>\n";
}

std::string settingsText(const LeagueSettings& s) {
    return formatText("%dx%d board, %g s of CPU a move, ", s.size, s.size, s.timeLimit) +
           (s.finalists > 0 ? formatText("qualifier then every pair of the top %d", s.finalists)
                            : std::string("every pair plays twice (each colour once)")) +
           (s.openings > 0 ? formatText(", %d openings", s.openings) : std::string());
}

std::string sideLink(const GameSide& side) {
    if (side.id == 0) return htmlEscape(side.name);
    return "<a href=\"" + entryHref(side.id) + "\">" + htmlEscape(side.name) + "</a>";
}

std::string faultText(const GameSummary& g) {
    if (!g.faultBy) return "";
    return htmlEscape(g.faultCode) + " by " + (g.faultBy == 'B' ? "Black" : "White");
}

std::string gameRowHtml(const GameSummary& g, std::int64_t entryId) {
    const bool black = g.black.id == entryId;
    return "<tr class=\"game\"><td><a class=\"game-link\" href=\"/games/" + std::to_string(g.id) + "\">" +
           std::to_string(g.id) + "</a></td><td>" + htmlEscape(g.stage) + "</td><td>" + (black ? "Black" : "White") +
           "</td><td>" + sideLink(black ? g.white : g.black) + "</td><td>" + htmlEscape(resultFor(g, entryId)) +
           "</td><td>" + faultText(g) + "</td><td>" + htmlEscape(g.finishedAt) + "</td></tr>\n";
}

}  // namespace

std::string htmlEscape(const std::string& text) {
    // The five characters that can end a text or an attribute value, as entities.
    static constexpr std::string_view kSpecial = "&<>\"'";
    static constexpr const char* kEntity[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const std::size_t k = kSpecial.find(c);
        if (k == std::string_view::npos) out += c;
        else out += kEntity[k];
    }
    return out;
}

std::string scriptSafeJson(const std::string& json) {
    std::string out;
    out.reserve(json.size());
    for (char c : json) {
        if (c == '<') out += "\\u003c";
        else if (c == '>') out += "\\u003e";
        else if (c == '&') out += "\\u0026";
        else out += c;
    }
    return out;
}

std::string entryHref(std::int64_t id) { return "/entries/" + std::to_string(id); }

std::string standingsPage(const Standings& standings, const LeagueSettings& settings) {
    std::string rows = referenceRowHtml();
    for (const StandingsRow& r : standings.rows) rows += standingsRowHtml(r);
    const std::string body =
        "<p class=\"summary\">" + htmlEscape(settingsText(settings)) + ". <span id=\"played\">" +
        std::to_string(standings.played) + "</span> games played, <span id=\"pending\">" +
        std::to_string(standings.pending) +
        "</span> pending. Also as <a href=\"/api/leaderboard\">JSON</a> and <a href=\"/standings.csv\">CSV</a>.</p>\n"
        "<table class=\"list\" id=\"standings\">\n<thead><tr><th class=\"num\">Rank</th><th>Student</th>"
        "<th class=\"num\">Score</th><th class=\"num\">Indicator</th><th>Status</th><th class=\"num\">W-D-L</th>"
        "<th>Last change</th></tr></thead>\n<tbody>\n" +
        rows + "</tbody>\n</table>\n";
    return pageShell("Reversi leaderboard", body);
}

std::string entryPage(const EntryInfo& entry, const StandingsRow* row, const std::vector<GameSummary>& games) {
    std::string summary = "entered " + htmlEscape(entry.enteredAt) + " (version " + std::to_string(entry.version) + ")";
    if (row && row->rated)
        summary += formatText(", rank %d, score %.2f (95%%: %.2f to %.2f), indicator %.2f %%", row->rank, row->score,
                              row->low, row->high, row->indicator);
    if (row) summary += ", " + htmlEscape(row->status) + ", " + wdl(*row) + " in league games";
    std::string rows;
    for (const GameSummary& g : games) rows += gameRowHtml(g, entry.id);
    const std::string body = "<h2 id=\"entry-name\">" + htmlEscape(entry.name) + "</h2>\n<p class=\"summary\">" +
                             summary + ". <a href=\"/api/entries/" + std::to_string(entry.id) +
                             "\">JSON</a></p>\n<table class=\"list\" id=\"games\">\n<thead><tr><th>Game</th><th>Stage</th>"
                             "<th>Colour</th><th>Opponent</th><th>Result</th><th>Fault</th><th>Finished</th></tr></thead>\n"
                             "<tbody>\n" +
                             rows + "</tbody>\n</table>\n";
    return pageShell(entry.name + " - Reversi leaderboard", body);
}

std::string gamePage(const GameDetail& game, const std::string& gameJsonText) {
    const GameSummary& g = game.summary;
    std::string fault;
    if (g.faultBy) fault = "<p class=\"status-fault\" id=\"fault\">" + faultText(g) + ": " + htmlEscape(game.faultReason) + "</p>\n";
    const std::string body =
        "<h2>Game " + std::to_string(g.id) + ": " + sideLink(g.black) + " (Black) against " + sideLink(g.white) +
        " (White)</h2>\n<p class=\"summary\">" + htmlEscape(g.stage) + " game, finished " + htmlEscape(g.finishedAt) +
        ", result " + std::to_string(g.blackDiscs) + "-" + std::to_string(g.whiteDiscs) +
        ". <a href=\"/api/games/" + std::to_string(g.id) + "\">JSON</a></p>\n" + fault +
        "<div class=\"controls\"><button id=\"first\">&laquo; first</button><button id=\"prev\">&lsaquo; prev</button>"
        "<button id=\"next\">next &rsaquo;</button><button id=\"last\">last &raquo;</button>"
        "<span class=\"counts\">move <span id=\"ply\">0</span> of <span id=\"plies\">0</span> (<span id=\"move\"></span>)"
        " &middot; Black <span id=\"black-count\">2</span> &middot; White <span id=\"white-count\">2</span></span></div>\n"
        "<div class=\"board\" id=\"board\"></div>\n"
        "<script type=\"application/json\" id=\"game-data\">" +
        scriptSafeJson(gameJsonText) + "</script>\n";
    return pageShell("Game " + std::to_string(g.id) + " - Reversi leaderboard", body,
                     "<script src=\"/static/viewer.js\"></script>\n");
}

std::string errorPage(int status, const std::string& message) {
    return pageShell(std::to_string(status) + " " + message,
                     "<p id=\"error\">" + std::to_string(status) + " " + htmlEscape(message) + "</p>\n");
}

}  // namespace reversi
