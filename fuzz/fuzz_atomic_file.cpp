// writeFileAtomically in a scratch directory: the input chooses what the path already is (nothing, a
// file with some permission bits, links to a file, a dangling link, a chain or a loop of links, a
// directory, a link to one), plants links at names a writer might pick for its temporary file, and
// gives the text. Checks: a file, or a link's final target, ends up holding exactly the text with the
// old permission bits; links stay links; nothing else in the directory changes (the planted links'
// victim keeps its contents, no temporary file is left); a directory or a loop is an error that
// changes nothing.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

#include "fuzz_common.hpp"
#include "platform/atomic_file.hpp"

using namespace reversi;
namespace fs = std::filesystem;

namespace {

// The scratch directory, made once per process and removed at its exit (kept on the heap, so that it
// outlives the static destructors that run before the exit handler).
const fs::path& scratch() {
    static const fs::path* dir = [] {
        char pattern[] = "/tmp/reversi-fuzz-atomic-XXXXXX";
        const auto* made = new fs::path(::mkdtemp(pattern));
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(scratch(), ignored);
        });
        return made;
    }();
    return *dir;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Every entry of the directory tree: its kind, and a file's contents or a link's target. (Walked by
// hand: recursive_directory_iterator stats what links point to, and a loop makes that throw.)
void walk(const fs::path& root, const fs::path& dir, std::map<std::string, std::string>& entries) {
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().lexically_relative(root).string();
        const fs::file_status st = fs::symlink_status(e.path());
        if (fs::is_symlink(st)) {
            entries[name] = "link:" + fs::read_symlink(e.path()).string();
        } else if (fs::is_directory(st)) {
            entries[name] = "dir";
            walk(root, e.path(), entries);
        } else {
            entries[name] = "file:" + slurp(e.path());
        }
    }
}

std::map<std::string, std::string> snapshot(const fs::path& dir) {
    std::map<std::string, std::string> entries;
    walk(dir, dir, entries);
    return entries;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const unsigned kind = fuzzTakeByte(data, size) % 9;
    const mode_t mode = 0600 | (fuzzTakeByte(data, size) & 0177);
    const unsigned plant = fuzzTakeByte(data, size);
    const std::string text = fuzzText(data, size);

    const fs::path dir = scratch() / "run";
    fs::remove_all(dir);
    fs::create_directories(dir / "sub");
    const fs::path target = dir / "game.txt";
    const auto put = [](const fs::path& p, const std::string& t, mode_t m) {
        std::ofstream(p, std::ios::binary) << t;
        ::chmod(p.c_str(), m);
    };
    fs::path final = target;  // the file that must hold the text
    bool mustFail = false;
    switch (kind) {
        case 0: break;                                       // nothing yet
        case 1: put(target, "old", mode); break;             // a file
        case 2:                                              // a link to a file
            put(dir / "sub/real.txt", "old", mode);
            fs::create_symlink("sub/real.txt", target);
            final = dir / "sub/real.txt";
            break;
        case 3:                                              // a dangling link
            fs::create_symlink("sub/new.txt", target);
            final = dir / "sub/new.txt";
            break;
        case 4:                                              // a chain of links, absolute then relative
            put(dir / "sub/real.txt", "old", mode);
            fs::create_symlink("real.txt", dir / "sub/middle");
            fs::create_symlink(dir / "sub/middle", target);
            final = dir / "sub/real.txt";
            break;
        case 5:                                              // a loop
            fs::create_symlink("game.txt", dir / "other");
            fs::create_symlink("other", target);
            mustFail = true;
            break;
        case 6: fs::create_directory(target); mustFail = true; break;
        case 7: fs::create_symlink("sub", target); mustFail = true; break;
        case 8: put(target, std::string(1000, 'x'), mode); break;  // a longer old file
    }
    // Links an attacker might plant at guessable temporary names, pointing to a victim.
    put(dir / "victim", "precious", 0600);
    if (plant & 1) fs::create_symlink(dir / "victim", dir / ("game.txt.tmp." + std::to_string(::getpid())));
    if (plant & 2) fs::create_symlink(dir / "victim", dir / "game.txt.tmp");
    if (plant & 4) fs::create_symlink(dir / "victim", dir / ".game.txt.tmp");

    const auto before = snapshot(dir);
    struct stat old {};
    const bool existed = ::stat(final.c_str(), &old) == 0;
    bool failed = false;
    try {
        writeFileAtomically(target.string(), text);
    } catch (const std::runtime_error&) {
        failed = true;
    }
    FUZZ_CHECK(failed == mustFail);
    auto after = snapshot(dir);
    if (!failed) {
        const std::string name = final.lexically_relative(dir).string();
        FUZZ_CHECK(after[name] == "file:" + text);
        struct stat now {};
        FUZZ_CHECK(::stat(final.c_str(), &now) == 0);
        if (existed) FUZZ_CHECK((now.st_mode & 07777) == (old.st_mode & 07777));
        after.erase(name);
        auto expected = before;
        expected.erase(name);
        FUZZ_CHECK(after == expected);  // links intact, the victim untouched, no temporary file
    } else {
        FUZZ_CHECK(after == before);
    }
    return 0;
}
