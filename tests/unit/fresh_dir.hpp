// Test helper: an empty scratch directory's path under the system's temporary directory, unique to
// this process (the tests run in parallel), removed first if an earlier run left it.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

inline std::string freshDir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("reversi-test-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    return dir.string();
}
