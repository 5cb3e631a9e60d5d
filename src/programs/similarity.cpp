#include "programs/similarity.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "platform/atomic_file.hpp"
#include "platform/json_text.hpp"
#include "platform/printable.hpp"
#include "platform/text_file.hpp"
#include "programs/grade_program.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kSourceBytes = std::size_t{4} << 20;  // far beyond any lab's source

// A private folder for the copies, removed with everything in it.
struct PrivateFolder {
    std::string path;
    PrivateFolder() {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/reversi-similarity-XXXXXX";
        if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary folder in " + pattern);
        path = pattern;
    }
    ~PrivateFolder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    PrivateFolder(const PrivateFolder&) = delete;
    PrivateFolder& operator=(const PrivateFolder&) = delete;
};

bool isRegularFile(const fs::path& path) {
    struct stat info {};
    return lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);  // a link is never followed
}

// The C sources of a submission (a directory's regular .c files in name order, or one file); empty
// with `why` set when there are none to read.
std::vector<fs::path> sourcesOf(const std::string& submission, std::string& why) {
    struct stat info {};
    if (lstat(submission.c_str(), &info) != 0)
        throw std::invalid_argument(submission + " does not exist (a submission is a directory or a C source file)");
    if (S_ISLNK(info.st_mode)) why = "a symbolic link (never followed)";
    if (S_ISREG(info.st_mode)) return {fs::path(submission)};
    if (!S_ISDIR(info.st_mode)) {
        if (why.empty()) throw std::invalid_argument(submission + " is neither a submission directory nor a C source file");
        return {};
    }
    std::vector<fs::path> sources;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(submission, ec))
        if (entry.path().extension() == ".c" && isRegularFile(entry.path())) sources.push_back(entry.path());
    std::sort(sources.begin(), sources.end());
    if (sources.empty()) why = "no C source file (symbolic links are not followed)";
    return sources;
}

std::string displayName(const std::string& submission) {
    fs::path p = fs::absolute(submission).lexically_normal();
    if (p.filename().empty()) p = p.parent_path();
    return p.filename().string();
}

// Runs sim_c in the sandbox on the copies in `folder` (by their names); its standard output.
std::string runSim(const SimilarityOptions& options, const std::string& folder, std::vector<std::string> args) {
    SandboxOptions sandbox;
    for (const std::string& a : args)
        if (a != "/" && a[0] != '-' && fs::exists(fs::path(folder) / a)) sandbox.copyIn.push_back(folder + "/" + a);
    args.insert(args.begin(), {options.program, "-e", "-n", "-r", std::to_string(options.minimumRun)});
    const Run run = runSandboxed(args, "", sandbox, 300, 900, std::size_t{256} << 20, 2048);
    if (!run.error.empty())
        throw std::runtime_error("cannot run " + options.program + " (Debian's similarity-tester: apt-get install "
                                 "similarity-tester): " + run.error);
    const std::string why = exitText(run);
    if (!why.empty()) throw std::runtime_error(options.program + ": " + why + " " + quotedExcerpt(run.stderrHead, 200));
    return run.output;
}

// Blanks the lines of each copy that sim_c matched in the starter code, so that they count for nothing.
void leaveOutBase(const SimilarityOptions& options, const std::string& folder, const std::vector<std::string>& copies) {
    std::vector<std::string> args{"-S"};
    args.insert(args.end(), copies.begin(), copies.end());
    args.insert(args.end(), {"/", "base.c"});
    std::map<std::string, std::set<int>> blank;
    for (const SimRun& run : parseSimRuns(runSim(options, folder, args)))
        if (run.second == "base.c")
            for (int line = run.region.firstFrom; line <= run.region.firstTo; ++line) blank[run.first].insert(line);
    for (const auto& [copy, lines] : blank) {
        std::istringstream in(readWholeFile(folder + "/" + copy, kSourceBytes));
        std::string text, line;
        for (int number = 1; std::getline(in, line); ++number) text += (lines.count(number) ? "" : line) + "\n";
        writeFileAtomically(folder + "/" + copy, text);
    }
}

