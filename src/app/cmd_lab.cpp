#include <unistd.h>

#include <iostream>
#include <memory>

#include "cli.hpp"
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
        ->check(FiniteRange(0.001, 60.0))
        ->capture_default_str();
    cmd.add_option("--depth", settings.engine.maxDepth,
                   "Search exactly this many plies (deterministic, for reproducible transcripts); "
                   "0 deepens until the time is up")
        ->check(CLI::Range(0, 64))
        ->capture_default_str();
}

// At a terminal, the game programs say once (on standard error: standard output is the transcript) that
// they follow the course to the letter and where the forgiving game is.
void pointPeopleToPlay() {
    if (isatty(STDIN_FILENO))
        std::cerr << "reversi: this is the course's exact Lab 7 program, where an invalid move loses at once; "
                     "for a forgiving game with hints and undo, run `reversi play`.\n";
}

Action makeAction(LabProgram program, const LabSettings& settings) {
    return [program, settings]() -> int {
        installInterruptHandler();  // Ctrl-C during a search: a message and status 130
        if (program != LabProgram::kLab6) pointPeopleToPlay();
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

void addLabExamples(CLI::App& app, LabProgram program, const std::string& run) {
    switch (program) {
        case LabProgram::kLab6:
            addExamples(app, {(run + " < golden/lab6-handout-1.in          the handout's first run").c_str()});
            break;
        case LabProgram::kPart1:
            addExamples(app, {(run + "                                   play against the greedy computer").c_str(),
                              (run + " --edition 2022 < game.in         the 2022 wording, input from a file").c_str()});
            break;
        case LabProgram::kPart2:
            addExamples(app, {(run + "                                   play against the engine").c_str(),
                              (run + " --depth 4 < game.in              a reproducible engine (4 plies)").c_str(),
                              (run + " --move-time 0.2                  a faster engine").c_str()});
            break;
    }
}

void configureLabProgram(CLI::App& app, LabProgram program, Action& action, const std::string& invocation) {
    auto settings = std::make_shared<LabSettings>();
    if (program != LabProgram::kLab6) addEditionOption(app, *settings);
    if (program == LabProgram::kPart2) addEngineOptions(app, *settings);
    addLabExamples(app, program, invocation);
    app.callback([program, settings, &action] { action = makeAction(program, *settings); });
}

void addLabCommands(CLI::App& app, Action& action) {
    configureLabProgram(*app.add_subcommand("lab6", "Lab 6: board configuration and move legality checker"),
                        LabProgram::kLab6, action, "reversi lab6");
    configureLabProgram(*app.add_subcommand("part1", "Lab 7 Part 1: play against the greedy computer"),
                        LabProgram::kPart1, action, "reversi part1");
    configureLabProgram(
        *app.add_subcommand("part2", "Lab 7 Part 2: play against the engine (the default command)"),
        LabProgram::kPart2, action, "reversi part2");
}

Action defaultLabAction() { return makeAction(LabProgram::kPart2, LabSettings{}); }

int runLabExecutable(LabProgram program, const char* description, int argc, char** argv) {
    static const char* const kNames[] = {"lab6", "lab7part1", "lab7part2"};
    const char* name = kNames[static_cast<int>(program)];
    CLI::App app{description, name};
    app.set_version_flag("--version", versionText());
    Action action;
    configureLabProgram(app, program, action, name);
    int status = 0;
    if (!parseCommandLine(app, argc, argv, status)) return status;
    return action ? runCommand(app, action) : 1;
}

}  // namespace reversi::app
