#include "leaderboard/league_entries.hpp"

#include <sys/stat.h>

#include <openssl/evp.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "platform/atomic_file.hpp"
#include "platform/printable.hpp"
#include "platform/text_file.hpp"
#include "programs/course_library.hpp"
#include "programs/grade_copy.hpp"
#include "programs/grade_program.hpp"
#include "programs/grade_workspace.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kLongestName = 64;
constexpr std::size_t kLargestFile = std::size_t{64} << 20;  // what grade_copy accepts

struct SubmissionFile {
    std::string name, bytes;
    bool executable = false;
};

// The regular files directly in `dir` (the grader's private copy), sorted by name.
std::vector<SubmissionFile> readSubmission(const std::string& dir) {
    std::vector<SubmissionFile> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        struct stat st {};
        if (lstat(entry.path().c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
        files.push_back({entry.path().filename().string(), readWholeFile(entry.path().string(), kLargestFile),
                         (st.st_mode & 0100) != 0});
    }
    if (ec) throw std::invalid_argument("cannot read the submission's copy: " + ec.message());
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return files;
}

// Each file as NAME \0 x|- SIZE \0 BYTES: no two different submissions give the same stream.
std::string hashFiles(const std::vector<SubmissionFile>& files) {
    EVP_MD_CTX* context = EVP_MD_CTX_new();
    if (!context || EVP_DigestInit_ex(context, EVP_sha256(), nullptr) != 1) {
        EVP_MD_CTX_free(context);
        throw std::runtime_error("SHA-256 is not available (libcrypto)");
    }
    for (const SubmissionFile& f : files) {
        const std::string head = f.name + '\0' + (f.executable ? "x" : "-") + std::to_string(f.bytes.size()) + '\0';
        EVP_DigestUpdate(context, head.data(), head.size());
        EVP_DigestUpdate(context, f.bytes.data(), f.bytes.size());
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(context, digest, &length);
    EVP_MD_CTX_free(context);
    std::string hex;
    for (unsigned int i = 0; i < length; ++i) hex += formatText("%02x", digest[i]);
    return hex;
}

LeagueEntry entryFrom(const LeagueStatement& q) {
    return LeagueEntry{q.integer(0), q.text(1), q.integer(2), q.text(3), q.text(4), q.text(5)};
}

constexpr const char* kEntryColumns = "SELECT id, name, version, content_hash, how, entered_at FROM entries ";

// What grading a Part 2 submission compiles with: the league's board size and limits, the course library.
GradeOptions compileOptions(LeagueDb& db, const AddOptions& add, const std::string& outDir) {
    GradeOptions options;
    options.lab = GradedLab::kPart2;
    options.sizes = {db.settings().size};
    options.timeLimit = db.settings().timeLimit;
    options.outDir = outDir;
    options.cLibraryDir = add.cLibraryDir;
    return options;
}

struct Compiled {
    std::vector<SubmissionFile> files;
    std::string hash, program, how;
};

// Copies the submission into the workspace, hashes it and (unless `unchangedHash` matches) compiles it.
Compiled takeIn(LeagueDb& db, const std::string& submissionDir, const AddOptions& add, const std::string& unchangedHash) {
    const std::string workspace = std::getenv("TMPDIR");  // the GradeWorkspace, private to this run
    const std::string copy = workspace + "/submission";
    const std::string refused = copySubmission(submissionDir, copy, 0700);
    if (!refused.empty()) throw std::invalid_argument(refused);
    Compiled c;
    c.files = readSubmission(copy);
    c.hash = hashFiles(c.files);
    if (c.hash == unchangedHash) return c;
    AddOptions options = add;
    std::string libraryProblem;
    if (options.cLibraryDir.empty()) {
        try {
            options.cLibraryDir = findCourseLibrary("");
        } catch (const std::invalid_argument& e) {
            libraryProblem = e.what();  // needed for a C source only
        }
    }
    const Program program = findProgram(copy, "entry", compileOptions(db, options, workspace));
    if (program.path.empty())
        throw std::invalid_argument(!libraryProblem.empty() && program.problem.rfind("cannot compile", 0) == 0
                                        ? libraryProblem
                                        : program.problem);
    c.program = readWholeFile(program.path, kLargestFile);
    c.how = program.how;
    return c;
}

// The next entry id: above every id ever given, so that a game or claim of a removed entry can never be
// taken for a later one's.
std::int64_t nextEntryId(LeagueDb& db) {
    LeagueStatement q = db.prepare(
        "SELECT max(coalesce((SELECT max(id) FROM entries), 0),"
        " coalesce((SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'last_entry_id'), 0)) + 1");
    q.step();
    const std::int64_t id = q.integer(0);
    db.prepare("INSERT OR REPLACE INTO settings(key, value) VALUES ('last_entry_id', ?)").bind(1, std::to_string(id)).run();
    return id;
}

// Everything played, claimed or rated for entry `id`: gone with its old program.
void deleteResults(LeagueDb& db, std::int64_t id) {
    for (const char* sql : {"DELETE FROM games WHERE black = ?1 OR white = ?1",
                            "DELETE FROM claims WHERE black = ?1 OR white = ?1",
                            "DELETE FROM ratings WHERE entry_id = ?1"})
        db.prepare(sql).bind(1, id).run();
}

void storeFiles(LeagueDb& db, std::int64_t id, const std::vector<SubmissionFile>& files) {
    db.prepare("DELETE FROM entry_files WHERE entry_id = ?").bind(1, id).run();
    LeagueStatement put = db.prepare("INSERT INTO entry_files(entry_id, path, content) VALUES (?, ?, ?)");
    for (const SubmissionFile& f : files) {
        put.bind(1, id).bind(2, f.name).bindBlob(3, f.bytes).run();
        put.reset();
    }
}

// Inserts or replaces the entry `name` in one transaction.
AddResult storeEntry(LeagueDb& db, const std::string& name, const Compiled& c) {
    LeagueTransaction transaction(db);
    const std::optional<LeagueEntry> old = findEntry(db, name);
    if (old && old->contentHash == c.hash) return {AddOutcome::kUnchanged, *old};  // entered meanwhile
    const std::string now = leagueTimestamp();
    std::int64_t id;
    if (old) {
        id = old->id;
        db.prepare("UPDATE entries SET version = version + 1, content_hash = ?, program = ?, how = ?, entered_at = ? "
                   "WHERE id = ?")
            .bind(1, c.hash).bindBlob(2, c.program).bind(3, c.how).bind(4, now).bind(5, id)
            .run();
        deleteResults(db, id);
    } else {
        id = nextEntryId(db);
        db.prepare("INSERT INTO entries(id, name, version, content_hash, program, how, entered_at) "
                   "VALUES (?, ?, 1, ?, ?, ?, ?)")
            .bind(1, id).bind(2, name).bind(3, c.hash).bindBlob(4, c.program).bind(5, c.how).bind(6, now)
            .run();
    }
    storeFiles(db, id, c.files);
    AddResult result{old ? AddOutcome::kReplaced : AddOutcome::kAdded, *findEntry(db, id)};
    transaction.commit();
    return result;
}

}  // namespace

std::string entryNameProblem(const std::string& name) {
    if (name.empty()) return "an entry's name cannot be empty";
    if (name.size() > kLongestName)
        return formatText("the name '%s' is longer than %zu bytes", printable(name, 40).c_str(), kLongestName);
    if (hasControlCharacters(name))
        return "the name '" + printable(name) + "' has a control character or bytes that are not UTF-8";
    return {};
}

std::string submissionHash(const std::string& dir) { return hashFiles(readSubmission(dir)); }

AddResult addEntry(LeagueDb& db, const std::string& name, const std::string& submissionDir) {
    return addEntry(db, name, submissionDir, AddOptions{});
}

AddResult addEntry(LeagueDb& db, const std::string& name, const std::string& submissionDir, const AddOptions& options) {
    if (const std::string problem = entryNameProblem(name); !problem.empty()) throw std::invalid_argument(problem);
    std::error_code ec;
    if (!fs::is_directory(submissionDir, ec))
        throw std::invalid_argument(submissionDir + " is not a directory (a submission is a directory holding a C "
                                                    "source file or an executable named lab7part2)");
    const std::optional<LeagueEntry> old = findEntry(db, name);
    const GradeWorkspace workspace;  // removed at the end, or by an interrupt
    const Compiled compiled = takeIn(db, submissionDir, options, old ? old->contentHash : std::string());
    if (old && compiled.hash == old->contentHash) return {AddOutcome::kUnchanged, *old};
    return storeEntry(db, name, compiled);
}

bool removeEntry(LeagueDb& db, const std::string& name) {
    LeagueTransaction transaction(db);
    const std::optional<LeagueEntry> entry = findEntry(db, name);
    if (!entry) return false;
    deleteResults(db, entry->id);
    db.prepare("DELETE FROM entry_files WHERE entry_id = ?").bind(1, entry->id).run();
    db.prepare("DELETE FROM entries WHERE id = ?").bind(1, entry->id).run();
    transaction.commit();
    return true;
}

std::vector<LeagueEntry> listEntries(LeagueDb& db) {
    std::vector<LeagueEntry> entries;
    LeagueStatement q = db.prepare(std::string(kEntryColumns) + "ORDER BY id");
    while (q.step()) entries.push_back(entryFrom(q));
    return entries;
}

std::optional<LeagueEntry> findEntry(LeagueDb& db, const std::string& name) {
    LeagueStatement q = db.prepare(std::string(kEntryColumns) + "WHERE name = ?");
    q.bind(1, name);
    if (!q.step()) return std::nullopt;
    return entryFrom(q);
}

std::optional<LeagueEntry> findEntry(LeagueDb& db, std::int64_t id) {
    LeagueStatement q = db.prepare(std::string(kEntryColumns) + "WHERE id = ?");
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    return entryFrom(q);
}

std::string writeEntryProgram(LeagueDb& db, std::int64_t id, const std::string& dir) {
    LeagueStatement q = db.prepare("SELECT program FROM entries WHERE id = ?");
    q.bind(1, id);
    if (!q.step()) throw std::invalid_argument("no entry " + std::to_string(id) + " in " + db.path());
    const std::string path = dir + "/lab7part2";
    writeFileAtomically(path, q.blob(0), 0700);
    chmod(path.c_str(), 0700);  // exactly, whatever the umask
    return path;
}

}  // namespace reversi
