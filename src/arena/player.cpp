#include "arena/player.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <map>
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

std::string joinCommandLine(const std::vector<std::string>& words) {
    std::string line;
    for (const std::string& word : words) {
        if (!line.empty()) line += ' ';
        const bool plain = !word.empty() && word.find_first_of(" \t\n'\"") == std::string::npos;
        if (plain)
            line += word;
        else if (word.find('\'') == std::string::npos)
            line += "'" + word + "'";
        else
            line += "\"" + word + "\"";  // splitCommandLine has no escapes: a word with both quotes cannot be written
    }
    return line;
}

namespace {

// "nboard:...", "gtpx:..." and the like: an unknown kind, not a program, even when the spec has a '/'.
void refuseUnknownKind(const std::string& spec) {
    const std::size_t prefixEnd = spec.find(':');
    if (prefixEnd == std::string::npos || prefixEnd == 0) return;
    const std::string prefix = spec.substr(0, prefixEnd);
    const bool word = std::all_of(prefix.begin(), prefix.end(), [](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
    });
    static const char* const kKnown[] = {"cmd", "gtp", "nboard", "random", "greedy", "smarter", "smartest", "part2"};
    if (word && std::none_of(std::begin(kKnown), std::end(kKnown), [&](const char* k) { return prefix == k; }))
        bad(spec, "unknown player kind \"" + prefix + ":\" (known: random:, part2:, cmd:, gtp:, nboard:)");
}

std::vector<std::string> commandWords(const std::string& spec, const std::string& command) {
    try {
        return splitCommandLine(command);
    } catch (const std::invalid_argument& e) {
        bad(spec, e.what());
    }
}

// An NBoard engine (nboard_player.hpp): 8x8, openings allowed; "nboard:depth=D PROGRAM ARGS...".
void parseNBoard(const std::string& spec, PlayerSpec& player) {
    player.argv = commandWords(spec, spec.substr(7));
    if (!player.argv.empty() && player.argv[0].rfind("depth=", 0) == 0) {
        int depth = 0;
        if (!parseNumber(player.argv[0].substr(6), depth) || depth < 1 || depth > 60)
            bad(spec, "depth= takes a level from 1 to 60");
        player.nboardDepth = depth;
        player.argv.erase(player.argv.begin());
    }
    if (player.argv.empty()) bad(spec, "no program named after nboard:");
    player.kind = PlayerKind::kNBoard;
}

void applyPart2Option(const std::string& spec, const std::string& key, const std::string& value, PlayerSpec& player) {
    if (key == "time") {
        double seconds = 0;
        if (!parseNumber(value, seconds) || !(seconds >= 0.001 && seconds <= 60))
            bad(spec, "time= takes CPU seconds per move from 0.001 to 60");
        player.engine.moveTime = seconds;
    } else if (key == "depth") {
        int depth = 0;
        if (!parseNumber(value, depth) || depth < 0 || depth > 64) bad(spec, "depth= takes a number of plies from 0 to 64");
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
}

// "part2:time=0.1,depth=6,...": options separated by commas.
void parsePart2Options(const std::string& spec, const std::string& args, PlayerSpec& player) {
    std::size_t start = 0;
    while (start <= args.size() && !args.empty()) {
        std::size_t comma = args.find(',', start);
        if (comma == std::string::npos) comma = args.size();
        const std::string option = args.substr(start, comma - start);
        const std::size_t eq = option.find('=');
        applyPart2Option(spec, option.substr(0, eq), eq == std::string::npos ? std::string() : option.substr(eq + 1),
                         player);
        start = comma + 1;
        if (comma == args.size()) break;
    }
}

// random[:SEED], greedy, smarter, smartest, part2[:OPTIONS].
void parseBuiltin(const std::string& spec, PlayerSpec& player) {
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
        parsePart2Options(spec, args, player);
    } else {
        bad(spec,
            "expected random[:SEED], greedy, smarter, smartest, part2[:time=S,depth=D,eval=E], cmd:PROGRAM ARGS... "
            "or a program path containing '/'");
    }
}

}  // namespace

PlayerSpec parsePlayer(const std::string& spec) {
    PlayerSpec player;
    player.name = spec;
    player.spec = spec;
    refuseUnknownKind(spec);
    if (spec.rfind("gtp:", 0) == 0) {  // a GTP engine (gtp_player.hpp); openings allowed
        player.argv = commandWords(spec, spec.substr(4));
        if (player.argv.empty()) bad(spec, "no program named after gtp:");
        player.kind = PlayerKind::kGtp;
    } else if (spec.rfind("nboard:", 0) == 0) {
        parseNBoard(spec, player);
    } else if (spec.rfind("cmd:", 0) == 0 || spec.find('/') != std::string::npos) {
        const std::string command = spec.rfind("cmd:", 0) == 0 ? spec.substr(4) : spec;
        player.argv = commandWords(spec, command);
        if (player.argv.empty()) bad(spec, "no program named after cmd:");
        player.kind = PlayerKind::kExternal;
        player.name = command;
    } else {
        parseBuiltin(spec, player);
    }
    return player;
}

namespace {

namespace fs = std::filesystem;

bool isExecutableFile(const fs::path& path) {
    struct stat info {};
    return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && access(path.c_str(), X_OK) == 0;
}

// The path to a program named without '/', from PATH; empty when there is none.
std::string searchPath(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const fs::path candidate = fs::path(end > start ? dirs.substr(start, end - start) : ".") / name;
        if (isExecutableFile(candidate)) return candidate.string();
        start = end + 1;
    }
    return {};
}

