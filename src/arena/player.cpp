#include "arena/player.hpp"

#include <charconv>
#include <stdexcept>

#include "eval/evaluate.hpp"
#include "players/greedy.hpp"
#include "players/opponents.hpp"
#include "engine/engine.hpp"

namespace reversi {

namespace {

[[noreturn]] void bad(const std::string& spec, const std::string& why) {
    throw std::invalid_argument("bad player \"" + spec + "\": " + why);
}

template <typename T>
bool parseNumber(const std::string& text, T& value) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end && !text.empty();
}

}  // namespace

std::vector<std::string> splitCommandLine(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    for (const char ch : text) {
        if (quote) {
            if (ch == quote)
                quote = 0;
            else
                word += ch;
        } else if (ch == '\'' || ch == '"') {
            quote = ch;
            inWord = true;
        } else if (ch == ' ' || ch == '\t' || ch == '\n') {
            if (inWord) words.push_back(word);
            word.clear();
            inWord = false;
        } else {
            word += ch;
            inWord = true;
        }
    }
    if (quote) throw std::invalid_argument("unterminated quote in \"" + text + "\"");
    if (inWord) words.push_back(word);
    return words;
}

Player parsePlayer(const std::string& spec) {
    Player player;
    player.name = spec;
    if (spec.rfind("gtp:", 0) == 0) {  // a GTP engine (gtp_player.hpp); openings allowed
        try {
            player.argv = splitCommandLine(spec.substr(4));
        } catch (const std::invalid_argument& e) {
            bad(spec, e.what());
        }
        if (player.argv.empty()) bad(spec, "no program named after gtp:");
        player.kind = PlayerKind::kGtp;
        return player;
    }
    if (spec.rfind("cmd:", 0) == 0 || spec.find('/') != std::string::npos) {
        const std::string command = spec.rfind("cmd:", 0) == 0 ? spec.substr(4) : spec;
        try {
            player.argv = splitCommandLine(command);
        } catch (const std::invalid_argument& e) {
            bad(spec, e.what());
        }
        if (player.argv.empty()) bad(spec, "no program named after cmd:");
        player.kind = PlayerKind::kExternal;
        player.name = command;
        return player;
    }
    const std::size_t colon = spec.find(':');
    const std::string base = spec.substr(0, colon);
    const std::string args = colon == std::string::npos ? std::string() : spec.substr(colon + 1);
    if (colon != std::string::npos && args.empty()) bad(spec, "nothing after ':'");
    if (base == "random") {
        player.kind = PlayerKind::kRandom;
        if (!args.empty()) {
            if (!parseNumber(args, player.seed)) bad(spec, "the seed must be a non-negative integer");
            player.hasSeed = true;
        }
    } else if (base == "greedy" || base == "smarter" || base == "smartest") {
        if (!args.empty()) bad(spec, base + " takes no options");
        player.kind = base == "greedy" ? PlayerKind::kGreedy
                      : base == "smarter" ? PlayerKind::kSmarter
                                          : PlayerKind::kSmartest;
    } else if (base == "part2") {
        player.kind = PlayerKind::kPart2;
        std::size_t start = 0;
        while (start <= args.size() && !args.empty()) {
            std::size_t comma = args.find(',', start);
            if (comma == std::string::npos) comma = args.size();
            const std::string option = args.substr(start, comma - start);
            const std::size_t eq = option.find('=');
            const std::string key = option.substr(0, eq);
            const std::string value = eq == std::string::npos ? std::string() : option.substr(eq + 1);
            if (key == "time") {
                double seconds = 0;
                if (!parseNumber(value, seconds) || !(seconds >= 0.001 && seconds <= 60))
                    bad(spec, "time= takes CPU seconds per move from 0.001 to 60");
                player.engine.moveTime = seconds;
            } else if (key == "depth") {
                int depth = 0;
                if (!parseNumber(value, depth) || depth < 0 || depth > 64)
                    bad(spec, "depth= takes a number of plies from 0 to 64");
                player.engine.maxDepth = depth;
            } else if (key.rfind("w.", 0) == 0) {
                auto weights = std::make_shared<EvalWeights>(player.weights ? *player.weights : defaultEvalWeights());
                try {
                    applyWeights(*weights, key.substr(2) + "=" + value);
                } catch (const std::invalid_argument& e) {
                    bad(spec, e.what());
                }
                player.weights = weights;
            } else if (key == "asp") {
                int window = 0;
                if (!parseNumber(value, window) || window < 0 || window > 100000)
                    bad(spec, "asp= takes an aspiration window in 1/100 discs from 0 (off) to 100000");
                player.engine.aspiration = window;
            } else if (key == "mpc") {
                if (value != "on" && value != "off") bad(spec, "mpc= takes on or off");
                player.engine.probCut = value == "on";
            } else if (key == "eval") {
                if (value != "hand" && value != "default") bad(spec, "eval= takes hand or default");
                player.engine.evaluation = value == "hand" ? Evaluation::kHand : Evaluation::kDefault;
            } else {
                bad(spec, "unknown part2 option \"" + key + "\" (options: time=SECONDS, depth=PLIES, eval=hand|default, mpc=on|off, asp=WINDOW, w.WEIGHT=VALUE)");
            }
            start = comma + 1;
            if (comma == args.size()) break;
        }
    } else {
        bad(spec,
            "expected random[:SEED], greedy, smarter, smartest, part2[:time=S,depth=D,eval=E], cmd:PROGRAM ARGS... "
            "or a program path containing '/'");
    }
    return player;
}

std::unique_ptr<Mover> makeBuiltinMover(const Player& player, std::uint64_t seed) {
    switch (player.kind) {
        case PlayerKind::kRandom: return std::make_unique<RandomMover>(seed);
        case PlayerKind::kGreedy: return std::make_unique<GreedyMover>();
        case PlayerKind::kSmarter: return std::make_unique<SmarterMover>();
        case PlayerKind::kSmartest: return std::make_unique<SmartestMover>();
        case PlayerKind::kPart2: {
            EngineOptions options = player.engine;
            if (player.weights) options.weights = player.weights.get();
            return std::make_unique<EngineMover>(options);
        }
        case PlayerKind::kExternal:
        case PlayerKind::kGtp: break;
    }
    throw std::logic_error("makeBuiltinMover: not a built-in player");
}

}  // namespace reversi
