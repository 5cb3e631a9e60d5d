#include "cli.hpp"

#include <iostream>
#include <string>

#include "platform/version.hpp"

namespace reversi::app {

const char* versionText() { return "reversi " REVERSI_VERSION; }

bool parseCommandLine(CLI::App& app, int argc, char** argv, int& status) {
    try {
        app.parse(argc, argv);
        return true;
    } catch (const CLI::Success& e) {  // --help, --version
        status = app.exit(e);
        return false;
    } catch (const CLI::ParseError& e) {
        // Name the command that failed: "reversi match", "reversi fit8 train", "lab7part2".
        std::string name = app.get_name().empty() ? "reversi" : app.get_name();
        for (const CLI::App* at = &app; !at->get_subcommands().empty();) {
            at = at->get_subcommands().front();
            name += " " + at->get_name();
        }
        std::cerr << name << ": " << e.what() << " (" << name << " --help lists the options)\n";
        status = kExitUsage;
        return false;
    }
}

void addExamples(CLI::App& command, std::initializer_list<const char*> examples) {
    std::string text = "\nExamples:";
    for (const char* example : examples) text += std::string("\n  ") + example;
    command.footer(text + "\n");
}

}  // namespace reversi::app
