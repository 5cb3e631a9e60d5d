#include "leaderboard/league_claims.hpp"

#include <unistd.h>

#include <climits>
#include <cmath>
#include <sstream>

#include "leaderboard/league_ratings.hpp"
#include "platform/json_text.hpp"
#include "platform/text_file.hpp"

namespace reversi {

namespace {

std::string hostName() {
    char name[HOST_NAME_MAX + 1] = "";
    if (gethostname(name, sizeof name) != 0) return "localhost";
    name[HOST_NAME_MAX] = 0;
    return name;
}

// Field 22 of /proc/PID/stat (the start time in clock ticks after boot), or "" when there is no such process.
std::string processStart(long pid) {
    std::string stat;
    try {
        stat = readWholeFile("/proc/" + std::to_string(pid) + "/stat", 4096);
    } catch (const std::exception&) {
        return {};
    }
    const std::size_t close = stat.rfind(')');  // the command's name may hold spaces and parentheses
    if (close == std::string::npos) return {};
    std::istringstream fields(stat.substr(close + 1));
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i) {
    }
    return field;
}

constexpr const char* kSlot = "stage = ? AND black = ? AND white = ? AND opponent = ? AND opening_index = ?";

LeagueStatement& bindSlot(LeagueStatement& q, const LeagueGame& g, int first = 1) {
    return q.bind(first, g.stage)
        .bind(first + 1, g.black)
        .bind(first + 2, g.white)
        .bind(first + 3, g.opponent)
        .bind(first + 4, g.openingIndex);
}

// Whether entry `id` (0: the reference side) is at `version`.
bool atVersion(LeagueDb& db, std::int64_t id, std::int64_t version) {
    if (id == 0) return true;
    LeagueStatement q = db.prepare("SELECT version FROM entries WHERE id = ?");
    q.bind(1, id);
    return q.step() && q.integer(0) == version;
}

bool playedAtVersions(LeagueDb& db, const LeagueGame& g) {
    LeagueStatement q = db.prepare(std::string("SELECT black_version, white_version FROM games WHERE ") + kSlot);
    bindSlot(q, g);
    return q.step() && q.integer(0) == g.blackVersion && q.integer(1) == g.whiteVersion;
}

void deleteClaim(LeagueDb& db, const LeagueGame& g, const std::string& owner) {
    LeagueStatement q = db.prepare(std::string("DELETE FROM claims WHERE ") + kSlot + " AND owner = ?");
    bindSlot(q, g).bind(6, owner).run();
}

std::string cpuJson(const std::vector<double>& seconds) {
    Json list = Json::array();
    for (const double s : seconds) list.push_back(jsonNumber(std::isfinite(s) ? s : 0, 6));
    return jsonLine(list);
}

bool knownFault(const std::string& code) { return code == "IM" || code == "TLE" || code == "CRASH" || code == "OUTPUT"; }

// Inserts the game unless its slot holds one already; true when inserted.
bool insertGame(LeagueDb& db, const LeagueGame& g, const GameResult& r) {
    LeagueStatement q = db.prepare(
        "INSERT INTO games (stage, black, white, opponent, opening_index, black_version, white_version, moves,"
        " opening_plies, black_discs, white_discs, winner, fault_by, fault_code, fault_reason, black_cpu, white_cpu,"
        " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
    bindSlot(q, g).bind(6, g.blackVersion).bind(7, g.whiteVersion).bind(8, compactMoveList(r.moves));
    q.bind(9, r.openingPlies).bind(10, r.blackDiscs).bind(11, r.whiteDiscs).bind(12, std::string(1, r.winner));
    if (r.forfeitBy) {
        q.bind(13, std::string(1, r.forfeitBy)).bind(15, r.reason);
        if (knownFault(r.faultCode)) q.bind(14, r.faultCode); else q.bindNull(14);
    } else {
        q.bindNull(13).bindNull(14).bindNull(15);
    }
    q.bind(16, cpuJson(r.moveSeconds[0])).bind(17, cpuJson(r.moveSeconds[1])).bind(18, leagueTimestamp());
    q.run();
    return db.changes() == 1;
}

}  // namespace

std::string schedulerOwner() {
    const long pid = static_cast<long>(getpid());
    return hostName() + " " + std::to_string(pid) + " " + processStart(pid);
}

bool ownerAlive(const std::string& owner) {
    std::istringstream words(owner);
    std::string host, start;
    long pid = 0;
    if (!(words >> host >> pid >> start) || host != hostName()) return false;
    return pid > 0 && processStart(pid) == start;
}

int freeDeadClaims(LeagueDb& db) {
    LeagueTransaction t(db);
    const std::string prefix = hostName() + " ";
    std::vector<std::string> dead;
    LeagueStatement owners = db.prepare("SELECT DISTINCT owner FROM claims");
    while (owners.step()) {
        const std::string owner = owners.text(0);
        if (owner.rfind(prefix, 0) == 0 && !ownerAlive(owner)) dead.push_back(owner);
    }
    int freed = 0;
    for (const std::string& owner : dead) {
        LeagueStatement q = db.prepare("DELETE FROM claims WHERE owner = ?");
        q.bind(1, owner).run();
        freed += db.changes();
    }
    t.commit();
    return freed;
}

std::vector<LeagueGame> claimGames(LeagueDb& db, const std::vector<LeagueGame>& candidates, std::size_t& next,
                                   std::size_t most, const std::string& owner) {
    std::vector<LeagueGame> claimed;
    LeagueTransaction t(db);
    LeagueStatement insert = db.prepare(
        "INSERT INTO claims (stage, black, white, opponent, opening_index, owner, claimed_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
    const std::string now = leagueTimestamp();
    for (; next < candidates.size() && claimed.size() < most; ++next) {
        const LeagueGame& g = candidates[next];
        if (!atVersion(db, g.black, g.blackVersion) || !atVersion(db, g.white, g.whiteVersion) || playedAtVersions(db, g))
            continue;
        bindSlot(insert, g).bind(6, owner).bind(7, now).run();
        if (db.changes() == 1) claimed.push_back(g);
        insert.reset();
    }
    t.commit();
    return claimed;
}

int releaseClaims(LeagueDb& db, const std::string& owner) {
    LeagueTransaction t(db);
    LeagueStatement q = db.prepare("DELETE FROM claims WHERE owner = ?");
    q.bind(1, owner).run();
    const int freed = db.changes();
    t.commit();
    return freed;
}

RecordOutcome recordGame(LeagueDb& db, const LeagueGame& g, const GameResult& r, const std::string& owner) {
    LeagueTransaction t(db);
    RecordOutcome outcome = RecordOutcome::kReplaced;
    if (r.refereeFailed) {
        outcome = RecordOutcome::kRefereeFailed;  // the game stays missing: played again by the next run
    } else if (atVersion(db, g.black, g.blackVersion) && atVersion(db, g.white, g.whiteVersion)) {
        // A game of an entry's earlier version in this slot gives way to the new one.
        LeagueStatement old = db.prepare(std::string("DELETE FROM games WHERE ") + kSlot +
                                         " AND (black_version != ? OR white_version != ?)");
        bindSlot(old, g).bind(6, g.blackVersion).bind(7, g.whiteVersion).run();
        outcome = insertGame(db, g, r) ? RecordOutcome::kRecorded : RecordOutcome::kAlreadyPlayed;
    }
    deleteClaim(db, g, owner);
    t.commit();
    return outcome;
}

void refitRatings(LeagueDb& db) { fitLeagueRatings(db); }

}  // namespace reversi
