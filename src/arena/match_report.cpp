#include "arena/match_report.hpp"

#include "arena/ratings.hpp"
#include "platform/json_text.hpp"
#include "platform/printable.hpp"
#include "rules/board.hpp"
#include "rules/game_record.hpp"
#include "rules/notation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

namespace reversi {

namespace {

std::string eloText(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    if (std::fabs(elo) < 0.5) return "0";
    return formatText("%+.0f", elo);
}

std::string durationText(double seconds) {
    return seconds < 0.01 ? formatText("%.3f ms", seconds * 1000) : formatText("%.3f s", seconds);
}

struct MoveTimes {
    double longest = 0;
    double total = 0;
    int moves = 0;
    int longestSize = 0;
};

MoveTimes timesOf(const std::vector<GameRecord>& games, int player) {
    MoveTimes t;
    for (const GameRecord& game : games) {
        for (int side = 0; side < 2; ++side) {
            if ((side == 0 ? game.task.black : game.task.white) != player) continue;
            t.total += game.result.totalSeconds[side];
            t.moves += game.result.moveCount[side];
            if (game.result.longestSeconds[side] > t.longest) {
                t.longest = game.result.longestSeconds[side];
                t.longestSize = game.task.size;
            }
        }
    }
    return t;
}

// The CPU seconds of `player`'s 8x8 moves made with more than `empties` empty squares (about the moves
// before our engine's exact solve; the cut stays at 20 so that figures compare across versions), sorted:
// each game replayed (replayGame puts the passes back) to see who made which move. A move over the time limit was timed but not played: it is counted at the
// position it was asked in. A record that does not replay is left out.
std::vector<double> earlyMoveTimes(const std::vector<GameRecord>& games, int player, int empties) {
    std::vector<double> times;
    for (const GameRecord& game : games) {
        const GameResult& r = game.result;
        if (game.task.size != 8) continue;
        Replay replay;
        try {
            replay = replayGame(8, r.moves);
        } catch (const std::invalid_argument&) {
            continue;
        }
        std::size_t made[2] = {0, 0};
        int emptiesBefore = replay.start.count(kEmpty);
        const auto take = [&](char colour) {
            const int side = colour == kBlack ? 0 : 1;
            if (made[side] >= r.moveSeconds[side].size()) return;
            const int owner = side == 0 ? game.task.black : game.task.white;
            if (owner == player && emptiesBefore > empties) times.push_back(r.moveSeconds[side][made[side]]);
            ++made[side];
        };
        for (std::size_t i = 0; i < replay.steps.size(); ++i) {
            if (static_cast<int>(i) >= r.openingPlies) take(replay.steps[i].colour);
            emptiesBefore = replay.steps[i].after.count(kEmpty);
        }
        take(replay.toMove);  // the move over the limit, if any
    }
    std::sort(times.begin(), times.end());
    return times;
}

// "NAME: mean X (median Y)" of each player's 8x8 moves with more than 20 empty squares, when any.
std::string earlyMovesLine(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games) {
    constexpr int kEmpties = 20;
    std::string text;
    for (int p = 0; p < 2; ++p) {
        const std::vector<double> t = earlyMoveTimes(games, p, kEmpties);
        if (t.empty()) continue;
        const double mean = std::accumulate(t.begin(), t.end(), 0.0) / static_cast<double>(t.size());
        text += formatText("%s %s mean %s, median %s (%zu moves)", text.empty() ? "" : ";", players[p].name.c_str(),
                           durationText(mean).c_str(), durationText(t[t.size() / 2]).c_str(), t.size());
    }
    return text.empty() ? text : formatText("CPU per 8x8 move with more than %d empty squares:", kEmpties) + text + "\n";
}

std::string sizesText(const std::vector<int>& sizes) {
    std::string text;
    for (const int n : sizes) text += (text.empty() ? "" : ", ") + std::to_string(n) + "x" + std::to_string(n);
    return text;
}

std::string settingsLine(const MatchOptions& options, std::size_t games) {
    const std::string balance =
        options.openingBalance >= 0 ? formatText(" (balanced: within %g discs)", options.openingBalance) : std::string();
    const std::size_t book = options.openingBook.size();
    const std::string openings =
        book > 0 ? formatText("openings from a file (%zu)", book)
                 : formatText("%d random opening pl%s%s", options.openingPlies, options.openingPlies == 1 ? "y" : "ies",
                              balance.c_str());
    return formatText("%zu game%s on %s; %s; seed %llu; CPU limit %.3f s per move\n", games, games == 1 ? "" : "s",
                      sizesText(options.sizes).c_str(), openings.c_str(), static_cast<unsigned long long>(options.seed),
                      options.referee.timeLimit);
}

// Says how many games repeat an earlier one, when any do.
std::string duplicatesLine(const std::vector<GameRecord>& games) {
    const auto repeats = std::count_if(games.begin(), games.end(), [](const GameRecord& g) { return g.duplicateOf >= 0; });
    if (repeats == 0) return {};
    return formatText("Identical games: %ld of the %zu games repeat an earlier game move for move (same players, colours "
                  "and result); the statistics count each distinct game once.\n",
                  static_cast<long>(repeats), games.size());
}

std::string forfeitLines(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games) {
    std::string text;
    int count = 0;
    for (const GameRecord& game : games) {
        if (!game.result.forfeitBy) continue;
        const int loser = game.result.forfeitBy == 'B' ? game.task.black : game.task.white;
        if (++count <= 20)
            text += formatText("  game %d (%dx%d, %s as %c): ", game.task.index + 1, game.task.size, game.task.size,
                           players[loser].name.c_str(), game.result.forfeitBy) +
                    game.result.reason + "\n";
    }
    if (count > 20) text += formatText("  ... and %d more\n", count - 20);
    return count ? formatText("Lost by a fault: %d game%s\n", count, count == 1 ? "" : "s") + text : "";
}

std::string statsRow(const std::string& label, const ScoreStats& s) {
    const std::string wdl = formatText("%d-%d-%d", s.wins, s.draws, s.losses);
    const std::string discs = formatText("%ld-%ld", s.discsFor, s.discsAgainst);
    const std::string ci = formatText("[%.3f, %.3f]", s.low, s.high);
    const std::string elo = eloText(eloFromScore(s.score));
    const std::string eloCi =
        formatText("[%s, %s]", eloText(eloFromScore(s.low)).c_str(), eloText(eloFromScore(s.high)).c_str());
    return formatText("%-6s %6d  %-11s %-13s %6.3f %-16s %6s %s\n", label.c_str(), s.games, wdl.c_str(), discs.c_str(),
                  s.score, ci.c_str(), elo.c_str(), eloCi.c_str());
}

}  // namespace

std::string matchSummary(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games,
                         const MatchOptions& options) {
    const std::string& a = players[0].name;
    const std::string& b = players[1].name;
    std::string text = a + " vs " + b + ": " + settingsLine(options, games.size()) + duplicatesLine(games);
    text += formatText("Results for %s (score = (W + D/2) / N, 95%% confidence interval, Elo difference)\n", a.c_str());
    text += formatText("%-6s %6s  %-11s %-13s %6s %-16s %6s %s\n", "size", "games", "W-D-L", "discs", "score", "95% CI",
                   "Elo", "Elo 95% CI");
    if (options.sizes.size() > 1)
        for (const int n : options.sizes) text += statsRow(formatText("%dx%d", n, n), scoreFor(games, 0, 1, n));
    text += statsRow("all", scoreFor(games, 0, 1));
    text += "Longest move (CPU):";
    for (int p = 0; p < 2; ++p) {
        const MoveTimes t = timesOf(games, p);
        text += formatText("%s %s %s", p ? ";" : "", players[p].name.c_str(), durationText(t.longest).c_str());
        if (t.longestSize) text += formatText(" (%dx%d)", t.longestSize, t.longestSize);
        if (t.moves) text += ", mean " + durationText(t.total / t.moves);
    }
    text += '\n';
    text += earlyMovesLine(players, games);
    text += forfeitLines(players, games);
    return text;
}

std::string tournamentSummary(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games,
                              const MatchOptions& options) {
    const int count = static_cast<int>(players.size());
    const std::vector<double> elo = eloRatings(count, games);
    std::vector<int> order(static_cast<std::size_t>(count));
    std::iota(order.begin(), order.end(), 0);
    std::vector<ScoreStats> stats;
    for (int p = 0; p < count; ++p) stats.push_back(scoreFor(games, p));
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        const double px = stats[x].wins + stats[x].draws / 2.0, py = stats[y].wins + stats[y].draws / 2.0;
        if (px != py) return px > py;
        return elo[x] > elo[y];
    });
    std::size_t width = 6;
    for (const PlayerSpec& p : players) width = std::max(width, p.name.size());
    std::string text =
        formatText("Round robin of %d players: ", count) + settingsLine(options, games.size()) + duplicatesLine(games);
    text += formatText("%-4s %-*s %6s %6s  %-11s %7s %6s %-13s %s\n", "rank", static_cast<int>(width), "player", "Elo",
                   "games", "W-D-L", "points", "score", "discs", "longest move (CPU)");
    int rank = 0;
    for (const int p : order) {
        const ScoreStats& s = stats[p];
        const MoveTimes t = timesOf(games, p);
        text += formatText("%-4d %-*s %6s %6d  %-11s %7.1f %6.3f %-13s %s\n", ++rank, static_cast<int>(width),
                       players[p].name.c_str(), eloText(elo[p]).c_str(), s.games,
                       formatText("%d-%d-%d", s.wins, s.draws, s.losses).c_str(), s.wins + s.draws / 2.0, s.score,
                       formatText("%ld-%ld", s.discsFor, s.discsAgainst).c_str(), durationText(t.longest).c_str());
    }
    return text + forfeitLines(players, games);
}