// Each pair's runs, shares and regions from sim_c's runs between the copies s0.c, s1.c, ...
std::vector<SimilarPair> pairsFrom(const std::vector<SimRun>& runs, const std::vector<int>& tokens) {
    std::map<std::pair<std::size_t, std::size_t>, SimilarPair> pairs;
    std::set<std::vector<int>> seen;  // a run listed from both sides counts once
    for (const SimRun& run : runs) {
        if (run.first.size() < 2 || run.second.size() < 2 || run.first[0] != 's' || run.second[0] != 's') continue;
        std::size_t a = std::strtoul(run.first.c_str() + 1, nullptr, 10), b = std::strtoul(run.second.c_str() + 1, nullptr, 10);
        SimilarRegion r = run.region;
        if (a == b || a >= tokens.size() || b >= tokens.size()) continue;
        if (a > b) {
            std::swap(a, b);
            std::swap(r.firstFrom, r.secondFrom);
            std::swap(r.firstTo, r.secondTo);
        }
        if (!seen.insert({int(a), int(b), r.firstFrom, r.firstTo, r.secondFrom, r.secondTo}).second) continue;
        SimilarPair& p = pairs[{a, b}];
        p.first = a;
        p.second = b;
        p.tokens += r.tokens;
        p.regions.push_back(r);
    }
    std::vector<SimilarPair> list;
    for (auto& [key, p] : pairs) {
        p.firstShare = std::min(100.0, 100.0 * p.tokens / std::max(1, tokens[p.first]));
        p.secondShare = std::min(100.0, 100.0 * p.tokens / std::max(1, tokens[p.second]));
        std::sort(p.regions.begin(), p.regions.end(), [](const SimilarRegion& x, const SimilarRegion& y) { return x.tokens > y.tokens; });
        list.push_back(p);
    }
    std::sort(list.begin(), list.end(), [](const SimilarPair& x, const SimilarPair& y) {
        const double mx = std::max(x.firstShare, x.secondShare), my = std::max(y.firstShare, y.secondShare);
        return mx != my ? mx > my : x.tokens > y.tokens;
    });
    return list;
}

}  // namespace

std::vector<SimRun> parseSimRuns(const std::string& output) {
    static const std::regex line(R"(^(\S+): line (\d+)-(\d+)\s*\|(\S+): line (\d+)-(\d+)\s*\[(\d+)\]\s*$)");
    std::vector<SimRun> runs;
    std::istringstream in(output);
    std::string text;
    std::smatch m;
    while (std::getline(in, text))
        if (std::regex_match(text, m, line))
            runs.push_back({m[1], m[4], SimilarRegion{std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[5]), std::stoi(m[6]), std::stoi(m[7])}});
    return runs;
}

int parseSimTokens(const std::string& output, const std::string& file) {
    const std::string prefix = "File " + file + ": ";
    const std::size_t at = output.find(prefix);
    if (at == std::string::npos || (at > 0 && output[at - 1] != '\n')) return 0;
    return std::atoi(output.c_str() + at + prefix.size());
}

