// What every front-end shares: parsing a command line with the documented exit statuses, the version,
// and the examples shown at the end of each command's --help.
#pragma once

#include <functional>
#include <initializer_list>
#include <string>

#include <CLI/CLI.hpp>

namespace reversi::app {

// Exit status of a command line that cannot be run (unknown option, bad value, missing argument).
constexpr int kExitUsage = 2;

// "reversi 0.2.0": the project's name and version (from CMake's project()).
const char* versionText();

// Parses the command line. Returns true when the program should go on. Otherwise `status` holds the exit
// status: 0 after --help or --version (printed to standard output), kExitUsage after an error (one line
// on standard error, with a pointer to --help).
bool parseCommandLine(CLI::App& app, int argc, char** argv, int& status);

// A check for an option that takes a number of seconds, a rate or a fraction: like CLI::Range, but NaN
// and the infinities (which every comparison of CLI::Range lets through) are refused too.
CLI::Validator FiniteRange(double min, double max);

// "reversi match", "reversi train8 corpus", "lab7part2": the command the parsed command line selected.
std::string commandPath(const CLI::App& app);

// Runs the selected command and returns its exit status, with two guards for every command: running
// out of memory (std::bad_alloc, or any other escaping exception) prints one line on standard error
// and gives kExitUsage instead of an abort; so does standard output that could not be written (a full
// disk, a closed descriptor), which turns a status 0 into kExitUsage.
int runCommand(const CLI::App& app, const std::function<int()>& action);

// For output written with printf: the errno of a failed fflush(stdout), for checkStandardOutput's
// message.
void noteOutputError(int err);

// The second guard alone: flushes standard output and, when any write to it failed, says so on
// standard error ("COMMAND: cannot write standard output: REASON") and returns `status`, or
// kExitUsage when `status` is 0.
int checkStandardOutput(const std::string& command, int status);

// Runs a tool's work: 0 when it is done, or 1 after "COMMAND: REASON" on standard error when it throws.
int runTool(const char* command, const std::function<void()>& work);
// Runs work that returns its exit status; after "COMMAND: REASON" on standard error, kExitUsage (2)
// when it throws std::invalid_argument (options or files that cannot be used), 1 for any other error.
int runChecked(const std::string& command, const std::function<int()>& work);

// Ends the command's --help with "Examples:" and one indented line per example.
void addExamples(CLI::App& command, std::initializer_list<const char*> examples);

// Options many commands share, declared once so that their ranges and words agree.
template <class Int>
CLI::Option* addJobsOption(CLI::App& command, Int& jobs, const std::string& help = "Threads") {
    return command.add_option("-j,--jobs", jobs, help)->check(CLI::Range(1, 256))->capture_default_str();
}
template <class Int>
CLI::Option* addSeedOption(CLI::App& command, Int& seed, const std::string& help) {
    return command.add_option("--seed", seed, help)->capture_default_str();
}

// Splitting a run over machines: --plan FILE writes one command per piece of work still to do, for
// GNU parallel or a Slurm array; --merge DIR takes their results in.
inline void addPlanAndMerge(CLI::App& command, std::string& plan, std::string& merge, const std::string& planHelp,
                            const std::string& mergeHelp) {
    command.add_option("--plan", plan, planHelp);
    command.add_option("--merge", merge, mergeHelp);
}

// A fit's weights: the file it starts from (--weights, optional) and the file it writes (-o, --out).
inline void addStartAndOut(CLI::App& command, std::string& start, std::string& out, const std::string& startHelp,
                           const std::string& outHelp) {
    command.add_option("--weights", start, startHelp);
    command.add_option("-o,--out", out, outHelp)->required();
}

// The self-play games of the training corpora (train8 corpus, train_nxn games): how many, their seed,
// the random opening, the engine's depth and random moves after it, the block files, the threads.
template <class Options>
void addSelfPlayOptions(CLI::App& command, Options& o, int maxGames, int maxOpening, int maxDepth) {
    command.add_option("--games", o.games, "Games in all")->check(CLI::Range(1, maxGames))->capture_default_str();
    addSeedOption(command, o.seed, "Seed of the games");
    command.add_option("--opening-min", o.openingMin, "Fewest random opening plies")->check(CLI::Range(0, maxOpening))->capture_default_str();
    command.add_option("--opening-max", o.openingMax, "Most random opening plies")->check(CLI::Range(0, maxOpening))->capture_default_str();
    command.add_option("--random-moves", o.randomMoveRate, "Chance of a random move after the opening")
        ->check(FiniteRange(0.0, 1.0))
        ->capture_default_str();
    command.add_option("--depth", o.depth, "The engine's search depth for the other moves")->check(CLI::Range(1, maxDepth))->capture_default_str();
    command.add_option("--block-games", o.blockGames, "Games per block file")->check(CLI::Range(1, 1000000))->capture_default_str();
    addJobsOption(command, o.jobs);
}

// The check every self-play command makes once its options are read.
template <class Options>
void checkOpeningRange(const Options& o) {
    if (o.openingMin > o.openingMax) throw CLI::ValidationError("--opening-min", "must not exceed --opening-max");
}

}  // namespace reversi::app
