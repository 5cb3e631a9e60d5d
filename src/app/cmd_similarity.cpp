// `reversi similarity SUBMISSION...`: the most similar pairs of students' sources (docs/grading.md#similarity).
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "platform/atomic_file.hpp"
#include "programs/similarity.hpp"

namespace reversi::app {

namespace {

struct SimilaritySettings {
    std::vector<std::string> submissions;
    SimilarityOptions options;
    std::size_t top = 20;
    std::string json;
};

int run(const SimilaritySettings& s) {
    try {
        const SimilarityReport report = compareSubmissions(s.submissions, s.options);
        if (!s.json.empty()) writeFileAtomically(s.json, similarityJson(report));
        std::cout << similarityText(report, s.top);
        return 0;
    } catch (const std::exception& e) {  // a command line that cannot be used: 2; anything else: 1
        std::cerr << "reversi similarity: " << e.what() << "\n";
        return dynamic_cast<const std::invalid_argument*>(&e) ? kExitUsage : 1;
    }
}

}  // namespace

void addSimilarityCommands(CLI::App& app, Action& action) {
    auto s = std::make_shared<SimilaritySettings>();
    CLI::App* cmd = app.add_subcommand(
        "similarity", "The most similar pairs of submissions' C sources (Debian's sim_c): evidence, never a mark");
    cmd->add_option("submissions", s->submissions, "Submission directories (their .c files) or C source files")
        ->required()
        ->expected(2, 1000000);
    cmd->add_option("--base", s->options.base, "The course's starter code: what matches it is left out of every comparison");
    cmd->add_option("--top", s->top, "Pairs shown")->check(CLI::Range(1, 1000000))->capture_default_str();
    cmd->add_option("--min-run", s->options.minimumRun, "Shortest run of matching tokens counted (sim_c -r)")
        ->check(CLI::Range(4, 10000))
        ->capture_default_str();
    cmd->add_option("--json", s->json, "Also write the whole report here as JSON");
    addExamples(*cmd, {"reversi similarity submissions/*/", "reversi similarity submissions/*/ --base starter.c --top 10",
                       "reversi similarity submissions/*/ --json similarity.json"});
    cmd->callback([s, &action] { action = [s] { return run(*s); }; });
}

}  // namespace reversi::app
