#include "platform/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <random>
#include <stdexcept>

namespace reversi {

namespace {

[[noreturn]] void fail(const std::string& path, int err) {
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(err));
}
[[noreturn]] void fail(const std::string& path, const std::string& reason) {
    throw std::runtime_error("cannot write " + path + ": " + reason);
}

// Writes all of text to fd, retrying short and interrupted writes; the errno of a failure, or 0.
int writeAllTo(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (n == 0) return EIO;
        done += static_cast<std::size_t>(n);
    }
    return 0;
}

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// The descriptor a path names directly (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N), or -1.
int namedDescriptor(const std::string& path) {
    if (path == "/dev/stdout") return 1;
    if (path == "/dev/stderr") return 2;
    for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
        if (!startsWith(path, prefix)) continue;
        const std::string number = path.substr(std::strlen(prefix));
        if (number.empty() || number.size() > 6 || number.find_first_not_of("0123456789") != std::string::npos) return -1;
        return std::stoi(number);
    }
    return -1;
}

std::string directoryOf(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

// Follows the symlinks of `path` to the final name (which may not exist yet: a dangling link creates
// its target). `special` is set when a link leads under /dev or /proc, which is never replaced.
std::string finalTarget(const std::string& path, bool& special) {
    std::string at = path;
    for (int hops = 0; hops < 40; ++hops) {
        if (startsWith(at, "/dev/") || startsWith(at, "/proc/")) {
            special = true;
            return at;
        }
        struct stat st {};
        if (::lstat(at.c_str(), &st) != 0) {
            if (errno == ENOENT) return at;
            fail(path, errno);
        }
        if (!S_ISLNK(st.st_mode)) return at;
        char buffer[PATH_MAX];
        const ssize_t n = ::readlink(at.c_str(), buffer, sizeof buffer - 1);
        if (n < 0) fail(path, errno);
        const std::string link(buffer, static_cast<std::size_t>(n));
        at = !link.empty() && link[0] == '/' ? link : directoryOf(at) + "/" + link;
    }
    fail(path, ELOOP);
}

// Writes to something that is not a regular file: opened as it is (no truncation of a device, no
// replacement), or the descriptor itself for /dev/stdout and its kind, after whatever stdio holds.
void writeDirectly(const std::string& path, const std::string& text) {
    const int named = namedDescriptor(path);
    if (named >= 0) {
        std::fflush(nullptr);
        if (const int err = writeAllTo(named, text)) fail(path, err);
        return;
    }
    const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) fail(path, errno);
    // A regular file reached this way (under /dev/shm, through /proc) is rewritten from its start.
    struct stat st {};
    int err = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::ftruncate(fd, 0) != 0 ? errno : 0;
    if (!err) err = writeAllTo(fd, text);
    const int closed = ::close(fd);
    if (err) fail(path, err);
    if (closed != 0 && errno != EINTR) fail(path, errno);
}

// A name no one can guess: ".NAME.XXXXXXXXXXXX.tmp" in the target's directory.
std::string temporaryName(const std::string& target, std::mt19937_64& random) {
    static const char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::string suffix;
    for (int i = 0; i < 12; ++i) suffix += kChars[random() % (sizeof kChars - 1)];
    const std::size_t slash = target.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "" : target.substr(0, slash + 1);
    const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
    return dir + "." + base.substr(0, 100) + "." + suffix + ".tmp";
}

}  // namespace

void writeFileAtomically(const std::string& path, const std::string& text, mode_t newFileMode) {
    if (path.empty()) throw std::runtime_error("no file name given");
    if (path.back() == '/') fail(path, "it is a directory");
    bool special = namedDescriptor(path) >= 0;
    const std::string target = special ? path : finalTarget(path, special);
    struct stat st {};
    const bool exists = ::stat(target.c_str(), &st) == 0;
    if (!exists && errno != ENOENT) fail(path, errno);
    if (exists && S_ISDIR(st.st_mode)) fail(path, "it is a directory");
    if (special || (exists && !S_ISREG(st.st_mode))) {
        writeDirectly(target, text);
        return;
    }

    std::random_device device;
    std::mt19937_64 random((static_cast<std::uint64_t>(device()) << 32) ^ device() ^
                           static_cast<std::uint64_t>(::getpid()));
    const mode_t mode = exists ? (st.st_mode & 07777) : newFileMode;  // a new file: less the umask
    std::string temp;
    int fd = -1;
    for (int attempt = 0; fd < 0; ++attempt) {
        temp = temporaryName(target, random);
        fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, mode);
        if (fd < 0 && (errno != EEXIST || attempt >= 100)) fail(path, errno);
    }
    const auto abandon = [&](int err) {
        ::close(fd);
        ::unlink(temp.c_str());
        fail(path, err);
    };
    if (exists) {
        // The old file's exact permission bits (the umask may have cleared some at creation), and
        // its owner and group where we may set them (root; a group we belong to).
        if (::fchmod(fd, mode) != 0) abandon(errno);
        if (st.st_uid != ::geteuid() || st.st_gid != ::getegid()) {
            if (::fchown(fd, st.st_uid, st.st_gid) != 0 && ::fchown(fd, static_cast<uid_t>(-1), st.st_gid) != 0) {
                // Not allowed: the new file is ours, as any file we create.
            }
            if ((st.st_mode & (S_ISUID | S_ISGID)) && ::fchmod(fd, mode) != 0) abandon(errno);  // chown clears them
        }
    }
    if (const int err = writeAllTo(fd, text)) abandon(err);
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) abandon(errno);
    if (::close(fd) != 0 && errno != EINTR) {
        const int err = errno;
        ::unlink(temp.c_str());
        fail(path, err);
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        fail(path, err);
    }
    // The rename itself on disk: sync the directory (best effort).
    const int dir = ::open(directoryOf(target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

}  // namespace reversi
