// Entering programs into the league (src/leaderboard/league_entries.hpp): added, unchanged, replaced
// (version up, games gone), removed; links refused; names checked; the content hash; C sources compiled
// as grading compiles them.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "leaderboard/league_entries.hpp"
#include "scratch_files.hpp"

using namespace reversi;

namespace {

namespace fs = std::filesystem;

void writeFile(const std::string& path, const std::string& text, mode_t mode = 0644) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
    chmod(path.c_str(), mode);
}

// A submission that is an executable (a shell script): entered without compiling, so fast.
std::string scriptSubmission(const std::string& root, const std::string& name, const std::string& body) {
    writeFile(root + "/" + name + "/lab7part2", "#!/bin/sh\n" + body + "\n", 0755);
    return root + "/" + name;
}

std::int64_t count(LeagueDb& db, const std::string& sql) {
    LeagueStatement q = db.prepare(sql);
    q.step();
    return q.integer(0);
}

void insertGame(LeagueDb& db, std::int64_t black, std::int64_t white, const char* stage = "league") {
    db.prepare("INSERT INTO games(stage, black, white, black_version, white_version, moves, black_discs, white_discs, "
               "winner, finished_at) VALUES (?, ?, ?, 1, 1, '', 10, 6, 'B', 'now')")
        .bind(1, stage).bind(2, black).bind(3, white).run();
}

}  // namespace

TEST_CASE("league entries: added, unchanged, replaced with its games deleted, removed") {
    const std::string dir = freshDir("league-entries");
    fs::create_directories(dir);
    LeagueDb db(dir + "/league.db", LeagueDb::Mode::kCreate);
    const std::string alice = scriptSubmission(dir, "alice", "echo one"), bob = scriptSubmission(dir, "bob", "echo two");
    const AddResult first = addEntry(db, "alice", alice);
    CHECK(first.outcome == AddOutcome::kAdded);
    CHECK(first.entry.version == 1);
    CHECK(first.entry.how == "the executable lab7part2");
    CHECK(first.entry.contentHash.size() == 64);
    const std::int64_t bobId = addEntry(db, "bob", bob).entry.id;
    CHECK(addEntry(db, "alice", alice).outcome == AddOutcome::kUnchanged);
    insertGame(db, first.entry.id, bobId);
    insertGame(db, bobId, first.entry.id, "qualifier");
    insertGame(db, bobId, 0, "qualifier");
    db.prepare("INSERT INTO ratings(entry_id, score, low, high) VALUES (?, 1500, 1400, 1600)").bind(1, first.entry.id).run();
    db.prepare("INSERT INTO claims(stage, black, white, opening_index, owner, claimed_at) VALUES ('league', ?, ?, 0, 'x', 'now')")
        .bind(1, bobId).bind(2, first.entry.id).run();

    writeFile(alice + "/lab7part2", "#!/bin/sh\necho changed\n", 0755);
    const AddResult replaced = addEntry(db, "alice", alice);
    CHECK(replaced.outcome == AddOutcome::kReplaced);
    CHECK(replaced.entry.id == first.entry.id);
    CHECK(replaced.entry.version == 2);
    CHECK(replaced.entry.contentHash != first.entry.contentHash);
    CHECK(count(db, "SELECT count(*) FROM games") == 1);  // bob's qualifier against the reference stays
    CHECK(count(db, "SELECT count(*) FROM claims") == 0);
    CHECK(count(db, "SELECT count(*) FROM ratings") == 0);
    CHECK(count(db, "SELECT count(*) FROM league_pairs") == 0);
    CHECK(listEntries(db).size() == 2);

    const std::string program = writeEntryProgram(db, replaced.entry.id, dir);
    CHECK(slurp(program) == "#!/bin/sh\necho changed\n");
    struct stat st {};
    REQUIRE(stat(program.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0700);

    CHECK(removeEntry(db, "bob"));
    CHECK_FALSE(removeEntry(db, "bob"));
    CHECK_FALSE(findEntry(db, "bob"));
    CHECK(count(db, "SELECT count(*) FROM games") == 0);
    CHECK(count(db, "SELECT count(*) FROM entry_files") == 1);
    // A removed entry's id is never given again: a game of the old program cannot pass for the new one's.
    CHECK(addEntry(db, "bob", bob).entry.id > bobId);
    CHECK_THROWS_AS(writeEntryProgram(db, 999, dir), std::invalid_argument);
    fs::remove_all(dir);
}

TEST_CASE("league entries: a submission holding a symbolic link is refused and nothing is entered") {
    const std::string dir = freshDir("league-link");
    fs::create_directories(dir);
    LeagueDb db(dir + "/league.db", LeagueDb::Mode::kCreate);
    const std::string sub = scriptSubmission(dir, "mallory", "echo hi");
    writeFile(dir + "/secret.txt", "not the student's");
    fs::create_symlink(dir + "/secret.txt", sub + "/notes.txt");
    try {
        addEntry(db, "mallory", sub);
        FAIL("a symlink was accepted");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("notes.txt is a symbolic link") != std::string::npos);
    }
    CHECK(listEntries(db).empty());
    CHECK_THROWS_AS(addEntry(db, "nobody", dir + "/missing"), std::invalid_argument);
    fs::remove_all(dir);
}

