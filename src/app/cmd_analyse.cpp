// `reversi analyse [POSITION | FILE | -]`: every legal move of a position scored, best first.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "programs/analyse.hpp"
#include "rules/position_text.hpp"

namespace reversi::app {

namespace {

struct AnalyseSettings {
    std::string input = "-";
    double moveTime = 1.0;
    int depth = 0;
};

int runAnalyse(const AnalyseSettings& s) {
    std::vector<TextPosition> positions;
    try {
        if (s.input == "-") {
            positions = readPositions(std::cin, "standard input");
        } else if (std::error_code ec; std::filesystem::is_regular_file(s.input, ec)) {
            // (A board text of 16x16 and up is longer than a file name may be: ec, not an exception.)
            positions = readPositionFile(s.input);
        } else {
            positions.push_back(parsePosition(s.input));
        }
    } catch (const std::exception& e) {
        std::cerr << "reversi analyse: " << e.what() << "\n";
        return 2;
    }
    if (positions.empty()) {
        std::cerr << "reversi analyse: no position given\n";
        return 2;
    }
    EngineOptions options;
    options.moveTime = s.moveTime;
    options.maxDepth = s.depth;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const TextPosition& p = positions[i];
        if (positions.size() > 1) std::printf("%sposition %zu\n", i ? "\n" : "", i + 1);
        if (!p.board.hasLegalMove(p.toMove)) {
            std::printf("%s has no legal move: %s\n", p.toMove == kBlack ? "Black" : "White",
                        p.board.isGameOver() ? "the game is over" : "pass");
            continue;
        }
        std::fputs(formatAnalysis(analysePosition(p.board, p.toMove, options)).c_str(), stdout);
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace

void addAnalyseCommand(CLI::App& app, Action& action) {
    auto s = std::make_shared<AnalyseSettings>();
    CLI::App* cmd = app.add_subcommand("analyse", "Score every legal move of a position, best first (exact where the search reaches the end)");
    cmd->add_option("position", s->input,
                    "A position (OBF, or board text of any size), a file of them, or - for standard input")
        ->capture_default_str();
    cmd->add_option("--time", s->moveTime, "CPU seconds of search after each move")->check(CLI::Range(0.001, 3600.0))->capture_default_str();
    cmd->add_option("--depth", s->depth, "Search exactly this many plies after each move (0: by time)")->check(CLI::Range(0, 64))->capture_default_str();
    addExamples(*cmd, {"reversi analyse --time 0.5 -- '---------------------------OX------XO--------------------------- X'   (-- before a position that starts with -)",
                       "reversi analyse tests/data/fforum-1-19.obf --depth 8",
                       "echo 'UUUUUBWUUWBUUUUU B' | reversi analyse -"});
    cmd->callback([s, &action] { action = [s] { return runAnalyse(*s); }; });
}

}  // namespace reversi::app
