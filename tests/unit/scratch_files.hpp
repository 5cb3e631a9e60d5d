// Test helpers for files: an empty scratch directory's path under the system's temporary directory,
// unique to this process (the tests run in parallel), removed first if an earlier run left it; and a
// whole file's bytes ("" when it cannot be read).
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

inline std::string freshDir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("reversi-test-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    return dir.string();
}

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
