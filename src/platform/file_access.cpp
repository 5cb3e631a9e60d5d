#include "platform/file_access.hpp"

#include <sys/stat.h>

#include <filesystem>

namespace reversi::sandbox {

namespace fs = std::filesystem;

namespace {

bool allowedTo(const struct stat& info, mode_t ownerBits, uid_t uid, gid_t gid) {
    if (info.st_uid == uid) return (info.st_mode & ownerBits) == ownerBits;
    if (info.st_gid == gid) return (info.st_mode & (ownerBits >> 3)) == (ownerBits >> 3);
    return (info.st_mode & (ownerBits >> 6)) == (ownerBits >> 6);
}

}  // namespace

bool reachableBy(const std::string& path, uid_t uid, gid_t gid) {
    std::error_code ec;
    const fs::path full = fs::absolute(path, ec).lexically_normal();
    fs::path at = "/";
    for (auto part = full.begin(); part != full.end(); ++part) {
        if (*part != "/") at /= *part;
        struct stat info {};
        if (stat(at.c_str(), &info) != 0 || !allowedTo(info, S_IXUSR, uid, gid)) return false;
    }
    return true;
}

bool runnableBy(const std::string& path, uid_t uid, gid_t gid) {
    std::error_code ec;
    const fs::path full = fs::absolute(path, ec).lexically_normal();
    struct stat info {};
    return reachableBy(full.parent_path().string(), uid, gid) && stat(full.c_str(), &info) == 0 &&
           allowedTo(info, S_IRUSR | S_IXUSR, uid, gid);
}

}  // namespace reversi::sandbox
