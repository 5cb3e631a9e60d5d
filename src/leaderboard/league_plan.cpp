#include "leaderboard/league_plan.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "arena/results_store.hpp"
#include "leaderboard/league_claims.hpp"
#include "leaderboard/league_cost.hpp"
#include "leaderboard/league_players.hpp"
#include "leaderboard/league_schedule.hpp"
#include "platform/atomic_file.hpp"
#include "platform/json_text.hpp"
#include "platform/text_file.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

constexpr const char* kGamesFile = "/league-games.json";

// This executable's absolute path, for the commands.
Json gamesJson(const std::string& dbPath, const std::vector<LeagueGame>& games) {
    Json j;
    j["database"] = dbPath;
    j["games"] = Json::array();
    for (std::size_t i = 0; i < games.size(); ++i) {
        const LeagueGame& g = games[i];
        j["games"].push_back({{"game", i + 1},
                              {"stage", g.stage},
                              {"black", g.black},
                              {"white", g.white},
                              {"opponent", g.opponent},
                              {"opening", g.openingIndex},
                              {"black_version", g.blackVersion},
                              {"white_version", g.whiteVersion}});
    }
    return j;
}

std::vector<LeagueGame> readGamesJson(const std::string& dir) {
    const Json j = parseJsonText(readWholeFile(dir + kGamesFile, std::size_t{1} << 30));
    std::vector<LeagueGame> games;
    for (const Json& g : jsonArray(j, "games")) {
        LeagueGame game;
        game.stage = jsonString(g, "stage");
        game.black = jsonInteger(g, "black");
        game.white = jsonInteger(g, "white");
        game.opponent = jsonString(g, "opponent");
        game.openingIndex = static_cast<int>(jsonInteger(g, "opening"));
        game.blackVersion = jsonInteger(g, "black_version");
        game.whiteVersion = jsonInteger(g, "white_version");
        games.push_back(std::move(game));
    }
    return games;
}

void tellHowToRun(const std::string& dir, long count, const std::string& dbPath) {
    if (count == 0) {
        std::cerr << "reversi leaderboard: nothing is missing (" << dir << "/commands.txt is empty)\n";
        return;
    }
    std::cerr << "reversi leaderboard: " << count << " game command" << (count == 1 ? "" : "s") << " written to " << dir
              << "/commands.txt; run them, for example with `parallel < " << dir
              << "/commands.txt` or a Slurm array (`sbatch --array=1-" << count
              << "` of a script running line $SLURM_ARRAY_TASK_ID of it), then `reversi leaderboard merge " << dbPath
              << " " << dir << "`\n";
}

}  // namespace

long planLeague(const std::string& dbPath, const std::string& dirGiven) {
    LeagueDb db(dbPath, LeagueDb::Mode::kExisting);
    checkPlayableOpenings(db.settings());
    std::error_code ec;
    const std::string dir = fs::absolute(dirGiven, ec).lexically_normal().string();
    if (fs::exists(dir + kGamesFile, ec))
        throw std::invalid_argument(dir + " holds a plan already: merge its results, then plan into a new folder");
    freeDeadClaims(db);
    const std::vector<LeagueGame> missing = missingGames(db);
    std::cerr << "reversi leaderboard: missing: " << leagueCostText(db, static_cast<long>(missing.size()), 1) << "\n";
    fs::create_directories(dir, ec);
    ::chmod(dir.c_str(), 0700);  // the students' programs are in it
    LeaguePlayers players;
    addLeaguePlayers(db, missing, dir + "/programs", players);
    const MatchOptions options = leagueMatchOptions(db.settings(), 1);
    prepareResultsDir(dir, settingsJson(true, players.players, options));
    const std::string reversi = planProgram();
    std::string lines;
    for (std::size_t i = 0; i < missing.size(); ++i)
        lines += planLine(reversi, players.players, players.task(missing[i], static_cast<int>(i), db.settings()), options, dir);
    writeFileAtomically(dir + "/commands.txt", lines, 0600);
    const std::string absoluteDb = fs::absolute(dbPath, ec).lexically_normal().string();
    writeFileAtomically(dir + kGamesFile, jsonDocument(gamesJson(absoluteDb, missing)), 0600);
    tellHowToRun(dir, static_cast<long>(missing.size()), dbPath);
    return static_cast<long>(missing.size());
}

MergeCounts mergeLeague(const std::string& dbPath, const std::vector<std::string>& dirs) {
    LeagueDb db(dbPath, LeagueDb::Mode::kExisting);
    MergeCounts counts;
    for (const std::string& dir : dirs) {
        const StoredSettings stored = readSettings(dir);
        const std::vector<LeagueGame> games = readGamesJson(dir);
        std::vector<std::string> problems;
        for (const GameRecord& record : readStoredGames(dir, stored.players, problems)) {
            const auto index = static_cast<std::size_t>(record.task.index);
            if (index >= games.size()) {
                problems.push_back(storedGamePath(dir, record.task.index) + ": not a game of the plan");
                continue;
            }
            switch (recordGame(db, games[index], record.result, "")) {
                case RecordOutcome::kRecorded: ++counts.recorded; break;
                case RecordOutcome::kAlreadyPlayed: ++counts.alreadyPlayed; break;
                case RecordOutcome::kReplaced: ++counts.replaced; break;
                case RecordOutcome::kRefereeFailed: ++counts.refereeFailed; break;
            }
        }
        for (const std::string& p : problems) std::cerr << "reversi leaderboard: skipped " << p << "\n";
        counts.problems += static_cast<long>(problems.size());
    }
    if (counts.recorded > 0) refitRatings(db);
    return counts;
}

}  // namespace reversi
