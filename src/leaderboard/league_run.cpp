#include "leaderboard/league_run.hpp"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <thread>

#include "arena/game_pool.hpp"
#include "leaderboard/league_claims.hpp"
#include "leaderboard/league_cost.hpp"
#include "leaderboard/league_players.hpp"
#include "leaderboard/league_schedule.hpp"
#include "platform/interrupt.hpp"
#include "platform/printable.hpp"
#include "programs/grade_cost.hpp"
#include "programs/grade_workspace.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The scheduler's own work is timed in CPU time of this thread as well as in wall-clock time: on a
// loaded machine the wall clock also counts the moments the games' processes had the cores.
struct Stopwatch {
    Clock::time_point wall = Clock::now();
    double cpu = threadCpuMs();

    static double threadCpuMs() {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
    }
    double wallMs() const { return std::chrono::duration<double, std::milli>(Clock::now() - wall).count(); }
    double cpuMs() const { return threadCpuMs() - cpu; }
};

// Thrown out of the game pool's callback when a signal came: the games in progress were stopped.
struct Interrupted {};

// One run of `run`: its database, its claims' owner, and what it has done so far.
struct Scheduler {
    Scheduler(LeagueDb& database, const LeagueRunOptions& runOptions) : db(database), options(runOptions) {}
    LeagueDb& db;
    const LeagueRunOptions& options;
    std::string owner = schedulerOwner();
    long played = 0, alreadyPlayed = 0, replaced = 0;
    std::string refereeFailure;  // why the referee failed in a game of this batch ("" when it never did)
    std::vector<double> costs, cpuCosts;  // milliseconds of the scheduler's own work per game (wall, CPU)

    bool atLimit() const { return options.maxGames > 0 && played + alreadyPlayed + replaced >= options.maxGames; }
};

void showProgress(long done, long total) {
    if (!isatty(2) || total <= 0) return;
    constexpr long kWidth = 40;
    const long filled = std::min(kWidth, done * kWidth / total);
    std::string bar(static_cast<std::size_t>(filled), '=');
    if (filled < kWidth) bar += '>' + std::string(static_cast<std::size_t>(kWidth - filled - 1), ' ');
    std::fprintf(stderr, "\r[%s] %ld/%ld games", bar.c_str(), done, total);
    if (done >= total) std::fprintf(stderr, "\r%*s\r", static_cast<int>(kWidth + 30), "");
    std::fflush(stderr);
}

// Plays one claimed batch; records each game as it ends. Throws Interrupted after a signal.
// `claimed`: the wall-clock and CPU milliseconds its claim took.
void playBatch(Scheduler& s, const std::vector<LeagueGame>& batch, LeaguePlayers& players,
               const std::pair<double, double>& claimed, long& done, long total) {
    const auto [claimWall, claimCpu] = claimed;
    std::vector<GameTask> tasks;
    for (std::size_t i = 0; i < batch.size(); ++i)
        tasks.push_back(players.task(batch[i], static_cast<int>(i), s.db.settings()));
    const std::size_t first = s.costs.size();
    const GameCallback finished = [&](const GameRecord& record) {
        if (pendingInterrupt()) throw Interrupted{};  // a game stopped by the signal is no result
        const Stopwatch watch;
        switch (recordGame(s.db, batch[static_cast<std::size_t>(record.task.index)], record.result, s.owner)) {
            case RecordOutcome::kRecorded: ++s.played; break;
            case RecordOutcome::kAlreadyPlayed: ++s.alreadyPlayed; break;
            case RecordOutcome::kReplaced: ++s.replaced; break;
            case RecordOutcome::kRefereeFailed: s.refereeFailure = record.result.reason; break;
        }
        s.costs.push_back(watch.wallMs());
        s.cpuCosts.push_back(watch.cpuMs());
        showProgress(++done, total);
    };
    runGames(players.players, tasks, leagueMatchOptions(s.db.settings(), s.options.jobs), {}, finished);
    if (pendingInterrupt()) throw Interrupted{};
    // A broken sandbox would otherwise brand every entry CRASH: stop, record none of those games.
    if (!s.refereeFailure.empty())
        throw std::runtime_error("the referee failed, so those games were not recorded (they stay missing): " +
                                 s.refereeFailure);
    const Stopwatch refit;
    refitRatings(s.db);
    // Claiming and refitting served the whole batch: each game bears its share.
    const double games = static_cast<double>(std::max<std::size_t>(1, batch.size()));
    const double sharedWall = (claimWall + refit.wallMs()) / games, sharedCpu = (claimCpu + refit.cpuMs()) / games;
    for (std::size_t i = first; i < s.costs.size(); ++i) s.costs[i] += sharedWall, s.cpuCosts[i] += sharedCpu;
    if (!isatty(2))
        std::fprintf(stderr, "reversi leaderboard: %ld of %ld games played\n", done, total);
}

