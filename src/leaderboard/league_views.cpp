#include "leaderboard/league_views.hpp"

#include <algorithm>
#include <stdexcept>

#include "rules/board.hpp"
#include "rules/notation.hpp"

namespace reversi {

namespace {

// The columns of a game as the entry list and the viewer need them; a side of id 0 (the qualifier's
// reference player) is named by the game's `opponent` spec.
constexpr const char* kGameColumns =
    "g.id, g.stage, g.black, coalesce(b.name, g.opponent), g.white, coalesce(w.name, g.opponent), "
    "g.black_discs, g.white_discs, g.winner, coalesce(g.fault_by, ''), coalesce(g.fault_code, ''), g.finished_at";
constexpr const char* kGameJoins = " FROM games g LEFT JOIN entries b ON b.id = g.black LEFT JOIN entries w ON w.id = g.white ";

GameSummary summaryRow(const LeagueStatement& q) {
    GameSummary g;
    g.id = q.integer(0);
    g.stage = q.text(1);
    g.black = {q.integer(2), q.text(3)};
    g.white = {q.integer(4), q.text(5)};
    g.blackDiscs = static_cast<int>(q.integer(6));
    g.whiteDiscs = static_cast<int>(q.integer(7));
    const std::string winner = q.text(8), faultBy = q.text(9);
    g.winner = winner.empty() ? 'D' : winner[0];
    g.faultBy = faultBy.empty() ? 0 : faultBy[0];
    g.faultCode = q.text(10);
    g.finishedAt = q.text(11);
    return g;
}

std::string boardText(const Board& board) {
    std::string text;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) text += board.at(r, c) == kEmpty ? '.' : board.at(r, c);
    return text;
}

// Every position of the game, the start first; a side without a move passes (implicit in the record).
// A record that cannot be replayed (it should not happen) stops at its last legal move, with a note.
Json replayBoards(int size, const std::string& moves, Json& passes, std::string& error) {
    Json boards = Json::array();
    if (!isValidSize(size)) return boards;
    Board board(size);
    boards.push_back(boardText(board));
    char colour = kBlack;
    try {
        const std::vector<Move> parsed = parseMoveList(moves, size);
        for (std::size_t i = 0; i < parsed.size(); ++i) {
            if (!board.hasLegalMove(colour)) {
                passes.push_back(i);
                colour = opponentOf(colour);
            }
            if (board.applyMove(parsed[i].row, parsed[i].col, colour) == 0)
                throw std::invalid_argument("move " + std::to_string(i + 1) + " (" + othelloNotation(parsed[i]) +
                                            ") is illegal");
            boards.push_back(boardText(board));
            colour = opponentOf(colour);
        }
    } catch (const std::exception& e) {
        error = e.what();
    }
    return boards;
}

Json cpuArray(const std::string& text) {
    try {
        Json parsed = parseJsonText(text);
        if (parsed.is_array()) return parsed;
    } catch (const std::exception&) {  // a damaged column shows as no times, never as an error page
    }
    return Json::array();
}

Json sideJson(const GameSide& side) {
    Json s;
    s["id"] = side.id;
    s["name"] = side.name;
    return s;
}

}  // namespace

