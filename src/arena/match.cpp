#include "arena/match.hpp"

#include "arena/openings.hpp"
#include "platform/atomic_file.hpp"
#include "platform/child_process.hpp"
#include "platform/splitmix.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace reversi {

namespace {

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
    char text[512];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    return text;
}

std::string eloText(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    if (std::fabs(elo) < 0.5) return "0";
    return format("%+.0f", elo);
}

std::string durationText(double seconds) {
    return seconds < 0.01 ? format("%.3f ms", seconds * 1000) : format("%.3f s", seconds);
}

std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (const char ch : text) {
        if (ch == '"' || ch == '\\')
            out += std::string("\\") + ch;
        else if (static_cast<unsigned char>(ch) < 32)
            out += format("\\u%04x", static_cast<unsigned char>(ch));
        else
            out += ch;
    }
    return out + "\"";
}

std::string jsonNumber(double value) {
    if (!std::isfinite(value)) return "null";
    return format("%.6g", value);
}

double gameScore(const GameRecord& game, int player) {
    const char colour = game.task.black == player ? 'B' : 'W';
    return game.result.winner == 'D' ? 0.5 : game.result.winner == colour ? 1.0 : 0.0;
}

bool plays(const GameRecord& game, int player) { return game.task.black == player || game.task.white == player; }

// Worker protocol: "turn C" lines while playing, then "result <wire>" or "error <message>".
struct Worker {
    pid_t pid = -1;
    int fd = -1;
    std::size_t task = 0;
    std::string output;
    std::chrono::steady_clock::time_point lastHeard;
};

[[noreturn]] void runWorker(const std::vector<Player>& players, const GameTask& task, const MatchOptions& options,
                            int fd) {
    auto say = [fd](const std::string& line) {
        if (!writeAll(fd, line)) _exit(3);
    };
    try {
        const GameResult result =
            playGame(players[task.black], players[task.white], task.size, task.opening, task.seed, task.index,
                     options.referee, [&](char colour) { say(std::string("turn ") + colour + "\n"); });
        say("result " + toWire(result) + "\n");
    } catch (const std::exception& e) {
        std::string message = e.what();
        std::replace(message.begin(), message.end(), '\n', ' ');
        say("error " + message + "\n");
    }
    _exit(0);
}

// The worker's first complete "result ..." or "error ..." line (without its newline), or "".
std::string finalLine(const std::string& output) {
    std::size_t start = 0;
    while (start < output.size()) {
        const std::size_t end = output.find('\n', start);
        if (end == std::string::npos) break;
        if (output.compare(start, 7, "result ") == 0 || output.compare(start, 6, "error ") == 0)
            return output.substr(start, end - start);
        start = end + 1;
    }
    return {};
}

GameResult lostWorker(const GameTask& task, const std::string& output, const std::string& why) {
    // Blame the side that was to move, from the last "turn" line.
    char side = 'B';
    std::size_t pos = output.rfind("turn ");
    if (pos != std::string::npos && pos + 5 < output.size()) side = output[pos + 5];
    GameResult result;
    result.size = task.size;
    result.moves = task.opening;
    result.openingPlies = static_cast<int>(task.opening.size());
    result.forfeitBy = side;
    result.winner = opponentOf(side);
    result.reason = why;
    return result;
}

}  // namespace

