// `reversi play` and `reversi replay FILE`: their options (programs/play_command.hpp runs them).
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "programs/play_command.hpp"

namespace reversi::app {

namespace {

const char* kSeatHelp =
    "human, greedy, smarter, smartest, random[:SEED] or part2[:time=SECONDS,depth=PLIES,eval=hand] "
    "(plain part2 takes --level and --move-time)";

}  // namespace

void addPlayCommands(CLI::App& app, Action& action) {
    auto a = std::make_shared<PlayArgs>();
    CLI::App* play = app.add_subcommand(
        "play", "Play at a terminal: two people, a person against an engine, or watch two engines; settings "
                "are remembered between games");
    play->add_option("--size", a->size, "Board size: an even number from 4 to 26 (remembered; default 8)")
        ->check(CLI::Range(4, 26));
    play->add_option("--black", a->black, std::string("Black's seat: ") + kSeatHelp + " (remembered; default human)");
    play->add_option("--white", a->white, std::string("White's seat: ") + kSeatHelp + " (remembered; default part2)");
    play->add_option("--black-name", a->blackName, "Black's name ('-' for none; remembered)");
    play->add_option("--white-name", a->whiteName, "White's name ('-' for none; remembered)");
    play->add_option("--level", a->level,
                     "part2's level: search depth 1-64, or 0 for as deep as the move time allows (remembered; "
                     "default 0)")
        ->check(CLI::Range(0, 64));
    play->add_option("--move-time", a->moveTime, "part2's CPU seconds per move (remembered; default 0.75)")
        ->check(FiniteRange(0.001, 60.0));
    play->add_flag("--color", a->color, "Colours even when the output is not a terminal (this game only; remembered as colours at a terminal)");
    play->add_flag("--no-color", a->noColor, "Plain text without escape codes (remembered)");
    play->add_flag("--ascii", a->ascii, "X and O for the discs even in a UTF-8 terminal");
    play->add_flag("--show-moves", a->showMoves, "Mark the legal moves on every board (remembered)");
    play->add_flag("--no-show-moves", a->noShowMoves, "Mark legal moves only on request (remembered)");
    play->add_option("--delay", a->delay,
                     "Seconds between moves when two computers play (remembered; default 0.6, used at a terminal)")
        ->check(FiniteRange(0.0, 60.0));
    play->add_flag("--ask", a->ask, "Ask for the size, seats, names and engine settings before the game");
    play->add_flag("--no-ask", a->noAsk, "Never ask: use the remembered settings and the options");
    play->add_option("--load", a->load, "Continue a saved game (its size replaces --size)");
    play->add_option("--record", a->record, "Write the game record to this file at the end of the game");
    play->add_option("--hint-time", a->hintTime, "CPU seconds the engine thinks for a hint")
        ->check(FiniteRange(0.001, 60.0))
        ->capture_default_str();
    play->add_flag("--scroll", a->scroll, "Do not clear the screen between moves");
    play->add_option("--config", a->config,
                     "Settings file (default $XDG_CONFIG_HOME/reversi/play.conf or ~/.config/reversi/play.conf)");
    play->add_flag("--no-remember", a->noRemember, "Do not write this game's settings back to the settings file");
    play->add_option("--seed", a->seed, "Seed for unseeded random players")->each([a](const std::string&) {
        a->seedGiven = true;
    });
    play->callback([a, &action] { action = [a] { return runPlay(*a); }; });
    addExamples(*play, {"reversi play                                     asks for the size and the seats",
                        "reversi play --black human --white human         two people",
                        "reversi play --white part2 --level 6             you (Black) against the engine, 6 plies deep",
                        "reversi play --black smartest --white part2 --delay 1   watch two computers"});

    auto r = std::make_shared<ReplayArgs>();
    CLI::App* replay = app.add_subcommand("replay", "Show a saved game move by move");
    replay->add_option("file", r->file, "A saved game: '8 f5d6c3...' or 'size 8' and the moves (from play, "
                                        "save or match --save-games)")
        ->required();
    replay->add_flag("--color", r->color, "Colours even when the output is not a terminal");
    replay->add_flag("--no-color", r->noColor, "Plain text without escape codes");
    replay->add_flag("--ascii", r->ascii, "X and O for the discs even in a UTF-8 terminal");
    replay->add_flag("--step", r->step, "Wait for Enter after each move (the default at a terminal)");
    replay->add_flag("--no-step", r->noStep, "Show every move at once");
    replay->add_option("--delay", r->delay, "Seconds between moves instead of waiting for Enter")
        ->check(FiniteRange(0.0, 60.0));
    replay->callback([r, &action] { action = [r] { return runReplayCommand(*r); }; });
    addExamples(*replay, {"reversi replay game.txt", "reversi replay games/game-0001.txt --no-step"});
}

}  // namespace reversi::app