// A path cut to its last two parts: /home/x/subs/alice/a.out -> alice/a.out.
std::string shortPath(const std::string& word) {
    const fs::path path = fs::path(word).lexically_normal();
    std::vector<std::string> parts;
    for (const auto& part : path)
        if (!part.empty() && part != "/" && part != ".") parts.push_back(part.string());
    if (parts.size() <= 2) return parts.empty() ? word : (parts.size() == 1 ? parts[0] : parts[0] + "/" + parts[1]);
    return parts[parts.size() - 2] + "/" + parts.back();
}

}  // namespace

void resolveProgram(PlayerSpec& player) {
    if (!player.runsProgram()) return;
    const std::string prefix = player.kind == PlayerKind::kGtp      ? "gtp:"
                               : player.kind == PlayerKind::kNBoard ? "nboard:" + (player.nboardDepth > 0 ? "depth=" + std::to_string(player.nboardDepth) + " " : std::string())
                                                                    : "cmd:";
    std::string& program = player.argv[0];
    std::string shortName;
    std::error_code ec;
    if (fs::is_directory(program, ec)) {
        // A submission's directory: its program.
        const fs::path dir = fs::path(program);
        fs::path found;
        for (const char* name : {"lab7part2", "a.out"})
            if (isExecutableFile(dir / name)) {
                found = dir / name;
                break;
            }
        if (found.empty()) {
            int count = 0;
            for (const auto& entry : fs::directory_iterator(dir, ec))
                if (isExecutableFile(entry.path())) ++count, found = entry.path();
            if (count != 1) found.clear();
        }
        if (found.empty())
            throw std::invalid_argument("bad player \"" + player.spec + "\": the directory " + program +
                                        " holds no lab7part2, no a.out and not exactly one executable file");
        shortName = fs::absolute(dir, ec).lexically_normal().filename().string();
        if (shortName.empty()) shortName = fs::absolute(dir, ec).lexically_normal().parent_path().filename().string();
        program = found.string();
        player.submission = true;
    }
    if (program.find('/') == std::string::npos) {
        if (searchPath(program).empty())
            throw std::invalid_argument("bad player \"" + player.spec + "\": no program \"" + program +
                                        "\" on the PATH");
    } else if (!fs::exists(program, ec)) {
        throw std::invalid_argument("bad player \"" + player.spec + "\": no program " + program);
    } else if (!isExecutableFile(program)) {
        throw std::invalid_argument("bad player \"" + player.spec + "\": " + program + " is not an executable file");
    }
    std::vector<std::string> shortWords;
    for (std::size_t i = 0; i < player.argv.size(); ++i) {
        std::string& word = player.argv[i];
        const bool path = word.find('/') != std::string::npos && word[0] != '-';
        if (path || (i > 0 && word[0] != '-' && fs::exists(word, ec))) {
            if (fs::exists(word, ec)) word = fs::absolute(word, ec).lexically_normal().string();
        }
        shortWords.push_back(path ? shortPath(word) : word);
    }
    // A submission's folder stays its spec, so that a `reversi game` line of --plan runs it as a
    // submission too (in its folder's view: platform/sandbox.hpp).
    std::vector<std::string> specWords = player.argv;
    if (player.submission) specWords[0] = fs::absolute(fs::path(player.argv[0]).parent_path(), ec).lexically_normal().string();
    player.spec = prefix + joinCommandLine(specWords);
    if (shortName.empty()) shortName = joinCommandLine(shortWords);
    player.name = player.kind == PlayerKind::kExternal ? shortName : prefix + shortName;
}

void distinctNames(std::vector<PlayerSpec>& players) {
    std::map<std::string, std::vector<std::size_t>> byName;
    for (std::size_t i = 0; i < players.size(); ++i) byName[players[i].name].push_back(i);
    for (auto& [name, indices] : byName) {
        if (indices.size() < 2) continue;
        std::map<std::string, int> specs;
        for (const std::size_t i : indices) ++specs[players[i].spec];
        if (specs.size() > 1)  // different programs under one short name: their whole specs
            for (const std::size_t i : indices) players[i].name = players[i].spec.rfind("cmd:", 0) == 0 ? players[i].spec.substr(4) : players[i].spec;
    }
    // The same spec (or whole name) twice: number the copies.
    std::map<std::string, int> total, seen;
    for (const PlayerSpec& p : players) ++total[p.name];
    for (PlayerSpec& p : players) {
        if (total[p.name] < 2) continue;
        const int number = ++seen[p.name];
        p.name.push_back('#');
        p.name.append(std::to_string(number));
    }
}

void requireTakesOpening(const PlayerSpec& player) {
    if (player.isExternal())
        throw std::invalid_argument("openings need built-in, GTP or NBoard players: the lab-protocol program \"" +
                                    player.name + "\" always starts from the standard position");
}

std::unique_ptr<Mover> makeBuiltinMover(const PlayerSpec& player, std::uint64_t seed) {
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
        case PlayerKind::kGtp:
        case PlayerKind::kNBoard: break;
    }
    throw std::logic_error("makeBuiltinMover: not a built-in player");
}

}  // namespace reversi
