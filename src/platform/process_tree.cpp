#include "platform/process_tree.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

namespace reversi::sandbox {

namespace fs = std::filesystem;

// Fields of /proc/PID/stat after the command name: state is field 3. Returns false when unreadable.
bool procStat(pid_t pid, long& ppid, long& utime, long& cutime, bool withSystem) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    char text[1024];
    const ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return false;
    text[n] = 0;
    const char* p = std::strrchr(text, ')');
    if (!p) return false;
    p += 2;
    long field[20] = {0};
    // Fields 3.. : state (a character), then numbers.
    int index = 3;
    while (*p && index <= 17) {
        if (index == 3) {
            ++p;
        } else {
            field[index] = std::strtol(p, const_cast<char**>(&p), 10);
        }
        while (*p == ' ') ++p;
        ++index;
    }
    ppid = field[4];
    utime = field[14] + (withSystem ? field[15] : 0);
    cutime = field[16] + (withSystem ? field[17] : 0);
    return index > 17;
}

std::vector<pid_t> childrenOf(pid_t pid) {
    std::vector<pid_t> children;
    const std::string taskDir = "/proc/" + std::to_string(pid) + "/task";
    std::error_code ec;
    bool any = false;
    for (const auto& task : fs::directory_iterator(taskDir, ec)) {
        std::ifstream in(task.path() / "children");
        if (!in) continue;
        any = true;
        long child;
        while (in >> child) children.push_back(static_cast<pid_t>(child));
    }
    if (any) return children;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        long ppid, utime, cutime;
        if (procStat(static_cast<pid_t>(std::stol(name)), ppid, utime, cutime) && ppid == pid)
            children.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return children;
}

std::vector<pid_t> descendantsOf(pid_t root) {
    std::vector<pid_t> all = childrenOf(root);
    for (std::size_t i = 0; i < all.size() && all.size() < 100000; ++i) {
        const std::vector<pid_t> more = childrenOf(all[i]);
        all.insert(all.end(), more.begin(), more.end());
    }
    return all;
}

int countProcessesOf(uid_t uid) {
    int count = 0;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        struct stat info {};
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (stat(entry.path().c_str(), &info) == 0 && info.st_uid == uid) ++count;
    }
    return count;
}

}  // namespace reversi::sandbox
