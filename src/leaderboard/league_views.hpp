// What the page and the API show of one entry and of one game, read from the league database: an
// entry's games (who, colours, result, fault), and a game's moves replayed into boards, its result,
// fault and CPU per move. Nothing here reads an entry's files or program: they are never shown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "leaderboard/league_db.hpp"
#include "platform/json_text.hpp"

namespace reversi {

struct EntryInfo {
    std::int64_t id = 0;
    std::string name;
    std::int64_t version = 1;
    std::string enteredAt;
};

struct GameSide {
    std::int64_t id = 0;  // 0: the qualifier's reference player
    std::string name;     // the entry's name, or the reference player's spec
};

struct GameSummary {
    std::int64_t id = 0;
    std::string stage;  // "league" or "qualifier"
    GameSide black, white;
    int blackDiscs = 0, whiteDiscs = 0;
    char winner = 'D';     // 'B', 'W', 'D'
    char faultBy = 0;      // 'B', 'W' or 0
    std::string faultCode;  // IM TLE CRASH OUTPUT, or ""
    std::string finishedAt;
};

struct GameDetail {
    GameSummary summary;
    int size = 8;
    int openingPlies = 0;
    std::string moves;  // compact: "f5d6c3..."
    std::string faultReason;
    std::string blackCpu = "[]", whiteCpu = "[]";  // JSON arrays of CPU seconds a move
};

// Whether a URL's word can be an id: 1 to 18 digits.
bool isIdText(const std::string& text);
// An entry by id (all digits) or by exact name; nullopt when there is none. An all-digit word that is
// no entry's id is looked up as a name; when it is both an id and another entry's name, the id wins.
std::optional<EntryInfo> findShownEntry(LeagueDb& db, const std::string& idOrName);
// The entry's games, newest first.
std::vector<GameSummary> entryGames(LeagueDb& db, std::int64_t entryId);
std::optional<GameDetail> findGame(LeagueDb& db, std::int64_t gameId);

// "1-0" style text for a game's result from one side: "won 40-24", "lost", "draw".
std::string resultFor(const GameSummary& game, std::int64_t entryId);

// The JSON of /api/entries/ID (`standing`: the entry's row of /api/leaderboard, or null) and
// /api/games/ID (with "boards": every position as N*N characters B, W or '.', the start first).
Json entryJson(const EntryInfo& entry, const Json& standing, const std::vector<GameSummary>& games);
Json gameJson(const GameDetail& game);

}  // namespace reversi