// Claims and plays batches of `missing` (a batch keeps every job busy a while, and lets other
// schedulers on the database take the rest); false when nothing could be claimed.
bool playMissing(Scheduler& s, const std::vector<LeagueGame>& missing, LeaguePlayers& players, const std::string& dir,
                 long& done, long total) {
    const std::size_t batchSize = static_cast<std::size_t>(std::max(1, s.options.jobs)) * 4;
    bool any = false;
    for (std::size_t next = 0; next < missing.size() && !s.atLimit();) {
        if (pendingInterrupt()) throw Interrupted{};
        std::size_t most = batchSize;
        if (s.options.maxGames > 0)
            most = std::min<std::size_t>(most, static_cast<std::size_t>(s.options.maxGames - s.played - s.alreadyPlayed - s.replaced));
        const Stopwatch claim;
        const std::vector<LeagueGame> batch = claimGames(s.db, missing, next, most, s.owner);
        const std::pair<double, double> claimed{claim.wallMs(), claim.cpuMs()};
        if (batch.empty()) break;
        addLeaguePlayers(s.db, batch, dir, players);  // each program written once a run: not a game's cost
        playBatch(s, batch, players, claimed, done, total);
        any = true;
    }
    return any;
}

// One round: the missing games played until none is left (new ones appear as qualifiers finish or
// entries are replaced), each entry's program written once.
void playRound(Scheduler& s) {
    const int freed = freeDeadClaims(s.db);
    if (freed > 0)
        std::cerr << "reversi leaderboard: freed " << freed << " claim" << (freed == 1 ? "" : "s")
                  << " of a scheduler that died on this host\n";
    std::vector<LeagueGame> missing = missingGames(s.db);
    std::cerr << "reversi leaderboard: " << leagueChoiceText(s.db, s.options.jobs) << "\n";
    std::cerr << "reversi leaderboard: missing: " << leagueCostText(s.db, static_cast<std::int64_t>(missing.size()), s.options.jobs)
              << "\n";
    if (missing.empty()) return;
    // As grading's: TMPDIR for the round's sandboxes, removed at its end or by a signal; the programs in it.
    const GradeWorkspace workspace;
    const std::string dir = std::string(std::getenv("TMPDIR")) + "/programs";
    LeaguePlayers players;
    long done = 0;
    long total = static_cast<long>(missing.size());
    while (!missing.empty() && !s.atLimit() && playMissing(s, missing, players, dir, done, total)) {
        missing = missingGames(s.db);
        total = done + static_cast<long>(missing.size());
    }
}

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

void sayTotals(const Scheduler& s) {
    std::string text = formatText("reversi leaderboard: %ld game%s recorded", s.played, s.played == 1 ? "" : "s");
    if (s.alreadyPlayed) text += formatText(", %ld already recorded by another scheduler", s.alreadyPlayed);
    if (s.replaced) text += formatText(", %ld not recorded (an entry replaced while it played)", s.replaced);
    if (!s.costs.empty())
        text += formatText("; the scheduler's own work (claim, record, refit) took %.2f ms a game (median; %.2f ms "
                           "of its CPU)",
                           median(s.costs), median(s.cpuCosts));
    std::cerr << text << "\n";
}

// Sleeps `seconds`, waking at once for a signal; false when one came.
bool sleepFor(double seconds) {
    const Clock::time_point end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    while (Clock::now() < end) {
        if (pendingInterrupt()) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return !pendingInterrupt();
}

}  // namespace

int runLeague(const std::string& dbPath, const LeagueRunOptions& options) {
    if (options.jobs < 1) throw std::invalid_argument("--jobs must be at least 1");
    if (options.maxGames < 0) throw std::invalid_argument("--max-games must be at least 0");
    LeagueDb db(dbPath, LeagueDb::Mode::kExisting);
    checkPlayableOpenings(db.settings());
    installInterruptHandler();
    returnAfterInterrupt();  // its claims are freed before it exits
    Scheduler s(db, options);
    try {
        for (;;) {
            playRound(s);
            if (options.every <= 0 || s.atLimit()) break;
            std::cerr << "reversi leaderboard: next round in " << durationText(options.every) << "\n";
            if (!sleepFor(options.every)) throw Interrupted{};
        }
    } catch (const Interrupted&) {
        const int freed = releaseClaims(db, s.owner);
        std::cerr << "reversi leaderboard: stopped; " << freed << " unfinished game" << (freed == 1 ? "" : "s")
                  << " freed for the next run\n";
        sayTotals(s);
        return 128 + pendingInterrupt();
    } catch (...) {
        releaseClaims(db, s.owner);  // an error: the games it had claimed are free for the next run
        throw;
    }
    // Nothing left to free: a signal from here ends the process at once with its status, and one that
    // came after the last game (it said "terminated" too) gives its status, not success.
    exitOnInterrupt();
    sayTotals(s);
    return pendingInterrupt() ? 128 + pendingInterrupt() : 0;
}

double parseDuration(const std::string& text) {
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    const std::string unit = text.substr(std::min(used, text.size()));
    const double scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : unit == "d" ? 86400 : 0;
    if (used == 0 || scale == 0 || !std::isfinite(value) || value <= 0)
        throw std::invalid_argument("bad duration \"" + text + "\": a positive number with s, m, h or d (30m, 12h, 3d)");
    return value * scale;
}

}  // namespace reversi