namespace {

Json number6(double value) { return jsonNumber(value, 6); }

// A score's statistics, appended to `j` after the members it already has.
void addStats(Json& j, const ScoreStats& s) {
    j["games"] = s.games;
    j["wins"] = s.wins;
    j["draws"] = s.draws;
    j["losses"] = s.losses;
    j["discs_for"] = s.discsFor;
    j["discs_against"] = s.discsAgainst;
    j["score"] = number6(s.score);
    j["score_ci95"] = Json::array({number6(s.low), number6(s.high)});
    j["elo"] = number6(eloFromScore(s.score));
    j["elo_ci95"] = Json::array({number6(eloFromScore(s.low)), number6(eloFromScore(s.high))});
}

Json gameSummary(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games, const GameRecord& g) {
    Json j;
    j["game"] = g.task.index + 1;
    j["size"] = g.task.size;
    j["black"] = players[g.task.black].name;
    j["white"] = players[g.task.white].name;
    j["winner"] = std::string(1, g.result.winner);
    j["black_discs"] = g.result.blackDiscs;
    j["white_discs"] = g.result.whiteDiscs;
    j["opening_plies"] = g.result.openingPlies;
    j["longest_move"] = Json::array({number6(g.result.longestSeconds[0]), number6(g.result.longestSeconds[1])});
    j["moves"] = compactMoveList(g.result.moves);
    if (g.result.forfeitBy) {
        j["forfeit"] = std::string(1, g.result.forfeitBy);
        j["reason"] = g.result.reason;
        if (!g.result.faultCode.empty()) j["fault_code"] = g.result.faultCode;
    }
    if (g.duplicateOf >= 0 && static_cast<std::size_t>(g.duplicateOf) < games.size())
        j["duplicate_of"] = games[static_cast<std::size_t>(g.duplicateOf)].task.index + 1;
    return j;
}

}  // namespace