bool isIdText(const std::string& text) {
    return !text.empty() && text.size() <= 18 &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<EntryInfo> findShownEntry(LeagueDb& db, const std::string& idOrName) {
    constexpr const char* kColumns = "SELECT id, name, version, entered_at FROM entries WHERE ";
    if (isIdText(idOrName)) {
        LeagueStatement byId = db.prepare(std::string(kColumns) + "id = ?");
        byId.bind(1, static_cast<std::int64_t>(std::stoll(idOrName)));
        if (byId.step()) return EntryInfo{byId.integer(0), byId.text(1), byId.integer(2), byId.text(3)};
    }
    // Not an id, or no entry has that id: a name (folders named by student numbers are all digits).
    LeagueStatement byName = db.prepare(std::string(kColumns) + "name = ?");
    byName.bind(1, idOrName);
    if (!byName.step()) return std::nullopt;
    return EntryInfo{byName.integer(0), byName.text(1), byName.integer(2), byName.text(3)};
}

std::vector<GameSummary> entryGames(LeagueDb& db, std::int64_t entryId) {
    LeagueStatement q = db.prepare(std::string("SELECT ") + kGameColumns + kGameJoins +
                                   "WHERE g.black = ?1 OR g.white = ?1 ORDER BY g.finished_at DESC, g.id DESC");
    q.bind(1, entryId);
    std::vector<GameSummary> games;
    while (q.step()) games.push_back(summaryRow(q));
    return games;
}

std::optional<GameDetail> findGame(LeagueDb& db, std::int64_t gameId) {
    LeagueStatement q = db.prepare(std::string("SELECT ") + kGameColumns +
                                   ", g.moves, g.opening_plies, coalesce(g.fault_reason, ''), g.black_cpu, g.white_cpu" +
                                   kGameJoins + "WHERE g.id = ?");
    q.bind(1, gameId);
    if (!q.step()) return std::nullopt;
    GameDetail game;
    game.summary = summaryRow(q);
    game.moves = q.text(12);
    game.openingPlies = static_cast<int>(q.integer(13));
    game.faultReason = q.text(14);
    game.blackCpu = q.text(15);
    game.whiteCpu = q.text(16);
    game.size = db.settings().size;
    return game;
}

std::string resultFor(const GameSummary& game, std::int64_t entryId) {
    const bool black = game.black.id == entryId;
    const std::string score = black ? std::to_string(game.blackDiscs) + "-" + std::to_string(game.whiteDiscs)
                                    : std::to_string(game.whiteDiscs) + "-" + std::to_string(game.blackDiscs);
    if (game.winner == 'D') return "draw " + score;
    return ((game.winner == 'B') == black ? "won " : "lost ") + score;
}

Json entryJson(const EntryInfo& entry, const Json& standing, const std::vector<GameSummary>& games) {
    Json list = Json::array();
    for (const GameSummary& g : games) {
        const bool black = g.black.id == entry.id;
        Json item;
        item["id"] = g.id;
        item["stage"] = g.stage;
        item["colour"] = black ? "B" : "W";
        item["opponent"] = sideJson(black ? g.white : g.black);
        item["result"] = resultFor(g, entry.id);
        item["fault"] = g.faultBy ? Json({{"by", std::string(1, g.faultBy)}, {"code", g.faultCode}}) : Json(nullptr);
        item["finished_at"] = g.finishedAt;
        list.push_back(std::move(item));
    }
    Json body;
    body["id"] = entry.id;
    body["name"] = entry.name;
    body["version"] = entry.version;
    body["entered_at"] = entry.enteredAt;
    body["standing"] = standing;
    body["games"] = std::move(list);
    return body;
}

Json gameJson(const GameDetail& game) {
    const GameSummary& g = game.summary;
    Json passes = Json::array();
    std::string error;
    Json boards = replayBoards(game.size, game.moves, passes, error);
    Json moves = Json::array();
    try {
        for (const Move& m : parseMoveList(game.moves, game.size)) moves.push_back(othelloNotation(m));
    } catch (const std::exception&) {  // replayBoards has said why
    }
    Json body;
    body["id"] = g.id;
    body["stage"] = g.stage;
    body["size"] = game.size;
    body["black"] = sideJson(g.black);
    body["white"] = sideJson(g.white);
    body["opening_plies"] = game.openingPlies;
    body["moves"] = std::move(moves);
    body["passes_before"] = std::move(passes);
    body["boards"] = std::move(boards);
    if (!error.empty()) body["replay_error"] = error;
    body["result"] = {{"black", g.blackDiscs}, {"white", g.whiteDiscs}, {"winner", std::string(1, g.winner)}};
    body["fault"] = g.faultBy ? Json({{"by", std::string(1, g.faultBy)}, {"code", g.faultCode}, {"reason", game.faultReason}})
                              : Json(nullptr);
    body["cpu"] = {{"black", cpuArray(game.blackCpu)}, {"white", cpuArray(game.whiteCpu)}};
    body["finished_at"] = g.finishedAt;
    return body;
}

}  // namespace reversi
