// The subcommands of `reversi`. Each add*Commands registers its subcommands on the app; when one of
// them is parsed, its callback stores what to run in `action`, which main() then runs for the exit
// status. One file per group of commands: cmd_lab.cpp, ...
#pragma once

#include <functional>
#include <string>

// Declared, not included: the standalone lab executables' mains include this header alone, and CLI11
// (header-only) costs several seconds of every compile that includes it; cli.hpp includes it.
namespace CLI {
class App;
}

namespace reversi::app {

using Action = std::function<int()>;

// lab6, part1, part2: the course's programs, byte-exact on standard input/output.
void addLabCommands(CLI::App& app, Action& action);

// match, tournament, game: games between players under the referee (cmd_match.cpp).
void addMatchCommands(CLI::App& app, Action& action);

// grade: marks students' submissions of a lab (cmd_grade.cpp).
void addGradeCommands(CLI::App& app, Action& action);
// similarity: the most similar pairs of submissions' sources (cmd_similarity.cpp).
void addSimilarityCommands(CLI::App& app, Action& action);
// --isolation and --cpu-time (match, tournament, game, grade): they set the run's sandbox policy.
void addSandboxOptions(CLI::App& cmd);

// leaderboard: the course leaderboard (cmd_leaderboard.cpp makes the command; its subcommands are
// registered by cmd_leaderboard_entries.cpp: init, add, remove; cmd_leaderboard_play.cpp: run, plan,
// merge; cmd_leaderboard_page.cpp: standings, serve, bench).
void addLeaderboardCommands(CLI::App& app, Action& action);
void addLeaderboardEntryCommands(CLI::App& leaderboard, Action& action);
void addLeaderboardPlayCommands(CLI::App& leaderboard, Action& action);
void addLeaderboardPageCommands(CLI::App& leaderboard, Action& action);

// perft, solve, nboard, gtp: move-generation counts, the exact endgame solver, the NBoard and GTP
// protocols (cmd_tools.cpp).
void addToolCommands(CLI::App& app, Action& action);

// play, replay: games for people at a terminal, and saved games move by move (cmd_play.cpp).
void addPlayCommands(CLI::App& app, Action& action);

// bench, tune: the engine's benchmarks and the evaluation-weight tuner (cmd_bench.cpp, cmd_tune.cpp).
void addEngineCommands(CLI::App& app, Action& action);

// What `reversi` with no subcommand runs: part2 with its default options.
Action defaultLabAction();

// The standalone lab executables (lab6, lab7part1, lab7part2) configure their one program directly
// on their top-level app: same options as the subcommand of the same name.
enum class LabProgram { kLab6, kPart1, kPart2 };
// `invocation` is how the examples of --help run it ("reversi part2", "lab7part2").
void configureLabProgram(CLI::App& app, LabProgram program, Action& action, const std::string& invocation);

// Runs a single-program front-end (the standalone lab executables).
int runLabExecutable(LabProgram program, const char* description, int argc, char** argv);

}  // namespace reversi::app
