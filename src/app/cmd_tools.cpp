// `reversi perft`, `reversi solve`, `reversi nboard`, `reversi gtp`: move-generation counts, the exact
// endgame solver and the protocols that connect the engine to Othello software.
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "programs/gtp.hpp"
#include "programs/nboard.hpp"
#include "rules/board.hpp"
#include "tools/perft_table.hpp"
#include "tools/solve_batch.hpp"

namespace reversi::app {

namespace {

int runPerft(const PerftTableOptions& s) {
    const PerftTableStatus status = printPerftTable(s);
    if (!status.error.empty()) std::cerr << "reversi perft: --from: " << status.error << '\n';
    if (status.outputErrno) noteOutputError(status.outputErrno);  // the front-end reports the failed write
    return status.exit;
}

int runSolve(const SolveBatchOptions& s) {
    const SolveBatchStatus status = solvePositionFile(s);
    if (!status.error.empty()) std::cerr << "reversi solve: " << status.error << '\n';
    if (status.outputErrno) noteOutputError(status.outputErrno);  // the front-end reports the failed write
    return status.exit;
}

void addPerftCommand(CLI::App& app, Action& action) {
    auto s = std::make_shared<PerftTableOptions>();
    CLI::App* cmd = app.add_subcommand("perft", "Count the move paths of every depth (validates move generation)");
    cmd->add_option("--size", s->size, "Board size (even, 4 to 26)")
        ->check([](const std::string& v) {
            try {
                return isValidSize(std::stoi(v)) ? std::string() : std::string("size must be an even number from 4 to 26");
            } catch (const std::exception&) {
                return std::string("size must be a number");
            }
        })
        ->capture_default_str();
    cmd->add_option("--depth", s->depth, "Deepest ply counted")->check(CLI::Range(1, 60))->capture_default_str();
    cmd->add_option("--from", s->from,
                    "Start from this position: OBF (64 of X/O/-, space, X/O) or board text (n*n of B/W/U, space, "
                    "B/W); overrides --size");
    cmd->add_flag("--reference", s->reference, "Count with the lab's char-array rules instead of bitboards (slow)");
    cmd->add_flag("--cross-check", s->crossCheck,
                  "Also count with the char-array rules and compare (exit status 1 on a mismatch)");
    cmd->callback([s, &action] { action = [s] { return runPerft(*s); }; });
    addExamples(*cmd, {"reversi perft --depth 9", "reversi perft --size 6 --depth 8 --cross-check"});
}

void addSolveCommand(CLI::App& app, Action& action) {
    auto s = std::make_shared<SolveBatchOptions>();
    CLI::App* cmd = app.add_subcommand(
        "solve", "Exact endgame solve of every position of a file (OBF or board text, one per line)");
    cmd->add_option("file", s->file, "Position file (e.g. fforum-40-59.obf)")->required();
    cmd->add_option("-j,--jobs", s->jobs, "Positions solved at once (one thread each)")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    cmd->add_flag("--check", s->check,
                  "Compare with the file's annotations (\"A2:+38\"): exit status 1 unless every score is the best "
                  "annotated score and every move is annotated with it");
    cmd->add_option("--first", s->first, "First position solved (1-based)")->check(CLI::Range(1, 1000000));
    cmd->add_option("--last", s->last, "Last position solved (default: the last of the file)")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--first-number", s->firstNumber,
                    "Number shown for the file's first position (20 for fforum-20-39.obf)")
        ->check(CLI::Range(0, 1000000));
    cmd->add_option("--table-bits", s->tableBits, "log2 of the transposition table entries (24 bytes each)")
        ->check(CLI::Range(10, 28))
        ->capture_default_str();
    cmd->callback([s, &action] { action = [s] { return runSolve(*s); }; });
    addExamples(*cmd, {"reversi solve tests/data/fforum-1-19.obf --check",
                       "reversi solve tests/data/fforum-20-39.obf --first-number 20 --last 10 -j 2"});
}

// The protocols' --move-time: CPU seconds, up to an hour.
void addMoveTimeOption(CLI::App* cmd, double& seconds, const char* help) {
    cmd->add_option("--move-time", seconds, help)->check(FiniteRange(0.001, 3600.0))->capture_default_str();
}

void addNBoardCommand(CLI::App& app, Action& action) {
    auto opts = std::make_shared<NBoardOptions>();
    CLI::App* cmd = app.add_subcommand("nboard", "Speak the NBoard protocol on standard input/output (8x8)");
    addMoveTimeOption(cmd, opts->moveTime, "CPU seconds per move when no depth limit applies");
    cmd->callback([opts, &action] {
        action = [opts] { return runNBoard(std::cin, std::cout, *opts); };
    });
    addExamples(*cmd, {"reversi nboard --move-time 2   (set as the engine command of an NBoard GUI)"});
}

void addGtpCommand(CLI::App& app, Action& action) {
    auto opts = std::make_shared<GtpOptions>();
    CLI::App* cmd = app.add_subcommand("gtp", "Speak GTP (Go Text Protocol, for Othello) on standard input/output");
    addMoveTimeOption(cmd, opts->moveTime, "CPU seconds per genmove");
    cmd->add_option("--depth", opts->depth, "Search exactly this many plies (0: until the time is up)")
        ->check(CLI::Range(0, 64))
        ->capture_default_str();
    cmd->callback([opts, &action] { action = [opts] { return runGtp(std::cin, std::cout, *opts); }; });
    addExamples(*cmd, {"reversi gtp --move-time 0.5", "printf 'boardsize 8\\ngenmove b\\n' | reversi gtp --depth 4"});
}

}  // namespace

void addToolCommands(CLI::App& app, Action& action) {
    addPerftCommand(app, action);
    addSolveCommand(app, action);
    addNBoardCommand(app, action);
    addGtpCommand(app, action);
}

}  // namespace reversi::app
