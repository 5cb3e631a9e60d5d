// writeFileAtomically (src/platform/atomic_file.cpp): what saving does to whatever the path names.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include "scratch_files.hpp"
#include "platform/atomic_file.hpp"

using namespace reversi;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path dir;
    TempDir() {
        char pattern[] = "/tmp/reversi-atomic-XXXXXX";
        dir = ::mkdtemp(pattern);
    }
    ~TempDir() { fs::remove_all(dir); }
    std::string operator/(const std::string& name) const { return (dir / name).string(); }
    int entries() const { return static_cast<int>(std::distance(fs::directory_iterator(dir), fs::directory_iterator())); }
};

void put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

mode_t modeOf(const std::string& path) {
    struct stat st {};
    REQUIRE(::lstat(path.c_str(), &st) == 0);
    return st.st_mode;
}

}  // namespace

TEST_CASE("atomic file: a new file, a replaced file, no temporary file left", "[atomic]") {
    TempDir t;
    writeFileAtomically(t / "a.txt", "one\n");
    CHECK(slurp(t / "a.txt") == "one\n");
    writeFileAtomically(t / "a.txt", "two\n");
    CHECK(slurp(t / "a.txt") == "two\n");
    CHECK(t.entries() == 1);
    const mode_t mask = ::umask(022);
    ::umask(mask);
    CHECK((modeOf(t / "a.txt") & 0777) == (0666 & ~mask));
}

TEST_CASE("atomic file: a symlink writes through to its final target and stays a link", "[atomic]") {
    TempDir t;
    fs::create_directory(t.dir / "real");
    put(t / "real/game.txt", "old\n");
    fs::create_symlink("real/game.txt", t.dir / "middle");   // relative, through two links
    fs::create_symlink(t / "middle", t.dir / "game.txt");
    writeFileAtomically(t / "game.txt", "new\n");
    CHECK(S_ISLNK(modeOf(t / "game.txt")));
    CHECK(S_ISLNK(modeOf(t / "middle")));
    CHECK(slurp(t / "real/game.txt") == "new\n");
    CHECK(t.entries() == 3);
    CHECK(std::distance(fs::directory_iterator(t.dir / "real"), fs::directory_iterator()) == 1);
    // A dangling link creates its target.
    fs::create_symlink("real/later.txt", t.dir / "later");
    writeFileAtomically(t / "later", "made\n");
    CHECK(S_ISLNK(modeOf(t / "later")));
    CHECK(slurp(t / "real/later.txt") == "made\n");
}

TEST_CASE("atomic file: the permission bits of the replaced file are kept", "[atomic]") {
    TempDir t;
    put(t / "private.txt", "old\n");
    ::chmod((t / "private.txt").c_str(), 0640);
    writeFileAtomically(t / "private.txt", "new\n");
    CHECK((modeOf(t / "private.txt") & 07777) == 0640);
    ::chmod((t / "private.txt").c_str(), 0604);
    writeFileAtomically(t / "private.txt", "newer\n");
    CHECK((modeOf(t / "private.txt") & 07777) == 0604);
    CHECK(slurp(t / "private.txt") == "newer\n");
}

TEST_CASE("atomic file: a link planted at a predictable temporary name is never followed", "[atomic]") {
    TempDir t;
    put(t / "victim.txt", "precious\n");
    const std::string path = t / "game.txt";
    // The names an older writer used (PATH.tmp.PID) and a few guesses more.
    for (const std::string& name : {path + ".tmp." + std::to_string(::getpid()), path + ".tmp", path + "~"})
        fs::create_symlink(t / "victim.txt", name);
    writeFileAtomically(path, "8 f5\n");
    CHECK(slurp(t / "victim.txt") == "precious\n");
    CHECK(slurp(path) == "8 f5\n");
    CHECK(t.entries() == 5);
}

TEST_CASE("atomic file: a FIFO is written to, never replaced", "[atomic]") {
    TempDir t;
    const std::string fifo = t / "pipe";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string received;
    std::thread reader([&] { received = slurp(fifo); });
    writeFileAtomically(fifo, "through the pipe\n");
    reader.join();
    CHECK(received == "through the pipe\n");
    CHECK(S_ISFIFO(modeOf(fifo)));
    CHECK(t.entries() == 1);
}

TEST_CASE("atomic file: a device node is written to, never replaced", "[atomic]") {
    TempDir t;
    const std::string node = t / "null";
    // A copy of /dev/null (major 1, minor 3), where the test may make one (root); the real /dev/null
    // is never risked.
    if (::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
        WARN("not root: no device node to test with");
        return;
    }
    const std::string device = node;
    writeFileAtomically(device, "discarded\n");
    CHECK(S_ISCHR(modeOf(device)));
    fs::create_symlink(device, t.dir / "link-to-device");
    writeFileAtomically(t / "link-to-device", "discarded\n");
    CHECK(S_ISLNK(modeOf(t / "link-to-device")));
    CHECK(S_ISCHR(modeOf(device)));
    CHECK(t.entries() == 2);
}

TEST_CASE("atomic file: a link to /dev/stdout writes to the descriptor", "[atomic]") {
    TempDir t;
    // Standard output redirected to a file for the test, as `--json /dev/stdout > out.txt` does.
    const std::string out = t / "out.txt";
    fflush(stdout);
    const int saved = ::dup(1);
    const int file = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    REQUIRE(file >= 0);
    ::dup2(file, 1);
    ::close(file);
    REQUIRE(::write(1, "summary\n", 8) == 8);
    fs::create_symlink("/dev/stdout", t.dir / "json");
    std::string error;
    try {
        writeFileAtomically(t / "json", "{\"json\": 1}\n");
        writeFileAtomically("/dev/fd/1", "{\"json\": 2}\n");
    } catch (const std::exception& e) {
        error = e.what();
    }
    ::dup2(saved, 1);
    ::close(saved);
    CHECK(error.empty());
    CHECK(S_ISLNK(modeOf(t / "json")));
    CHECK(slurp(out) == "summary\n{\"json\": 1}\n{\"json\": 2}\n");
}

TEST_CASE("atomic file: a directory is a clear error", "[atomic]") {
    TempDir t;
    fs::create_directory(t.dir / "games");
    put(t / "games/kept.txt", "kept\n");
    CHECK_THROWS_WITH(writeFileAtomically(t / "games", "x"), Catch::Contains("is a directory"));
    CHECK_THROWS_WITH(writeFileAtomically(t / "games/", "x"), Catch::Contains("is a directory"));
    fs::create_symlink(t / "games", t.dir / "link");
    CHECK_THROWS_WITH(writeFileAtomically(t / "link", "x"), Catch::Contains("is a directory"));
    CHECK(fs::is_directory(t.dir / "games"));
    CHECK(slurp(t / "games/kept.txt") == "kept\n");
    CHECK(t.entries() == 2);
    CHECK_THROWS_WITH(writeFileAtomically(t / "missing/x.txt", "x"), Catch::Contains("No such file or directory"));
}
