#include "platform/sandbox_identity.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace reversi::sandbox {

namespace {

// Root-only, so that no sandboxed program (nor any other user) can take or hold an id's lock.
constexpr const char* kLockDir = "/run/reversi-sandbox-uids";

void uidRange(uid_t& first, uid_t& last) {
    first = kFirstSandboxUid;
    last = kLastSandboxUid;
    const char* text = std::getenv("REVERSI_SANDBOX_UIDS");
    if (!text || !*text) return;
    char* end = nullptr;
    const unsigned long a = std::strtoul(text, &end, 10);
    if (!end || *end != '-') throw std::runtime_error("REVERSI_SANDBOX_UIDS must be FIRST-LAST");
    const unsigned long b = std::strtoul(end + 1, &end, 10);
    if (*end || a < 1000 || b < a || b > 4000000000ul) throw std::runtime_error("REVERSI_SANDBOX_UIDS must be FIRST-LAST");
    first = static_cast<uid_t>(a);
    last = static_cast<uid_t>(b);
}

std::string lockDirectory() {
    const char* dir = std::getenv("REVERSI_SANDBOX_LOCKS");  // tests: a private directory
    return dir && *dir ? dir : kLockDir;
}

}  // namespace

void UidLease::acquire() {
    release();
    uid_t first, last;
    uidRange(first, last);
    const std::string dir = lockDirectory();
    if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
        throw std::runtime_error("cannot make " + dir + ": " + std::strerror(errno));
    struct stat st {};
    if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0 || (st.st_mode & 0022))
        throw std::runtime_error(dir + " must be a directory of root's that only root writes");
    // Start at a place that depends on the process, so that workers rarely try the same ids.
    const uid_t count = last - first + 1;
    const uid_t start = static_cast<uid_t>(getpid()) % count;
    for (uid_t i = 0; i < count; ++i) {
        const uid_t uid = first + (start + i) % count;
        const std::string file = dir + "/" + std::to_string(uid);
        const int fd = open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) continue;
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
            fd_ = fd;
            uid_ = uid;
            return;
        }
        close(fd);
    }
    throw std::runtime_error("every sandbox user id from " + std::to_string(first) + " to " + std::to_string(last) +
                             " is in use");
}

void UidLease::release() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
}

}  // namespace reversi::sandbox
