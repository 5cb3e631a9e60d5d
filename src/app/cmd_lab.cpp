#include <iostream>
#include <memory>

#include "commands.hpp"
#include "engine/engine.hpp"
#include "players/greedy.hpp"
#include "platform/interrupt.hpp"
#include "programs/lab_programs.hpp"

namespace reversi::app {

namespace {

struct LabSettings {
    std::string edition = "2018";
    EngineOptions engine;
};

void addEditionOption(CLI::App& cmd, LabSettings& settings) {
    cmd.add_option("--edition", settings.edition,
                   "Handout wording: 2018 prints 'Computer plays (B/W) : ', 2022 'Computer plays (B/W): '")
        ->check(CLI::IsMember({"2018", "2022"}))
        ->capture_default_str();
}

void addEngineOptions(CLI::App& cmd, LabSettings& settings) {
    cmd.add_option("--move-time", settings.engine.moveTime,
                   "Hard limit on CPU seconds (getrusage user time) per computer move")
        ->check(CLI::Range(0.001, 60.0))
        ->capture_default_str();
    cmd.add_option("--depth", settings.engine.maxDepth,
                   "Search exactly this many plies (deterministic, for reproducible transcripts); "
                   "0 deepens until the time is up")
        ->check(CLI::Range(0, 64))
        ->capture_default_str();
}

Action makeAction(LabProgram program, const LabSettings& settings) {
    return [program, settings]() -> int {
        installInterruptHandler();  // Ctrl-C during a search: a message and status 130
        const Edition edition = settings.edition == "2022" ? Edition::k2022 : Edition::k2018;
        switch (program) {
            case LabProgram::kLab6:
                return runLab6(std::cin, std::cout, std::cerr);
            case LabProgram::kPart1: {
                GreedyMover greedy;
                return runLabGame(std::cin, std::cout, std::cerr, greedy, edition);
            }
            case LabProgram::kPart2: {
                EngineMover engine(settings.engine);
                return runLabGame(std::cin, std::cout, std::cerr, engine, edition);
            }
        }
        return 1;
    };
}

}  // namespace

void configureLabProgram(CLI::App& app, LabProgram program, Action& action) {
    auto settings = std::make_shared<LabSettings>();
    if (program != LabProgram::kLab6) addEditionOption(app, *settings);
    if (program == LabProgram::kPart2) addEngineOptions(app, *settings);
    app.callback([program, settings, &action] { action = makeAction(program, *settings); });
}

void addLabCommands(CLI::App& app, Action& action) {
    configureLabProgram(*app.add_subcommand("lab6", "Lab 6: board configuration and move legality checker"),
                        LabProgram::kLab6, action);
    configureLabProgram(*app.add_subcommand("part1", "Lab 7 Part 1: play against the greedy computer"),
                        LabProgram::kPart1, action);
    configureLabProgram(
        *app.add_subcommand("part2", "Lab 7 Part 2: play against the engine (the default command)"),
        LabProgram::kPart2, action);
}

Action defaultLabAction() { return makeAction(LabProgram::kPart2, LabSettings{}); }

int runLabExecutable(LabProgram program, const char* description, int argc, char** argv) {
    CLI::App app{description};
    Action action;
    configureLabProgram(app, program, action);
    CLI11_PARSE(app, argc, argv);
    return action ? action() : 1;
}

}  // namespace reversi::app
