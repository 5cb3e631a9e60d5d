// `reversi leaderboard standings | serve | bench-db`: showing the league (docs/leaderboard-page.md):
// the standings as a table, CSV or JSON, the web page and its API, and the synthetic league the
// page's benchmark (scripts/bench-leaderboard.sh) serves.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "leaderboard/league_bench.hpp"
#include "leaderboard/league_db.hpp"
#include "leaderboard/league_server.hpp"
#include "leaderboard/league_standings.hpp"
#include "platform/atomic_file.hpp"

namespace reversi::app {

namespace {

struct StandingsSettings {
    std::string db;
    bool csv = false;
    bool json = false;
    std::string out;
};

int runStandings(const StandingsSettings& s) {
    return runTool("reversi leaderboard standings", [&] {
        LeagueDb db(s.db, LeagueDb::Mode::kReadOnly);
        const Standings standings = readStandings(db);
        const std::string text = s.csv ? standingsCsv(standings) : s.json ? standingsJson(standings) : standingsText(standings);
        if (s.out.empty()) std::cout << text;
        else writeFileAtomically(s.out, text, 0600);  // marks: readable by their owner only
    });
}

void addStandings(CLI::App& leaderboard, Action& action) {
    auto s = std::make_shared<StandingsSettings>();
    CLI::App* cmd = leaderboard.add_subcommand("standings", "The standings: rank, score, indicator, status, W-D-L");
    cmd->add_option("db", s->db, "The league's database")->required();
    CLI::Option* csv = cmd->add_flag("--csv", s->csv, "As CSV (for marks): rank,name,score,low,high,indicator,...");
    cmd->add_flag("--json", s->json, "As the page's /api/leaderboard answers")->excludes(csv);
    cmd->add_option("-o,--out", s->out, "Write to this file (whole, mode 0600) instead of standard output");
    addExamples(*cmd, {"reversi leaderboard standings league.db", "reversi leaderboard standings league.db --csv -o marks.csv",
                       "reversi leaderboard standings league.db --json"});
    cmd->callback([s, &action] { action = [s] { return runStandings(*s); }; });
}

void addServe(CLI::App& leaderboard, Action& action) {
    auto s = std::make_shared<std::pair<std::string, LeagueServerOptions>>();
    CLI::App* cmd = leaderboard.add_subcommand("serve", "The league's web page and JSON API (read-only) until Ctrl-C or SIGTERM");
    cmd->add_option("db", s->first, "The league's database (read-only; in WAL mode its -shm file must be writable)")->required();
    cmd->add_option("--host", s->second.host, "Address to listen on (another than loopback makes the page public)")->capture_default_str();
    cmd->add_option("--port", s->second.port, "Port (0: any free one, printed)")->check(CLI::Range(0, 65535))->capture_default_str();
    cmd->add_option("--threads", s->second.threads, "Connections served at once (each its own thread and SQLite reader)")
        ->check(CLI::Range(2, 1024))->capture_default_str();
    cmd->add_option("--request-timeout", s->second.requestSeconds, "Seconds a whole request may take to arrive (slow clients are dropped)")
        ->check(CLI::Range(1, 600))->capture_default_str();
    addExamples(*cmd, {"reversi leaderboard serve league.db", "reversi leaderboard serve league.db --port 8080 --threads 128",
                       "reversi leaderboard serve league.db --host 0.0.0.0   # public: better behind a reverse proxy"});
    cmd->callback([s, &action] { action = [s] { return serveLeague(s->first, s->second); }; });
}

void addBenchDb(CLI::App& leaderboard, Action& action) {
    auto s = std::make_shared<std::pair<std::string, BenchLeagueOptions>>();
    CLI::App* cmd = leaderboard.add_subcommand("bench-db", "A synthetic league for the page's benchmark (scripts/bench-leaderboard.sh)");
    cmd->add_option("out", s->first, "The database to make (must not exist)")->required();
    cmd->add_option("--entries", s->second.entries, "Entries")->check(CLI::Range(2, 100000))->capture_default_str();
    cmd->add_option("--games", s->second.games, "Games")->check(CLI::Range(std::int64_t{0}, std::int64_t{100000000}))->capture_default_str();
    addSeedOption(*cmd, s->second.seed, "Seed of the strengths, results and move lists");
    addExamples(*cmd, {"reversi leaderboard bench-db bench.db --entries 1000 --games 1000000",
                       "reversi leaderboard bench-db small.db --entries 10 --games 90"});
    cmd->callback([s, &action] {
        action = [s] {
            return runTool("reversi leaderboard bench-db", [&] {
                const BenchLeagueReport r = makeBenchLeague(s->first, s->second);
                std::printf("%s: %lld entries, %lld games in %.1f s\n", s->first.c_str(), static_cast<long long>(r.entries),
                            static_cast<long long>(r.games), r.seconds);
            });
        };
    });
}

}  // namespace

void addLeaderboardPageCommands(CLI::App& leaderboard, Action& action) {
    addStandings(leaderboard, action);
    addServe(leaderboard, action);
    addBenchDb(leaderboard, action);
}

}  // namespace reversi::app
