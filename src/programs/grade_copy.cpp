#include "programs/grade_copy.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

namespace reversi {

namespace {

namespace fs = std::filesystem;

constexpr off_t kLargestFile = off_t{64} << 20;  // no source or program of a lab comes near this

std::string kindOf(mode_t mode) {
    if (S_ISLNK(mode)) return "a symbolic link";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

std::string refusal(const std::string& name, const std::string& why) {
    return name + " is " + why + "; a submission may hold regular files only, so nothing of it was compiled or run";
}

// Copies the open regular file `in` to `path` (created exclusively, never through a link).
std::string copyOpenFile(int in, const std::string& name, const std::string& path, mode_t mode) {
    const int out = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (out < 0) return "cannot copy " + name + ": " + std::strerror(errno);
    char buffer[65536];
    ssize_t n;
    std::string problem;
    while ((n = ::read(in, buffer, sizeof buffer)) != 0) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 || ::write(out, buffer, static_cast<std::size_t>(n)) != n) {
            problem = "cannot copy " + name + ": " + std::strerror(errno);
            break;
        }
    }
    ::fchmod(out, mode);  // exactly, whatever the umask
    ::close(out);
    return problem;
}

// Copies one entry of the submission's directory `dirFd`; "" or why the submission is refused.
std::string copyEntry(int dirFd, const std::string& name, const std::string& target, mode_t dirMode) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: a symlink fails with ELOOP.
    const int in = ::openat(dirFd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st {};
    if (in < 0) {
        if (::fstatat(dirFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
            return refusal(name, kindOf(st.st_mode));
        return refusal(name, std::string("unreadable (") + std::strerror(errno) + ")");
    }
    std::string problem;
    if (::fstat(in, &st) != 0) {
        problem = refusal(name, std::string("unreadable (") + std::strerror(errno) + ")");
    } else if (S_ISDIR(st.st_mode)) {
        // not part of a lab's submission: left out
    } else if (!S_ISREG(st.st_mode)) {
        problem = refusal(name, kindOf(st.st_mode));
    } else if (st.st_size > kLargestFile) {
        problem = refusal(name, "larger than 64 MiB");
    } else {
        const int flags = ::fcntl(in, F_GETFL);
        ::fcntl(in, F_SETFL, flags & ~O_NONBLOCK);
        const mode_t mode = (st.st_mode & 0111 ? 0700 : 0600) | ((st.st_mode & 0111 ? 0050 : 0040) & dirMode);
        problem = copyOpenFile(in, name, target + "/" + name, mode);
    }
    ::close(in);
    return problem;
}

}  // namespace

std::string copySubmission(const std::string& source, const std::string& target, mode_t dirMode) {
    std::error_code ec;
    fs::remove_all(target, ec);  // the grader's own copy from an earlier grading
    if (::mkdir(target.c_str(), dirMode) != 0 || ::chmod(target.c_str(), dirMode) != 0)
        return "cannot make " + target + ": " + std::strerror(errno);
    const int dirFd = ::open(source.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0) return "cannot read the submission's directory: " + std::string(std::strerror(errno));
    DIR* dir = ::fdopendir(::dup(dirFd));
    std::vector<std::string> names;
    if (dir) {
        while (const dirent* entry = ::readdir(dir))
            if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0) names.push_back(entry->d_name);
        ::closedir(dir);
    }
    std::string problem;
    for (const std::string& name : names)
        if (!(problem = copyEntry(dirFd, name, target, dirMode)).empty()) break;
    ::close(dirFd);
    if (!problem.empty()) fs::remove_all(target, ec);  // nothing of a refused submission is kept
    return problem;
}

}  // namespace reversi
