// `reversi`: every program of the project behind one command. With no subcommand it plays Part 2.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli.hpp"
#include "commands.hpp"
#include "platform/printable.hpp"

namespace {

// `reversi help [COMMAND [SUBCOMMAND]]`: the help of reversi or of one command, as --help prints it.
void addHelpCommand(CLI::App& app, reversi::app::Action& action) {
    auto topic = std::make_shared<std::vector<std::string>>();
    CLI::App* help = app.add_subcommand("help", "Show the help of reversi or of one command");
    help->add_option("command", *topic, "A command, and a subcommand of it (train8 corpus)");
    reversi::app::addExamples(*help, {"reversi help", "reversi help match", "reversi help train8 corpus"});
    help->callback([&app, &action, topic] {
        action = [&app, topic]() -> int {
            const CLI::App* at = &app;
            std::string path = "reversi";
            for (const std::string& name : *topic) {
                const CLI::App* sub = nullptr;
                for (const CLI::App* s : at->get_subcommands([](const CLI::App*) { return true; }))
                    if (s->get_name() == name) sub = s;
                if (!sub) {
                    std::cerr << "reversi help: " << path << " has no command \"" << reversi::printable(name, 40)
                              << "\" (reversi help lists the commands)\n";
                    return reversi::app::kExitUsage;
                }
                at = sub;
                path += " " + name;
            }
            // The formatter itself: App::help() of the top level would show the selected `help` command.
            std::cout << at->get_formatter()->make_help(at, path, CLI::AppFormatMode::Normal);
            return 0;
        };
    });
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Reversi (Othello) for boards 4x4 to 26x26: the course's lab programs, an engine, "
                 "opponents and tools.\nWith no command, plays Part 2 (human against the engine, the lab's exact "
                 "transcript); `reversi play` is the game for people at a terminal.",
                 "reversi"};
    app.set_version_flag("--version", reversi::app::versionText());
    app.require_subcommand(0, 1);
    reversi::app::Action action;
    reversi::app::addLabCommands(app, action);
    reversi::app::addPlayCommands(app, action);
    reversi::app::addMatchCommands(app, action);
    reversi::app::addGradeCommands(app, action);
    reversi::app::addSimilarityCommands(app, action);
    reversi::app::addLeaderboardCommands(app, action);
    reversi::app::addToolCommands(app, action);
    reversi::app::addEngineCommands(app, action);
    addHelpCommand(app, action);
    reversi::app::addExamples(app, {"reversi play                                   a game at the terminal",
                                    "reversi match part2 smartest --sizes 8,16,26   the engine against an opponent",
                                    "reversi help match                             one command's options"});
    int status = 0;
    if (!reversi::app::parseCommandLine(app, argc, argv, status)) return status;
    if (!action) action = reversi::app::defaultLabAction();
    return reversi::app::runCommand(app, action);
}
