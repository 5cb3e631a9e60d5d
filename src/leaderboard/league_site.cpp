#include "leaderboard/league_site.hpp"

#include <algorithm>
#include <utility>

#include "leaderboard/league_pages.hpp"
#include "leaderboard/league_views.hpp"
#include "platform/json_text.hpp"

namespace reversi {

namespace {

constexpr const char* kHtml = "text/html; charset=utf-8";
constexpr const char* kJson = "application/json; charset=utf-8";
constexpr const char* kCsv = "text/csv; charset=utf-8";

const StandingsRow* rowOf(const Standings& standings, std::int64_t id) {
    for (const StandingsRow& r : standings.rows)
        if (r.id == id) return &r;
    return nullptr;
}

}  // namespace

class LeagueSite::Lease {
public:
    explicit Lease(LeagueSite& site) : site_(site), db_(site.takeConnection()) {}
    ~Lease() { site_.giveBack(std::move(db_)); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    LeagueDb& db() { return *db_; }

private:
    LeagueSite& site_;
    std::unique_ptr<LeagueDb> db_;
};

LeagueSite::LeagueSite(std::string dbPath) : path_(std::move(dbPath)) {
    probe_ = std::make_unique<LeagueDb>(path_, LeagueDb::Mode::kReadOnly);
    snapshot();
}

std::unique_ptr<LeagueDb> LeagueSite::takeConnection() {
    {
        std::lock_guard<std::mutex> lock(poolMutex_);
        if (!idle_.empty()) {
            std::unique_ptr<LeagueDb> db = std::move(idle_.back());
            idle_.pop_back();
            return db;
        }
    }
    return std::make_unique<LeagueDb>(path_, LeagueDb::Mode::kReadOnly);
}

void LeagueSite::giveBack(std::unique_ptr<LeagueDb> db) {
    std::lock_guard<std::mutex> lock(poolMutex_);
    idle_.push_back(std::move(db));
}

std::int64_t LeagueSite::currentVersion() {
    std::lock_guard<std::mutex> lock(probeMutex_);
    return probe_->version();
}

std::shared_ptr<const LeagueSite::Snapshot> LeagueSite::makeSnapshot(std::int64_t version) {
    auto made = std::make_shared<Snapshot>();
    made->version = version;
    {
        Lease lease(*this);
        made->standings = readStandings(lease.db());
        made->html = reversi::standingsPage(made->standings, lease.db().settings());
    }
    made->json = standingsJson(made->standings);
    made->csv = reversi::standingsCsv(made->standings);
    return made;
}

// The version is read before the standings: a change committed in between makes the next request see
// a newer version and read again, never keep a stale snapshot.
std::shared_ptr<const LeagueSite::Snapshot> LeagueSite::snapshot() {
    const std::int64_t version = currentVersion();
    {
        std::lock_guard<std::mutex> lock(cacheMutex_);
        if (cache_ && cache_->version == version) return cache_;
    }
    std::unique_lock<std::mutex> refreshing(refreshMutex_, std::try_to_lock);
    if (!refreshing.owns_lock()) {
        {
            std::lock_guard<std::mutex> lock(cacheMutex_);
            if (cache_) return cache_;  // another thread is reading the new standings: the last ones meanwhile
        }
        refreshing.lock();
    }
    {
        std::lock_guard<std::mutex> lock(cacheMutex_);
        if (cache_ && cache_->version == version) return cache_;
    }
    std::shared_ptr<const Snapshot> made = makeSnapshot(version);
    std::lock_guard<std::mutex> lock(cacheMutex_);
    cache_ = made;
    return made;
}

SiteAnswer LeagueSite::standingsPage() { return {200, kHtml, snapshot()->html}; }
SiteAnswer LeagueSite::standingsApi() { return {200, kJson, snapshot()->json}; }
SiteAnswer LeagueSite::standingsCsv() { return {200, kCsv, snapshot()->csv}; }

SiteAnswer LeagueSite::entry(const std::string& idOrName, bool api) {
    const std::shared_ptr<const Snapshot> standings = snapshot();
    Lease lease(*this);
    LeagueTransaction read(lease.db(), LeagueTransaction::Kind::kRead);
    const std::optional<EntryInfo> found = findShownEntry(lease.db(), idOrName);
    if (!found) return error(404, "no such entry", api);
    const std::vector<GameSummary> games = entryGames(lease.db(), found->id);
    const StandingsRow* row = rowOf(standings->standings, found->id);
    if (api) return {200, kJson, jsonLine(entryJson(*found, row ? standingRowJson(*row) : Json(nullptr), games)) + "\n"};
    return {200, kHtml, entryPage(*found, row, games)};
}

SiteAnswer LeagueSite::game(const std::string& id, bool api) {
    if (!isIdText(id)) return error(404, "no such game", api);
    Lease lease(*this);
    const std::optional<GameDetail> found = findGame(lease.db(), std::stoll(id));
    if (!found) return error(404, "no such game", api);
    const std::string json = jsonLine(gameJson(*found)) + "\n";
    if (api) return {200, kJson, json};
    return {200, kHtml, gamePage(*found, json)};
}

SiteAnswer LeagueSite::error(int status, const std::string& message, bool api) {
    if (api) return {status, kJson, jsonLine(Json{{"error", message}}) + "\n"};
    return {status, kHtml, errorPage(status, message)};
}

}  // namespace reversi
