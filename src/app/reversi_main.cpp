// `reversi`: every program of the project behind one command. With no subcommand it plays Part 2.
#include "commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"Reversi (Othello) for boards 4x4 to 26x26: the course's lab programs, an engine, "
                 "opponents and tools.\nWith no subcommand, plays Part 2 (human against the engine)."};
    app.require_subcommand(0, 1);
    reversi::app::Action action;
    reversi::app::addLabCommands(app, action);
    reversi::app::addMatchCommands(app, action);
    reversi::app::addToolCommands(app, action);
    reversi::app::addPlayCommands(app, action);
    reversi::app::addEngineCommands(app, action);
    CLI11_PARSE(app, argc, argv);
    if (!action) action = reversi::app::defaultLabAction();
    return action();
}