TEST_CASE("league entries: names are any printable UTF-8 up to 64 bytes, kept as they are") {
    CHECK(entryNameProblem("").find("empty") != std::string::npos);
    CHECK(entryNameProblem(std::string(65, 'a')).find("longer than 64") != std::string::npos);
    CHECK(entryNameProblem(std::string(64, 'a')).empty());
    for (const std::string& bad : std::vector<std::string>{"a\tb", "line\nbreak", "esc\x1b[31m", std::string("nul\0x", 5),
                                                           "\xff\xfe", "c1\xc2\x85"})
        CHECK(entryNameProblem(bad).find("control character") != std::string::npos);
    CHECK(entryNameProblem("Zoë Ng").empty());
    CHECK(entryNameProblem("a/b ../c").empty());

    const std::string dir = freshDir("league-names");
    fs::create_directories(dir);
    LeagueDb db(dir + "/league.db", LeagueDb::Mode::kCreate);
    const std::string sub = scriptSubmission(dir, "s", "echo hi");
    CHECK_THROWS_AS(addEntry(db, "", sub), std::invalid_argument);
    CHECK_THROWS_AS(addEntry(db, "bell\a", sub), std::invalid_argument);
    const std::string hostile = "<script>alert(1)</script>";
    CHECK(addEntry(db, hostile, sub).entry.name == hostile);
    REQUIRE(findEntry(db, hostile));
    CHECK(listEntries(db).size() == 1);
    fs::remove_all(dir);
}

TEST_CASE("league entries: the content hash changes with names and bytes, not with modification times") {
    const std::string dir = freshDir("league-hash");
    const std::string sub = scriptSubmission(dir, "s", "echo hi");
    writeFile(sub + "/README", "notes");
    const std::string hash = submissionHash(sub);
    fs::last_write_time(sub + "/README", fs::last_write_time(sub + "/README") - std::chrono::hours(48));
    CHECK(submissionHash(sub) == hash);
    writeFile(sub + "/README", "notes!");
    CHECK(submissionHash(sub) != hash);
    writeFile(sub + "/README", "notes");
    CHECK(submissionHash(sub) == hash);
    fs::rename(sub + "/README", sub + "/README.txt");
    CHECK(submissionHash(sub) != hash);
    fs::remove_all(dir);
}

// [compiles-c]: gcc links the C source against the course library, which a sanitizer build makes with
// the sanitizers (as the grade tests, it stays out of that build).
TEST_CASE("league entries: a C source is compiled as grade part2 compiles it, and one that does not compile is refused",
          "[compiles-c]") {
    const std::string dir = freshDir("league-compile");
    fs::create_directories(dir);
    LeagueDb db(dir + "/league.db", LeagueDb::Mode::kCreate);
    writeFile(dir + "/carol/lab7part2.c", slurp(std::string(REVERSI_TEST_PLAYERS) + "/../grade/part2.c"));
    const AddResult carol = addEntry(db, "carol", dir + "/carol");
    CHECK(carol.entry.how == "compiled from lab7part2.c");
    const std::string program = writeEntryProgram(db, carol.entry.id, dir);
    CHECK(slurp(program).substr(0, 4) == "\x7f" "ELF");
    writeFile(dir + "/dave/dave.c", "int main( {\n");
    try {
        addEntry(db, "dave", dir + "/dave");
        FAIL("a source that does not compile was entered");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("does not compile") != std::string::npos);
    }
    writeFile(dir + "/erin/notes.txt", "no program");
    CHECK_THROWS_AS(addEntry(db, "erin", dir + "/erin"), std::invalid_argument);
    CHECK(listEntries(db).size() == 1);
    fs::remove_all(dir);
}
