// The shared pieces that keep users' data safe: printable() for text echoed back, bounded reading of text files,
// settings rewritten without losing the user's lines, save files with a byte order mark.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "arena/player.hpp"
#include "arena/results_store.hpp"
#include "platform/printable.hpp"
#include "platform/text_file.hpp"
#include "programs/settings.hpp"
#include "rules/game_record.hpp"
#include "rules/position_text.hpp"

using namespace reversi;

TEST_CASE("printable: control bytes escaped, UTF-8 kept, long text cut with an ellipsis", "[robust]") {
    CHECK(printable("f5") == "f5");
    CHECK(printable("\x1b]0;pwned\x07\x1b[2J") == "\\e]0;pwned\\a\\e[2J");
    CHECK(printable(std::string("a\0b", 3)) == "a\\0b");
    CHECK(printable("tab\there\r\n") == "tab\\there\\r\\n");
    CHECK(printable("\x7f\x01") == "\\x7F\\x01");
    CHECK(printable("Jos\xC3\xA9 \xE2\x97\x8F") == "Jos\xC3\xA9 \xE2\x97\x8F");    // é and a disc
    CHECK(printable("\xC2\x9B" "1m") == "\\xC2\\x9B1m");                          // a C1 control (CSI)
    CHECK(printable("\x9b\xff\xC3") == "\\x9B\\xFF\\xC3");                         // not UTF-8
    CHECK(printable("\xED\xA0\x80") == "\\xED\\xA0\\x80");                         // a surrogate
    CHECK(printable("abcdefghij", 4) == "abcd...");
    CHECK(printable("abc", 3) == "abc");
    CHECK(printable("ab\xC3\xA9", 3) == "ab...");  // never half a character
    CHECK_FALSE(hasControlCharacters("Ann Smith"));
    CHECK_FALSE(hasControlCharacters("Jos\xC3\xA9"));
    CHECK(hasControlCharacters("Ann\nwhite = smartest"));
    CHECK(hasControlCharacters("Ann\x1b[2J"));
    CHECK(hasControlCharacters("\xC2\x85"));
    CHECK(hasControlCharacters("\xff"));
}

TEST_CASE("text lines: bounded length and size, the BOM and CR dropped, file and line named", "[robust]") {
    std::istringstream in("\xEF\xBB\xBF" "first\r\nsecond\n\nlast");
    TextLineReader reader(in, "f.txt", TextLimits{10, 100});
    std::string line;
    REQUIRE(reader.next(line));
    CHECK(line == "first");
    REQUIRE(reader.next(line));
    CHECK(line == "second");
    CHECK(reader.where() == "f.txt:2: ");
    REQUIRE(reader.next(line));
    CHECK(line.empty());
    REQUIRE(reader.next(line));
    CHECK(line == "last");
    CHECK_FALSE(reader.next(line));

    std::istringstream exact("0123456789\r\n0123456789\n01234567890\n");
    TextLineReader bounded(exact, "g.txt", TextLimits{10, 100});
    CHECK(bounded.next(line));
    CHECK(bounded.next(line));
    CHECK_THROWS_WITH(bounded.next(line), "g.txt:3: a line longer than 10 characters");

    std::istringstream big(std::string(50, '\n'));
    TextLineReader sized(big, "h.txt", TextLimits{10, 20});
    CHECK_THROWS_WITH([&] { while (sized.next(line)) {} }(), "h.txt: larger than 20 bytes");

    CHECK_THROWS_WITH(openTextFile("/"), "/ is a directory");
    CHECK_THROWS_WITH(openTextFile("/nonexistent/x"), "cannot open /nonexistent/x: No such file or directory");
}

TEST_CASE("readWholeFile: every byte of a data file, a bounded read of anything else", "[robust]") {
    const std::string path = "test_robustness_whole.bin";
    const std::string bytes = std::string("w\0\xff\r\n", 5) + std::string(100000, 'z');
    {
        std::ofstream out(path, std::ios::binary);
        out << bytes;
    }
    CHECK(readWholeFile(path) == bytes);
    CHECK(readWholeFile(path, bytes.size()) == bytes);
    CHECK_THROWS_WITH(readWholeFile(path, bytes.size() - 1), path + ": larger than 100004 bytes");
    std::remove(path.c_str());
    // A device that never ends is read no further than the limit (it was read until memory ran out).
    CHECK_THROWS_WITH(readWholeFile("/dev/zero", 1 << 20), "/dev/zero: larger than 1 MiB");
    CHECK_THROWS_WITH(readWholeFile("/"), "/ is a directory");
    CHECK_THROWS_WITH(readWholeFile("/nonexistent/x"), "cannot open /nonexistent/x: No such file or directory");
}

