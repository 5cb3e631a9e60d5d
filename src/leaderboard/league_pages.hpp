// The league's HTML pages, written whole on the server (no front-end build, no template files): the
// standings table, an entry's page with its games, the game viewer, and error pages. Every string that
// came from a student (a name, a fault's reason) goes through htmlEscape; the game viewer's data sits in
// a JSON block with '<', '>' and '&' escaped, so that no text can end the block or start markup.
#pragma once

#include <string>
#include <vector>

#include "leaderboard/league_db.hpp"
#include "leaderboard/league_standings.hpp"
#include "leaderboard/league_views.hpp"

namespace reversi {

// & < > " ' as character references: safe in element text and in quoted attributes.
std::string htmlEscape(const std::string& text);
// A JSON text made safe inside <script type="application/json">: < > & as \u003c \u003e \u0026.
std::string scriptSafeJson(const std::string& json);
// An entry's page address: /entries/ID.
std::string entryHref(std::int64_t id);

std::string standingsPage(const Standings& standings, const LeagueSettings& settings);
std::string entryPage(const EntryInfo& entry, const StandingsRow* row, const std::vector<GameSummary>& games);
std::string gamePage(const GameDetail& game, const std::string& gameJsonText);
std::string errorPage(int status, const std::string& message);

}  // namespace reversi