std::vector<GameTask> scheduleGames(int playerCount, const MatchOptions& options) {
    if (playerCount < 2) throw std::invalid_argument("at least two players are needed");
    if (options.sizes.empty()) throw std::invalid_argument("no board size given");
    for (const int n : options.sizes)
        if (!isValidSize(n)) throw std::invalid_argument("board size " + std::to_string(n) + " is not an even number from 4 to 26");
    if (options.games < 1) throw std::invalid_argument("--games must be at least 1");
    if (options.openingPlies < 0 || options.openingPlies > 60)
        throw std::invalid_argument("--opening-plies must be from 0 to 60");
    if (options.openingBalance >= 0 && options.openingPlies == 0)
        throw std::invalid_argument("balanced openings need random opening plies (--opening-plies)");
    std::vector<GameTask> tasks;
    for (const int n : options.sizes) {
        std::map<int, std::vector<Move>> openings;
        std::unique_ptr<OpeningJudge> judge;  // one per size, made when the first opening is judged
        for (int a = 0; a < playerCount; ++a)
            for (int b = a + 1; b < playerCount; ++b)
                for (int g = 0; g < options.games; ++g) {
                    GameTask task;
                    task.index = static_cast<int>(tasks.size());
                    task.size = n;
                    task.openingIndex = g / 2;
                    task.black = g % 2 == 0 ? a : b;
                    task.white = g % 2 == 0 ? b : a;
                    if (options.openingPlies > 0) {
                        auto& opening = openings[task.openingIndex];
                        if (opening.empty()) {
                            const std::uint64_t seed = mixSeed(mixSeed(options.seed, static_cast<std::uint64_t>(n)),
                                                               static_cast<std::uint64_t>(task.openingIndex));
                            if (options.openingBalance < 0) {
                                opening = randomOpening(n, options.openingPlies, seed);
                            } else {
                                if (!judge) judge = std::make_unique<OpeningJudge>(n);
                                opening = judge->balanced(options.openingPlies, seed, options.openingBalance);
                            }
                        }
                        task.opening = opening;
                    }
                    task.seed = mixSeed(options.seed ^ 0x5eedULL, static_cast<std::uint64_t>(task.index));
                    tasks.push_back(std::move(task));
                }
    }
    return tasks;
}

std::vector<GameRecord> runGames(const std::vector<Player>& players, const std::vector<GameTask>& tasks,
                                 const MatchOptions& options, const ProgressCallback& progress,
                                 const GameCallback& finishedGame) {
    for (const GameTask& task : tasks)
        if (!task.opening.empty() && (players[task.black].isExternal() || players[task.white].isExternal()))
            throw std::invalid_argument("random openings need built-in players: an external program always "
                                        "starts from the standard position");
    for (const GameTask& task : tasks)
        for (const int seat : {task.black, task.white})
            if (players[seat].kind == PlayerKind::kNBoard && task.size != 8)
                throw std::invalid_argument("the NBoard engine \"" + players[seat].name + "\" plays 8x8 only, not " +
                                            std::to_string(task.size) + "x" + std::to_string(task.size));
    signal(SIGPIPE, SIG_IGN);
    std::vector<GameRecord> records(tasks.size());
    std::vector<Worker> running;
    std::size_t next = 0;
    int done = 0;
    const int jobs = std::max(1, options.jobs);
    // A worker silent for this long is stuck (in-process movers cannot be interrupted otherwise).
    const double stuckSeconds = 10 * options.referee.timeLimit + options.referee.effectiveWallLimit() + 20;
    if (progress) progress(0, static_cast<int>(tasks.size()));
    while (next < tasks.size() || !running.empty()) {
        while (next < tasks.size() && static_cast<int>(running.size()) < jobs) {
            int fds[2];
            // Close-on-exec: no program started inside a worker may inherit (and write into) a result pipe.
            if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
            std::cout.flush();
            std::cerr.flush();
            std::fflush(nullptr);
            const pid_t pid = fork();
            if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
            if (pid == 0) {
                close(fds[0]);
                for (const Worker& w : running) close(w.fd);
                runWorker(players, tasks[next], options, fds[1]);
            }
            close(fds[1]);
            Worker worker;
            worker.pid = pid;
            worker.fd = fds[0];
            worker.task = next++;
            worker.lastHeard = std::chrono::steady_clock::now();
            running.push_back(std::move(worker));
        }
        std::vector<pollfd> pfds;
        for (const Worker& w : running) pfds.push_back({w.fd, POLLIN, 0});
        poll(pfds.data(), pfds.size(), 100);
        for (std::size_t i = 0; i < running.size();) {
            Worker& w = running[i];
            bool finished = false;
            std::string why;
            if (pfds[i].revents) {
                char chunk[4096];
                const ssize_t n = read(w.fd, chunk, sizeof chunk);
                if (n > 0) {
                    w.output.append(chunk, static_cast<std::size_t>(n));
                    w.lastHeard = std::chrono::steady_clock::now();
                    // The worker's last word is one complete result or error line: done, whoever else might
                    // still hold the pipe.
                    finished = !finalLine(w.output).empty();
                } else if (n == 0 || errno != EINTR) {
                    finished = true;
                }
            }
            if (!finished && std::chrono::duration<double>(std::chrono::steady_clock::now() - w.lastHeard).count() >
                                 stuckSeconds) {
                kill(w.pid, SIGKILL);
                why = format("no answer for %.0f s (the game's worker was killed)", stuckSeconds);
                finished = true;
            }
            if (!finished) {
                ++i;
                continue;
            }
            close(w.fd);
            int status = 0;
            while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
            }
            const GameTask& task = tasks[w.task];
            GameRecord& record = records[w.task];
            record.task = task;
            const std::string final = finalLine(w.output);
            if (why.empty() && final.rfind("result ", 0) == 0) {
                try {
                    record.result = fromWire(final.substr(7));
                } catch (const std::exception& e) {
                    record.result = lostWorker(task, w.output, std::string("unreadable result: ") + e.what());
                }
            } else if (why.empty() && final.rfind("error ", 0) == 0) {
                record.result = lostWorker(task, w.output, "referee error: " + final.substr(6));
            } else {
                if (why.empty())
                    why = WIFSIGNALED(status)
                              ? format("crashed the game's worker (signal %d: %s)", WTERMSIG(status), strsignal(WTERMSIG(status)))
                              : format("the game's worker ended without a result (status %d)", WEXITSTATUS(status));
                record.result = lostWorker(task, w.output, why);
            }
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            pfds.erase(pfds.begin() + static_cast<std::ptrdiff_t>(i));
            ++done;
            if (finishedGame) finishedGame(record);
            if (progress) progress(done, static_cast<int>(tasks.size()));
        }
    }
    markDuplicates(records);
    return records;
}

