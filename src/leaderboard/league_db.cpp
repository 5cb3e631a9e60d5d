#include "leaderboard/league_db.hpp"

#include <sqlite3.h>

#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <sys/stat.h>

#include "leaderboard/league_schema.hpp"

namespace reversi {

namespace {

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
    throw std::runtime_error(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

std::string settingText(double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

void writeSettings(LeagueDb& db, const LeagueSettings& s) {
    LeagueStatement put = db.prepare("INSERT INTO settings(key, value) VALUES (?, ?)");
    auto set = [&](const char* key, const std::string& value) {
        put.bind(1, key).bind(2, value).run();
        put.reset();
    };
    set("schema_version", std::to_string(kLeagueSchemaVersion));
    set("size", std::to_string(s.size));
    set("time_limit", settingText(s.timeLimit));
    set("wall_limit", settingText(s.wallLimit));
    set("openings", std::to_string(s.openings));
    set("seed", std::to_string(s.seed));
    set("finalists", std::to_string(s.finalists));
    set("created_at", leagueTimestamp());
}

LeagueSettings readSettings(LeagueDb& db) {
    LeagueSettings s;
    bool versioned = false;
    LeagueStatement get = db.prepare("SELECT key, value FROM settings");
    while (get.step()) {
        const std::string key = get.text(0), value = get.text(1);
        if (key == "schema_version") {
            if (std::stoi(value) != kLeagueSchemaVersion)
                throw std::runtime_error("schema version " + value + ", this program reads version " +
                                         std::to_string(kLeagueSchemaVersion));
            versioned = true;
        } else if (key == "size") s.size = std::stoi(value);
        else if (key == "time_limit") s.timeLimit = std::stod(value);
        else if (key == "wall_limit") s.wallLimit = std::stod(value);
        else if (key == "openings") s.openings = std::stoi(value);
        else if (key == "seed") s.seed = std::stoull(value);
        else if (key == "finalists") s.finalists = std::stoi(value);
    }
    if (!versioned) throw std::runtime_error("not a leaderboard database (no schema version)");
    return s;
}

bool hasSettingsTable(LeagueDb& db) {
    LeagueStatement q = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'settings'");
    return q.step() && q.integer(0) > 0;
}

}  // namespace

LeagueStatement::LeagueStatement(sqlite3* db, std::string_view sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &statement_, nullptr) != SQLITE_OK)
        fail(db, "cannot prepare \"" + std::string(sql.substr(0, 60)) + "\"");
}

LeagueStatement::~LeagueStatement() { sqlite3_finalize(statement_); }

LeagueStatement::LeagueStatement(LeagueStatement&& other) noexcept : db_(other.db_), statement_(other.statement_) {
    other.statement_ = nullptr;
}

LeagueStatement& LeagueStatement::bind(int index, std::int64_t value) {
    if (sqlite3_bind_int64(statement_, index, value) != SQLITE_OK) fail(db_, "bind");
    return *this;
}

LeagueStatement& LeagueStatement::bind(int index, double value) {
    if (sqlite3_bind_double(statement_, index, value) != SQLITE_OK) fail(db_, "bind");
    return *this;
}

LeagueStatement& LeagueStatement::bind(int index, std::string_view text) {
    if (sqlite3_bind_text64(statement_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8) != SQLITE_OK)
        fail(db_, "bind");
    return *this;
}

LeagueStatement& LeagueStatement::bindBlob(int index, std::string_view bytes) {
    if (sqlite3_bind_blob64(statement_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT) != SQLITE_OK)
        fail(db_, "bind");
    return *this;
}

LeagueStatement& LeagueStatement::bindNull(int index) {
    if (sqlite3_bind_null(statement_, index) != SQLITE_OK) fail(db_, "bind");
    return *this;
}

bool LeagueStatement::step() {
    const int rc = sqlite3_step(statement_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(db_, "leaderboard database");
}

void LeagueStatement::run() {
    while (step()) {
    }
}

void LeagueStatement::reset() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
}

bool LeagueStatement::isNull(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
std::int64_t LeagueStatement::integer(int column) const { return sqlite3_column_int64(statement_, column); }
double LeagueStatement::real(int column) const { return sqlite3_column_double(statement_, column); }

std::string LeagueStatement::text(int column) const {
    const auto* p = sqlite3_column_text(statement_, column);
    return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(statement_, column)) : std::string();
}

std::string LeagueStatement::blob(int column) const {
    const void* p = sqlite3_column_blob(statement_, column);
    return p ? std::string(static_cast<const char*>(p), sqlite3_column_bytes(statement_, column)) : std::string();
}

LeagueDb::LeagueDb(const std::string& path, Mode mode, const LeagueSettings& settings) : path_(path) {
    struct stat st{};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    if (!exists && mode != Mode::kCreate) throw std::runtime_error("leaderboard " + path + ": no such database");
    const int flags = mode == Mode::kReadOnly ? SQLITE_OPEN_READONLY
                                              : SQLITE_OPEN_READWRITE | (exists ? 0 : SQLITE_OPEN_CREATE);
    // A new database is private to its owner: it holds students' programs and sources.
    const mode_t old = exists ? 0 : ::umask(077);
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (!exists) ::umask(old);
    try {
        if (rc != SQLITE_OK) fail(db_, "leaderboard " + path);
        sqlite3_busy_timeout(db_, 60000);
        if (mode != Mode::kReadOnly) exec("PRAGMA journal_mode = WAL");
        exec("PRAGMA synchronous = NORMAL");
        if (!hasSettingsTable(*this)) {
            if (mode == Mode::kReadOnly) throw std::runtime_error("not a leaderboard database");
            LeagueTransaction made(*this);
            if (!hasSettingsTable(*this)) {
                exec(kLeagueSchema);
                writeSettings(*this, settings);
            }
            made.commit();
        }
        settings_ = readSettings(*this);
    } catch (const std::exception& e) {
        sqlite3_close_v2(db_);
        db_ = nullptr;
        const std::string what = e.what();
        throw std::runtime_error(what.rfind("leaderboard ", 0) == 0 ? what : "leaderboard " + path + ": " + what);
    }
}

LeagueDb::~LeagueDb() { sqlite3_close_v2(db_); }

void LeagueDb::exec(const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        const std::string why = message ? message : sqlite3_errmsg(db_);
        sqlite3_free(message);
        throw std::runtime_error(why);
    }
}

std::int64_t LeagueDb::lastInsertId() const { return sqlite3_last_insert_rowid(db_); }
int LeagueDb::changes() const { return sqlite3_changes(db_); }

std::int64_t LeagueDb::version() {
    LeagueStatement q = prepare("PRAGMA data_version");
    q.step();
    return q.integer(0) * 1000003 + sqlite3_total_changes64(db_);
}

LeagueTransaction::LeagueTransaction(LeagueDb& db, Kind kind) : db_(db), kind_(kind) {
    db_.exec(kind == Kind::kWrite ? "BEGIN IMMEDIATE" : "BEGIN");
}

LeagueTransaction::~LeagueTransaction() {
    if (!open_) return;
    try {
        db_.exec(kind_ == Kind::kWrite ? "ROLLBACK" : "COMMIT");
    } catch (...) {  // nothing to roll back: the statement that failed ended the transaction
    }
}

void LeagueTransaction::commit() {
    db_.exec("COMMIT");
    open_ = false;
}

std::string leagueTimestamp() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buffer;
}

}  // namespace reversi
