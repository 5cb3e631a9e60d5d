// Finding a test's processes in the process table: every process a test starts carries a unique tag in
// its command line, so that the test can check that none is left running afterwards.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace reversi {

inline std::string uniqueTag(const std::string& prefix) {
    static std::mt19937_64 rng(std::random_device{}() ^ static_cast<unsigned long>(getpid()));
    return prefix + "-" + std::to_string(rng() % 1000000000000ULL);
}

// Calls f(pid, /proc/PID) for every process in the process table.
template <class F>
void forEachProcess(F f) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        f(static_cast<pid_t>(std::stol(name)), entry.path());
    }
}

// The fields of /proc/PID/stat after the command name ("S PPID ..."), or "" once the process is gone.
inline std::string statAfterName(const std::filesystem::path& dir) {
    std::ifstream stat(dir / "stat");
    std::string line;
    std::getline(stat, line);
    const std::size_t paren = line.rfind(')');
    return paren != std::string::npos && paren + 2 < line.size() ? line.substr(paren + 2) : std::string();
}

// Live (not zombie) processes whose command line contains `tag`, after a short settling time.
inline std::vector<pid_t> processesWithTag(const std::string& tag) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::vector<pid_t> found;
    forEachProcess([&](pid_t pid, const std::filesystem::path& dir) {
        std::ifstream cmdline(dir / "cmdline", std::ios::binary);
        std::stringstream text;
        text << cmdline.rdbuf();
        if (text.str().find(tag) == std::string::npos) return;
        const std::string stat = statAfterName(dir);
        if (stat.empty() || stat[0] != 'Z') found.push_back(pid);
    });
    return found;
}

// The live processes whose parent is `parent`.
inline std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> found;
    forEachProcess([&](pid_t pid, const std::filesystem::path& dir) {
        std::istringstream fields(statAfterName(dir));
        char state = 0;
        long ppid = 0;
        if (fields >> state >> ppid && state != 'Z' && ppid == parent) found.push_back(pid);
    });
    return found;
}

// Whether every process tagged `tag` is gone within 10 s. A killed tree dies in steps (the referee's or
// supervisor's kill, then bubblewrap's, then the shell's), later on a busy machine; a survivor (a
// program that escaped the kill) is still there after the 10 s.
inline bool processesGone(const std::string& tag) {
    for (int tries = 0; tries < 100; ++tries)
        if (processesWithTag(tag).empty()) return true;
    return false;
}

}  // namespace reversi
