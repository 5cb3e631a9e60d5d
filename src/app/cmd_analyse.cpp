// `reversi analyse [POSITION | FILE | -]`: every legal move of a position scored, best first.
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "programs/analyse.hpp"

namespace reversi::app {

void addAnalyseCommand(CLI::App& app, Action& action) {
    auto s = std::make_shared<AnalyseCommand>();
    CLI::App* cmd = app.add_subcommand("analyse", "Score every legal move of a position, best first (exact where the search reaches the end)");
    cmd->add_option("position", s->input,
                    "A position (OBF, or board text of any size), a file of them, or - for standard input")
        ->capture_default_str();
    cmd->add_option("--time", s->moveTime, "CPU seconds of search after each move")->check(FiniteRange(0.001, 3600.0))->capture_default_str();
    cmd->add_option("--depth", s->depth, "Search exactly this many plies after each move (0: by time)")->check(CLI::Range(0, 64))->capture_default_str();
    addExamples(*cmd, {"reversi analyse --time 0.5 -- '---------------------------OX------XO--------------------------- X'   (-- before a position that starts with -)",
                       "reversi analyse tests/data/fforum-1-19.obf --depth 8",
                       "echo 'UUUUUBWUUWBUUUUU B' | reversi analyse -"});
    cmd->callback([s, &action] { action = [s] { return runAnalyseCommand(*s); }; });
}

}  // namespace reversi::app