SimilarityReport compareSubmissions(const std::vector<std::string>& submissions, const SimilarityOptions& options) {
    SimilarityReport report;
    PrivateFolder folder;
    std::vector<std::string> copies;
    for (const std::string& submission : submissions) {
        std::string why;
        const std::vector<fs::path> sources = sourcesOf(submission, why);
        const std::string name = displayName(submission);
        if (std::find(report.names.begin(), report.names.end(), name) != report.names.end())
            throw std::invalid_argument("two submissions are named " + name);
        std::string text;
        try {
            for (const fs::path& source : sources) text += readWholeFile(source.string(), kSourceBytes);
        } catch (const std::exception& e) {
            why = e.what();
        }
        if (sources.empty() || !why.empty()) {
            report.notes.push_back(name + ": left out: " + why);
            continue;
        }
        copies.push_back(formatText("s%zu.c", report.names.size()));
        writeFileAtomically(folder.path + "/" + copies.back(), text);
        report.names.push_back(name);
    }
    if (report.names.size() < 2) throw std::invalid_argument("fewer than two submissions with C sources to compare");
    if (!options.base.empty()) {
        if (!isRegularFile(options.base)) throw std::invalid_argument(options.base + " is not a regular file (--base)");
        writeFileAtomically(folder.path + "/base.c", readWholeFile(options.base, kSourceBytes));
        leaveOutBase(options, folder.path, copies);
        report.base = true;
    }
    std::vector<std::string> args{"-s"};
    args.insert(args.end(), copies.begin(), copies.end());
    const std::string output = runSim(options, folder.path, args);
    for (const std::string& copy : copies) report.tokens.push_back(parseSimTokens(output, copy));
    report.pairs = pairsFrom(parseSimRuns(output), report.tokens);
    return report;
}

std::string similarityText(const SimilarityReport& report, std::size_t top) {
    std::string text = formatText("The most similar of %zu submissions (sim_c)%s. A percentage is the share of one "
                                  "submission's tokens found in the other: evidence to read, never a mark.\n",
                                  report.names.size(), report.base ? ", the starter code left out" : "");
    for (const std::string& note : report.notes) text += "  " + note + "\n";
    if (report.pairs.empty()) text += "No two submissions share a run of matching tokens.\n";
    for (std::size_t i = 0; i < report.pairs.size() && i < top; ++i) {
        const SimilarPair& p = report.pairs[i];
        const std::string& a = report.names[p.first];
        const std::string& b = report.names[p.second];
        text += formatText("%2zu. %s ~ %s: %.0f%% of %s in %s, %.0f%% of %s in %s (%d tokens in %zu runs)\n", i + 1,
                           a.c_str(), b.c_str(), p.firstShare, a.c_str(), b.c_str(), p.secondShare, b.c_str(), a.c_str(),
                           p.tokens, p.regions.size());
        for (std::size_t r = 0; r < p.regions.size() && r < 5; ++r)
            text += formatText("      %s lines %d-%d ~ %s lines %d-%d (%d tokens)\n", a.c_str(), p.regions[r].firstFrom,
                               p.regions[r].firstTo, b.c_str(), p.regions[r].secondFrom, p.regions[r].secondTo,
                               p.regions[r].tokens);
        if (p.regions.size() > 5) text += formatText("      (+%zu more runs)\n", p.regions.size() - 5);
    }
    if (report.pairs.size() > top) text += formatText("(%zu more pairs; --top N shows more)\n", report.pairs.size() - top);
    return text;
}

std::string similarityJson(const SimilarityReport& report) {
    Json j{{"tool", "sim_c"}, {"base_left_out", report.base}, {"notes", report.notes}};
    j["submissions"] = Json::array();
    for (std::size_t i = 0; i < report.names.size(); ++i)
        j["submissions"].push_back(Json{{"name", report.names[i]}, {"tokens", report.tokens[i]}});
    j["pairs"] = Json::array();
    for (const SimilarPair& p : report.pairs) {
        Json regions = Json::array();
        for (const SimilarRegion& r : p.regions)
            regions.push_back(Json{{"first_lines", {r.firstFrom, r.firstTo}}, {"second_lines", {r.secondFrom, r.secondTo}},
                                   {"tokens", r.tokens}});
        j["pairs"].push_back(Json{{"first", report.names[p.first]}, {"second", report.names[p.second]},
                                  {"first_percent", jsonNumber(p.firstShare, 4)},
                                  {"second_percent", jsonNumber(p.secondShare, 4)}, {"tokens", p.tokens},
                                  {"regions", regions}});
    }
    return jsonDocument(j);
}

}  // namespace reversi