TEST_CASE("results directories: a record far larger than any game is refused, not read", "[robust]") {
    // A game record or settings.json is a few KiB; one of 17 MiB (or /dev/zero linked in its place)
    // was read whole before its JSON was looked at.
    char dir[] = "/tmp/reversi-store-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::vector<PlayerSpec> players{parsePlayer("greedy"), parsePlayer("random:1")};
    MatchOptions options;
    prepareResultsDir(dir, settingsJson(false, players, options));
    const std::string game = storedGamePath(dir, 0);
    std::filesystem::create_directories(std::filesystem::path(game).parent_path());
    { std::ofstream(game) << "{"; }
    std::filesystem::resize_file(game, std::size_t{17} << 20);
    std::vector<std::string> problems;
    CHECK(readStoredGames(dir, players, problems).empty());
    REQUIRE(problems.size() == 1);
    CHECK(problems[0] == game + ": larger than 16 MiB");
    const std::string settings = std::string(dir) + "/settings.json";
    std::filesystem::resize_file(settings, std::size_t{17} << 20);
    CHECK_THROWS_WITH(readSettings(dir), settings + ": larger than 16 MiB");
    std::filesystem::remove_all(dir);
}

TEST_CASE("position files: a huge line is refused without being echoed", "[robust]") {
    std::istringstream in("# fine\n" + std::string(1 << 20, 'X') + " X\n");
    try {
        readPositions(in, "big.obf");
        FAIL("accepted");
    } catch (const PositionError& e) {
        CHECK(std::string(e.what()) == "big.obf:2: a line longer than 4096 characters");
    }
    std::istringstream bad(std::string(100, 'Q') + " X\n");
    try {
        readPositions(bad, "bad.obf");
        FAIL("accepted");
    } catch (const PositionError& e) {
        CHECK(std::string(e.what()).size() < 160);
    }
}

TEST_CASE("settings: rewriting keeps comments, blank lines and unknown keys in place", "[robust][settings]") {
    const std::string old =
        "# mine\nsize = 10\nfavourite = yes\n\n  # indented comment\nwhite=smarter\nsize = 12\ncolor = purple\n";
    PlaySettings s;
    s.size = 6;
    s.white = "greedy";
    s.blackName = "Ann";
    const std::string text = updateSettingsText(old, s);
    CHECK(text.rfind("# mine\nsize = 6\nfavourite = yes\n\n  # indented comment\nwhite = greedy\nsize = 6\ncolor = auto\n", 0) == 0);
    CHECK(text.find("black_name = Ann\n") != std::string::npos);
    std::vector<std::string> warnings;
    CHECK(parseSettings(text, warnings) == s);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == "line 3: unknown setting \"favourite\"");
    CHECK(updateSettingsText("", s) == formatSettings(s));
    CHECK(updateSettingsText("size = 6", s).rfind("size = 6\nblack = human\n", 0) == 0);  // no final newline
    // Every number reads back as itself (six significant digits did not).
    warnings.clear();
    const PlaySettings precise = parseSettings("delay = 0.1234567\nmove_time = 0.30000000000000004\n", warnings);
    CHECK(parseSettings(formatSettings(precise), warnings) == precise);
    CHECK(formatSettings(PlaySettings{}).find("move_time = 0.75\n") != std::string::npos);
    CHECK(warnings.empty());
}

TEST_CASE("settings: names with control characters are refused, warnings are escaped", "[robust][settings]") {
    std::vector<std::string> warnings;
    const PlaySettings s = parseSettings("black_name = Ann\x1b[2J\nwhite_name = Bo\x07\n\x1b[31m = 1\n", warnings);
    CHECK(s.blackName.empty());
    CHECK(s.whiteName.empty());
    REQUIRE(warnings.size() == 3);
    for (const std::string& w : warnings) CHECK(w.find('\x1b') == std::string::npos);
    CHECK(isValidName("Ann"));
    CHECK_FALSE(isValidName("Ann\nwhite = smartest"));
    CHECK_FALSE(isValidName(std::string(41, 'x')));
    warnings.clear();
    CHECK(parseSettings("\xEF\xBB\xBFsize = 6\n", warnings).size == 6);
    CHECK(warnings.empty());
}

TEST_CASE("game records: a byte order mark, the line of a bad move, escaped text", "[robust][record]") {
    CHECK(parseRecordedGame("\xEF\xBB\xBF" "8 f5d6\n").moves.size() == 2);
    CHECK(parseRecordedGame("\xEF\xBB\xBF# comment\nsize 8\nf5\n").moves.size() == 1);
    try {
        parseRecordedGame("# a\nsize 8\nf5\n\x1b[2J\n");
        FAIL("accepted");
    } catch (const RecordError& e) {
        CHECK(e.line == 4);
        CHECK(std::string(e.what()).find('\x1b') == std::string::npos);
    }
}