void addSettingsJson(Json& j, const MatchOptions& options, int digits) {
    j["sizes"] = options.sizes;
    j["games_per_pair_and_size"] = options.games;
    j["opening_plies"] = options.openingPlies;
    // Only when set, so that the results of matches from before the options still resume.
    if (options.openingBalance >= 0) j["opening_balance"] = jsonNumber(options.openingBalance, digits);
    if (!options.openingBook.empty()) {
        j["openings"] = Json::array();
        for (const std::vector<Move>& opening : options.openingBook) j["openings"].push_back(compactMoveList(opening));
    }
    j["seed"] = options.seed;
    j["time_limit"] = jsonNumber(options.referee.timeLimit, digits);
}

std::string resultsJson(const std::vector<PlayerSpec>& players, const std::vector<GameRecord>& games,
                        const MatchOptions& options, bool tournament) {
    const int count = static_cast<int>(players.size());
    const std::vector<double> elo = eloRatings(count, games);
    Json j;
    j["kind"] = tournament ? "tournament" : "match";
    addSettingsJson(j, options, 6);
    j["distinct_games"] = std::count_if(games.begin(), games.end(), [](const GameRecord& g) { return g.duplicateOf < 0; });
    j["players"] = Json::array();
    for (int p = 0; p < count; ++p) {
        const MoveTimes t = timesOf(games, p);
        Json player;
        player["name"] = players[p].name;
        addStats(player, scoreFor(games, p));
        player["rating"] = number6(elo[p]);
        player["longest_move"] = number6(t.longest);
        player["mean_move"] = number6(t.moves ? t.total / t.moves : 0);
        j["players"].push_back(std::move(player));
    }
    if (!tournament && count == 2) {
        j["result"]["player"] = players[0].name;
        addStats(j["result"], scoreFor(games, 0, 1));
        j["by_size"] = Json::array();
        for (const int n : options.sizes) {
            Json size;
            size["size"] = n;
            addStats(size, scoreFor(games, 0, 1, n));
            j["by_size"].push_back(std::move(size));
        }
    }
    j["games"] = Json::array();
    for (const GameRecord& g : games) j["games"].push_back(gameSummary(players, games, g));
    return jsonDocument(j);
}

}  // namespace reversi
