#include "platform/sandbox_cgroups.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace reversi::sandbox {

namespace fs = std::filesystem;

std::string readSmallFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool writeSmallFile(const std::string& path, const std::string& text) {
    const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

std::vector<Mount> cgroupMounts() {
    std::vector<Mount> mounts;
    std::ifstream in("/proc/self/mountinfo");
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t dash = line.find(" - ");
        if (dash == std::string::npos) continue;
        std::istringstream head(line.substr(0, dash)), tail(line.substr(dash + 3));
        std::string id, parent, dev, root, point, type, source, options;
        head >> id >> parent >> dev >> root >> point;
        tail >> type >> source >> options;
        if (type == "cgroup" || type == "cgroup2") mounts.push_back({point, type, "," + options + ","});
    }
    return mounts;
}

std::string ownCgroup(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t a = line.find(':'), b = line.find(':', a + 1);
        if (a == std::string::npos || b == std::string::npos) continue;
        std::string controllers(1, ',');
        controllers.append(line, a + 1, b - a - 1).push_back(',');
        std::string wanted(1, ',');
        wanted.append(controller).push_back(',');
        if (controller.empty() ? line.compare(0, 3, "0::") == 0 : controllers.find(wanted) != std::string::npos)
            return line.substr(b + 1);
    }
    return {};
}

namespace {

// Removes cgroups left by sandboxes of processes that no longer exist (killed before their cleanup).
void removeStaleCgroups(const std::string& parent) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(parent, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("reversi-", 0) != 0) continue;
        const long owner = std::strtol(name.c_str() + 8, nullptr, 10);
        if (owner > 0 && kill(static_cast<pid_t>(owner), 0) != 0 && errno == ESRCH) rmdir(entry.path().c_str());
    }
}

}  // namespace

std::string makeCgroup(const Mount& mount, const std::string& own) {
    static std::atomic<int> sequence{0};
    const std::string parent = mount.point + (own == "/" ? "" : own);
    removeStaleCgroups(parent);
    const std::string dir =
        parent + "/reversi-" + std::to_string(getpid()) + "-" + std::to_string(sequence.fetch_add(1));
    if (mkdir(dir.c_str(), 0755) != 0) return {};
    return dir;
}

}  // namespace reversi::sandbox
