// `reversi leaderboard run|plan|merge`: playing the league's games, here or on many machines
// (docs/leaderboard-playing.md).
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "leaderboard/league_plan.hpp"
#include "leaderboard/league_run.hpp"

namespace reversi::app {

namespace {

struct PlaySettings {
    std::string db;
    LeagueRunOptions run;
    std::string every;
    std::string out;
    std::vector<std::string> results;
};

void addRun(CLI::App& leaderboard, Action& action, const std::shared_ptr<PlaySettings>& s) {
    CLI::App* cmd = leaderboard.add_subcommand(
        "run", "Play every missing game of the league (two per pair, each entry once with each colour; or the "
               "qualifiers and the finalists' pairs), recording each as it ends, then stop");
    cmd->add_option("DB", s->db, "The league's database")->required();
    addJobsOption(*cmd, s->run.jobs, "Games at once, each in its own worker process");
    cmd->add_option("--every", s->every,
                    "Keep going: a new round this long after the last one ended (30m, 12h, 3d; s, m, h or d)");
    cmd->add_option("--max-games", s->run.maxGames, "Stop after this many games (0: no limit)")
        ->check(CLI::Range(0L, 1L << 40))
        ->capture_default_str();
    cmd->footer(
        "Before playing it says how many games are missing and what they cost at the rate measured on the league's "
        "games, and the choice between the full round robin and finalists; progress goes to standard error. "
        "Several schedulers may run on one database (on one machine or many): each claims its games first. "
        "Ctrl-C or SIGTERM stops it cleanly (status 130 or 143): the games in progress are freed for the next "
        "run; after a kill -9 the next run on this host frees them at once. A game the referee fails to play "
        "(the sandbox will not start) counts for no one: the run stops and the game stays missing. Exit status: "
        "0 done, 1 a database it cannot use or a referee that failed, 2 bad options.");
    addExamples(*cmd, {"reversi leaderboard run league.db --jobs 4",
                       "reversi leaderboard run league.db --jobs 8 --every 3d   # as the course did",
                       "reversi leaderboard run league.db --max-games 10"});
    cmd->callback([s, &action] {
        action = [s] {
            return runChecked("reversi leaderboard run", [s] {
                if (!s->every.empty()) s->run.every = parseDuration(s->every);
                return runLeague(s->db, s->run);
            });
        };
    });
}

void addPlan(CLI::App& leaderboard, Action& action, const std::shared_ptr<PlaySettings>& s) {
    CLI::App* cmd = leaderboard.add_subcommand(
        "plan", "Write the league's missing games as self-contained commands, one a line, for GNU parallel or a "
                "Slurm array, with the entries' programs beside them");
    cmd->add_option("DB", s->db, "The league's database")->required();
    cmd->add_option("--out", s->out, "A new folder for the commands (DIR/commands.txt), the programs and the results")
        ->required();
    cmd->footer(
        "Each line of DIR/commands.txt plays one game (`reversi game ... --result DIR/games/game-N.json`); run them "
        "anywhere that sees DIR at the same path, then `reversi leaderboard merge DB DIR`. With GNU parallel: "
        "`parallel -j 8 < DIR/commands.txt`. With Slurm: `sbatch --array=1-N%64 job.sh`, job.sh running "
        "`sed -n \"${SLURM_ARRAY_TASK_ID}p\" DIR/commands.txt | sh` (N: the lines of commands.txt).");
    addExamples(*cmd, {"reversi leaderboard plan league.db --out /shared/round1",
                       "parallel -j 8 < /shared/round1/commands.txt && reversi leaderboard merge league.db /shared/round1"});
    cmd->callback([s, &action] {
        action = [s] {
            return runChecked("reversi leaderboard plan", [s] {
                planLeague(s->db, s->out);
                return 0;
            });
        };
    });
}

void addMerge(CLI::App& leaderboard, Action& action, const std::shared_ptr<PlaySettings>& s) {
    CLI::App* cmd = leaderboard.add_subcommand(
        "merge", "Record the games that the commands of plans have played (each game the database has not got)");
    cmd->add_option("DB", s->db, "The league's database")->required();
    cmd->add_option("RESULTS", s->results, "Folders written by `reversi leaderboard plan --out`")->required();
    cmd->footer(
        "A game of an entry replaced or removed since its plan is skipped and counted; a game the database has "
        "already is kept as it was; merging the same folder twice records nothing new.");
    addExamples(*cmd, {"reversi leaderboard merge league.db /shared/round1 /shared/round2"});
    cmd->callback([s, &action] {
        action = [s] {
            return runChecked("reversi leaderboard merge", [s] {
                const MergeCounts c = mergeLeague(s->db, s->results);
                std::cout << "recorded " << c.recorded << " game" << (c.recorded == 1 ? "" : "s") << "; "
                          << c.alreadyPlayed << " already recorded; " << c.replaced
                          << " skipped (an entry replaced since the plan); " << c.problems << " unreadable\n";
                return 0;
            });
        };
    });
}

}  // namespace

void addLeaderboardPlayCommands(CLI::App& leaderboard, Action& action) {
    const auto s = std::make_shared<PlaySettings>();
    addRun(leaderboard, action, s);
    addPlan(leaderboard, action, s);
    addMerge(leaderboard, action, s);
}

}  // namespace reversi::app