int markDuplicates(std::vector<GameRecord>& games) {
    std::map<std::string, int> first;
    int marked = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        GameRecord& g = games[i];
        const GameResult& r = g.result;
        const std::string key = std::to_string(g.task.black) + " " + std::to_string(g.task.white) + " " +
                                std::to_string(r.size) + " " + compactMoveList(r.moves) + " " + r.winner + " " +
                                std::to_string(r.blackDiscs) + " " + std::to_string(r.whiteDiscs) + " " +
                                (r.forfeitBy ? r.forfeitBy : '-') + " " + r.reason;
        const auto [at, inserted] = first.emplace(key, static_cast<int>(i));
        g.duplicateOf = inserted ? -1 : at->second;
        marked += !inserted;
    }
    return marked;
}

ScoreStats scoreFor(const std::vector<GameRecord>& games, int player, int opponent, int size) {
    ScoreStats stats;
    std::vector<double> scores;
    for (const GameRecord& game : games) {
        if (!plays(game, player) || game.duplicateOf >= 0) continue;
        const int other = game.task.black == player ? game.task.white : game.task.black;
        if (opponent >= 0 && other != opponent) continue;
        if (size > 0 && game.task.size != size) continue;
        const double s = gameScore(game, player);
        scores.push_back(s);
        stats.wins += s == 1.0;
        stats.draws += s == 0.5;
        stats.losses += s == 0.0;
        const bool black = game.task.black == player;
        stats.discsFor += black ? game.result.blackDiscs : game.result.whiteDiscs;
        stats.discsAgainst += black ? game.result.whiteDiscs : game.result.blackDiscs;
    }
    stats.games = static_cast<int>(scores.size());
    if (stats.games == 0) return stats;
    const double n = stats.games;
    stats.score = std::accumulate(scores.begin(), scores.end(), 0.0) / n;
    // Wilson score interval on the score as a proportion (draws as half points): well-behaved at 0 and 1
    // and for few games, and conservative when there are draws.
    const double z = 1.96, z2 = z * z;
    const double centre = (stats.score + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(stats.score * (1 - stats.score) / n + z2 / (4 * n * n));
    stats.low = std::max(0.0, centre - half);
    stats.high = std::min(1.0, centre + half);
    return stats;
}

double eloFromScore(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400 * std::log10(1 / score - 1);
}

std::vector<double> eloRatings(int playerCount, const std::vector<GameRecord>& games) {
    // Games and points per pair of players that met.
    struct Meeting {
        int other;
        double games = 0, points = 0;
    };
    std::vector<std::vector<Meeting>> met(static_cast<std::size_t>(playerCount));
    std::map<std::pair<int, int>, std::size_t> slot;
    for (const GameRecord& game : games) {
        if (game.duplicateOf >= 0) continue;
        for (const int p : {game.task.black, game.task.white}) {
            const int other = game.task.black == p ? game.task.white : game.task.black;
            const auto [at, inserted] = slot.emplace(std::make_pair(p, other), met[p].size());
            if (inserted) met[p].push_back({other});
            Meeting& m = met[p][at->second];
            m.games += 1;
            m.points += gameScore(game, p);
        }
    }
    std::vector<double> rating(static_cast<std::size_t>(playerCount), 0.0);
    auto expected = [](double a, double b) { return 1 / (1 + std::pow(10.0, (b - a) / 400)); };
    const double k = std::log(10.0) / 400;
    for (int iteration = 0; iteration < 500; ++iteration) {
        std::vector<double> next = rating;
        for (int p = 0; p < playerCount; ++p) {
            double actual = 0.5, predicted = expected(rating[p], 0), curvature = predicted * (1 - predicted);
            for (const Meeting& m : met[p]) {
                const double e = expected(rating[p], rating[m.other]);
                actual += m.points;
                predicted += m.games * e;
                curvature += m.games * e * (1 - e);
            }
            next[p] = rating[p] + std::clamp((actual - predicted) / (k * curvature), -200.0, 200.0);
        }
        const double mean = std::accumulate(next.begin(), next.end(), 0.0) / playerCount;
        for (double& r : next) r -= mean;
        rating = next;
    }
    return rating;
}

namespace {

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

std::string sizesText(const std::vector<int>& sizes) {
    std::string text;
    for (const int n : sizes) text += (text.empty() ? "" : ", ") + std::to_string(n) + "x" + std::to_string(n);
    return text;
}

std::string settingsLine(const MatchOptions& options, std::size_t games) {
    const std::string balance =
        options.openingBalance >= 0 ? format(" (balanced: within %g discs)", options.openingBalance) : std::string();
    return format("%zu game%s on %s; %d random opening pl%s%s; seed %llu; CPU limit %.3f s per move\n", games,
                  games == 1 ? "" : "s", sizesText(options.sizes).c_str(), options.openingPlies,
                  options.openingPlies == 1 ? "y" : "ies", balance.c_str(), static_cast<unsigned long long>(options.seed),
                  options.referee.timeLimit);
}

// Says how many games repeat an earlier one, when any do.
std::string duplicatesLine(const std::vector<GameRecord>& games) {
    const auto repeats = std::count_if(games.begin(), games.end(), [](const GameRecord& g) { return g.duplicateOf >= 0; });
    if (repeats == 0) return {};
    return format("Identical games: %ld of the %zu games repeat an earlier game move for move (same players, colours "
                  "and result); the statistics count each distinct game once.\n",
                  static_cast<long>(repeats), games.size());
}

std::string forfeitLines(const std::vector<Player>& players, const std::vector<GameRecord>& games) {
    std::string text;
    int count = 0;
    for (const GameRecord& game : games) {
        if (!game.result.forfeitBy) continue;
        const int loser = game.result.forfeitBy == 'B' ? game.task.black : game.task.white;
        if (++count <= 20)
            text += format("  game %d (%dx%d, %s as %c): ", game.task.index + 1, game.task.size, game.task.size,
                           players[loser].name.c_str(), game.result.forfeitBy) +
                    game.result.reason + "\n";
    }
    if (count > 20) text += format("  ... and %d more\n", count - 20);
    return count ? format("Lost by a fault: %d game%s\n", count, count == 1 ? "" : "s") + text : "";
}

std::string statsRow(const std::string& label, const ScoreStats& s) {
    const std::string wdl = format("%d-%d-%d", s.wins, s.draws, s.losses);
    const std::string discs = format("%ld-%ld", s.discsFor, s.discsAgainst);
    const std::string ci = format("[%.3f, %.3f]", s.low, s.high);
    const std::string elo = eloText(eloFromScore(s.score));
    const std::string eloCi =
        format("[%s, %s]", eloText(eloFromScore(s.low)).c_str(), eloText(eloFromScore(s.high)).c_str());
    return format("%-6s %6d  %-11s %-13s %6.3f %-16s %6s %s\n", label.c_str(), s.games, wdl.c_str(), discs.c_str(),
                  s.score, ci.c_str(), elo.c_str(), eloCi.c_str());
}

}  // namespace

std::string matchSummary(const std::vector<Player>& players, const std::vector<GameRecord>& games,
                         const MatchOptions& options) {
    const std::string& a = players[0].name;
    const std::string& b = players[1].name;
    std::string text = a + " vs " + b + ": " + settingsLine(options, games.size()) + duplicatesLine(games);
    text += format("Results for %s (score = (W + D/2) / N, 95%% confidence interval, Elo difference)\n", a.c_str());
    text += format("%-6s %6s  %-11s %-13s %6s %-16s %6s %s\n", "size", "games", "W-D-L", "discs", "score", "95% CI",
                   "Elo", "Elo 95% CI");
    if (options.sizes.size() > 1)
        for (const int n : options.sizes) text += statsRow(format("%dx%d", n, n), scoreFor(games, 0, 1, n));
    text += statsRow("all", scoreFor(games, 0, 1));
    text += "Longest move (CPU):";
    for (int p = 0; p < 2; ++p) {
        const MoveTimes t = timesOf(games, p);
        text += format("%s %s %s", p ? ";" : "", players[p].name.c_str(), durationText(t.longest).c_str());
        if (t.longestSize) text += format(" (%dx%d)", t.longestSize, t.longestSize);
        if (t.moves) text += ", mean " + durationText(t.total / t.moves);
    }
    text += '\n';
    text += forfeitLines(players, games);
    return text;
}

std::string tournamentSummary(const std::vector<Player>& players, const std::vector<GameRecord>& games,
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
    for (const Player& p : players) width = std::max(width, p.name.size());
    std::string text =
        format("Round robin of %d players: ", count) + settingsLine(options, games.size()) + duplicatesLine(games);
    text += format("%-4s %-*s %6s %6s  %-11s %7s %6s %-13s %s\n", "rank", static_cast<int>(width), "player", "Elo",
                   "games", "W-D-L", "points", "score", "discs", "longest move (CPU)");
    int rank = 0;
    for (const int p : order) {
        const ScoreStats& s = stats[p];
        const MoveTimes t = timesOf(games, p);
        text += format("%-4d %-*s %6s %6d  %-11s %7.1f %6.3f %-13s %s\n", ++rank, static_cast<int>(width),
                       players[p].name.c_str(), eloText(elo[p]).c_str(), s.games,
                       format("%d-%d-%d", s.wins, s.draws, s.losses).c_str(), s.wins + s.draws / 2.0, s.score,
                       format("%ld-%ld", s.discsFor, s.discsAgainst).c_str(), durationText(t.longest).c_str());
    }
    return text + forfeitLines(players, games);
}

std::string resultsJson(const std::vector<Player>& players, const std::vector<GameRecord>& games,
                        const MatchOptions& options, bool tournament) {
    const int count = static_cast<int>(players.size());
    const std::vector<double> elo = eloRatings(count, games);
    std::string j = "{\n  \"kind\": " + jsonString(tournament ? "tournament" : "match") + ",\n  \"sizes\": [";
    for (std::size_t i = 0; i < options.sizes.size(); ++i) j += (i ? ", " : "") + std::to_string(options.sizes[i]);
    j += format("],\n  \"games_per_pair_and_size\": %d,\n  \"opening_plies\": %d,\n%s  \"seed\": %llu,\n"
                "  \"time_limit\": %s,\n  \"distinct_games\": %ld,\n",
                options.games, options.openingPlies,
                options.openingBalance >= 0
                    ? format("  \"opening_balance\": %s,\n", jsonNumber(options.openingBalance).c_str()).c_str()
                    : "",
                static_cast<unsigned long long>(options.seed),
                jsonNumber(options.referee.timeLimit).c_str(),
                static_cast<long>(std::count_if(games.begin(), games.end(),
                                                [](const GameRecord& g) { return g.duplicateOf < 0; })));
    auto statsJson = [](const ScoreStats& s) {
        return format("\"games\": %d, \"wins\": %d, \"draws\": %d, \"losses\": %d, \"discs_for\": %ld, "
                      "\"discs_against\": %ld, \"score\": %s, \"score_ci95\": [%s, %s], \"elo\": %s, "
                      "\"elo_ci95\": [%s, %s]",
                      s.games, s.wins, s.draws, s.losses, s.discsFor, s.discsAgainst, jsonNumber(s.score).c_str(),
                      jsonNumber(s.low).c_str(), jsonNumber(s.high).c_str(), jsonNumber(eloFromScore(s.score)).c_str(),
                      jsonNumber(eloFromScore(s.low)).c_str(), jsonNumber(eloFromScore(s.high)).c_str());
    };
    j += "  \"players\": [\n";
    for (int p = 0; p < count; ++p) {
        const MoveTimes t = timesOf(games, p);
        j += "    {\"name\": " + jsonString(players[p].name) + ", " + statsJson(scoreFor(games, p)) +
             ", \"rating\": " + jsonNumber(elo[p]) + ", \"longest_move\": " + jsonNumber(t.longest) +
             ", \"mean_move\": " + jsonNumber(t.moves ? t.total / t.moves : 0) + "}" + (p + 1 < count ? ",\n" : "\n");
    }
    j += "  ],\n";
    if (!tournament && count == 2) {
        j += "  \"result\": {\"player\": " + jsonString(players[0].name) + ", " + statsJson(scoreFor(games, 0, 1)) +
             "},\n  \"by_size\": [\n";
        for (std::size_t i = 0; i < options.sizes.size(); ++i)
            j += format("    {\"size\": %d, ", options.sizes[i]) + statsJson(scoreFor(games, 0, 1, options.sizes[i])) +
                 "}" + (i + 1 < options.sizes.size() ? ",\n" : "\n");
        j += "  ],\n";
    }
    j += "  \"games\": [\n";
    for (std::size_t i = 0; i < games.size(); ++i) {
        const GameRecord& g = games[i];
        j += format("    {\"game\": %d, \"size\": %d, \"black\": ", g.task.index + 1, g.task.size) +
             jsonString(players[g.task.black].name) + ", \"white\": " + jsonString(players[g.task.white].name) +
             format(", \"winner\": \"%c\", \"black_discs\": %d, \"white_discs\": %d, \"opening_plies\": %d, "
                    "\"longest_move\": [%s, %s], \"moves\": ",
                    g.result.winner, g.result.blackDiscs, g.result.whiteDiscs, g.result.openingPlies,
                    jsonNumber(g.result.longestSeconds[0]).c_str(), jsonNumber(g.result.longestSeconds[1]).c_str()) +
             jsonString(compactMoveList(g.result.moves));
        if (g.result.forfeitBy)
            j += format(", \"forfeit\": \"%c\", \"reason\": ", g.result.forfeitBy) + jsonString(g.result.reason);
        if (g.duplicateOf >= 0 && static_cast<std::size_t>(g.duplicateOf) < games.size())
            j += format(", \"duplicate_of\": %d", games[static_cast<std::size_t>(g.duplicateOf)].task.index + 1);
        j += std::string("}") + (i + 1 < games.size() ? ",\n" : "\n");
    }
    return j + "  ]\n}\n";
}

std::string formatSavedGame(const std::string& fmt, const std::vector<Player>& players, const GameRecord& game) {
    const GameResult& r = game.result;
    std::string text = format("# game %d: black %s, white %s, %dx%d", game.task.index + 1,
                              players[game.task.black].name.c_str(), players[game.task.white].name.c_str(), r.size,
                              r.size);
    if (r.openingPlies) text += format(", first %d plies a random opening", r.openingPlies);
    text += format("\n# result: %s %d-%d (black-white)\n",
                   r.winner == 'D' ? "draw" : r.winner == 'B' ? "black wins" : "white wins", r.blackDiscs, r.whiteDiscs);
    if (r.forfeitBy) text += format("# %s lost by a fault: ", r.forfeitBy == 'B' ? "black" : "white") + r.reason + "\n";
    if (fmt == "lab") {
        text += std::to_string(r.size) + "\n";
        for (const Move m : r.moves) text += labMove(m) + "\n";
    } else {
        text += std::to_string(r.size) + " " + compactMoveList(r.moves) + "\n";
    }
    return text;
}

int saveGames(const std::string& dir, const std::string& fmt, const std::vector<Player>& players,
              const std::vector<GameRecord>& games) {
    if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        throw std::runtime_error("cannot create " + dir + ": " + std::strerror(errno));
    int written = 0;
    for (const GameRecord& game : games) {
        const std::string path = dir + format("/game-%04d.txt", game.task.index + 1);
        writeFileAtomically(path, formatSavedGame(fmt, players, game));
        ++written;
    }
    return written;
}

SavedGame parseSavedGame(const std::string& text) {
    std::istringstream in(text);
    std::string line, body;
    while (std::getline(in, line))
        if (line.empty() || line[0] != '#') body += line + "\n";
    std::istringstream words(body);
    SavedGame game;
    if (!(words >> game.size) || !isValidSize(game.size))
        throw std::invalid_argument("a saved game starts with its board size (an even number from 4 to 26)");
    std::string rest((std::istreambuf_iterator<char>(words)), std::istreambuf_iterator<char>());
    game.moves = parseMoveList(rest, game.size);
    return game;
}

}  // namespace reversi
