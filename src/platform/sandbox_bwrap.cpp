#include "platform/sandbox_bwrap.hpp"

#include <fcntl.h>
#include <grp.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace reversi::sandbox {

namespace {

// The system's directories a C program, a compiler and coreutils' libstdbuf need, read-only.
constexpr const char* kSystemDirs[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};
// What of /etc they need: the dynamic linker's cache, compiler alternatives, user names, the time zone.
constexpr const char* kEtcFiles[] = {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
                                     "/etc/passwd",      "/etc/group",      "/etc/nsswitch.conf", "/etc/localtime"};

void addSystemView(std::vector<std::string>& words) {
    for (const char* dir : kSystemDirs) {
        struct stat st {};
        if (lstat(dir, &st) != 0) continue;
        if (S_ISLNK(st.st_mode)) {  // merged /usr: /bin -> usr/bin
            char target[PATH_MAX];
            const ssize_t n = readlink(dir, target, sizeof target - 1);
            if (n <= 0) continue;
            words.insert(words.end(), {"--symlink", std::string(target, static_cast<std::size_t>(n)), dir});
        } else if (S_ISDIR(st.st_mode)) {
            words.insert(words.end(), {"--ro-bind", dir, dir});
        }
    }
    for (const char* file : kEtcFiles) words.insert(words.end(), {"--ro-bind-try", file, file});
}

// Runs bubblewrap once with the namespaces a sandbox makes, as an unprivileged user when root.
bool tryNamespaces(std::string& why) {
    const std::string bwrap = bwrapPath();
    if (access(bwrap.c_str(), X_OK) != 0) {
        why = "no bubblewrap (" + bwrap + ")";
        return false;
    }
    // Everything allocated before the fork: the child of a process with threads may not allocate.
    std::vector<std::string> words{bwrap};
    for (std::string& w : bwrapWords(View::kCommandLine, "/", -1, {})) words.push_back(std::move(w));
    words.emplace_back("/bin/true");
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    int err[2];
    if (pipe2(err, O_CLOEXEC) != 0) return why = "pipe failed", false;
    const pid_t pid = fork();
    if (pid == 0) {
        const int null = open("/dev/null", O_RDWR);
        dup2(null, 0), dup2(null, 1), dup2(err[1], 2);
        if (geteuid() == 0 && (setgroups(0, nullptr) != 0 || setresgid(65534, 65534, 65534) != 0 ||
                               setresuid(65534, 65534, 65534) != 0))
            _exit(126);
        prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        execv(argv[0], argv.data());
        _exit(127);
    }
    close(err[1]);
    char text[300] = {};
    std::size_t got = 0;
    ssize_t n;
    while (got < sizeof text - 1 && (n = read(err[0], text + got, sizeof text - 1 - got)) > 0) got += static_cast<std::size_t>(n);
    close(err[0]);
    int status = 0;
    if (pid > 0) waitpid(pid, &status, 0);
    if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
    std::string message(text, got);
    if (const std::size_t end = message.find('\n'); end != std::string::npos) message.resize(end);
    why = message.empty() ? "bubblewrap could not make its namespaces" : message;
    return false;
}

// Under a directory the view covers with its own empty file system.
bool underPrivateDirectory(const std::string& path) {
    for (const std::string dir : {"/tmp/", "/dev/shm/"})
        if (path.compare(0, dir.size(), dir) == 0 && path.size() > dir.size()) return true;
    return false;
}

// A command-line player whose program or files lie in /tmp or /dev/shm still reaches them, read-only:
// the program's directory (unless that is /tmp itself), and each file named by an argument.
void addPlayerFiles(std::vector<std::string>& words, const std::vector<std::string>& argv) {
    for (std::size_t i = 0; i < argv.size(); ++i) {
        std::string path = argv[i];
        if (!underPrivateDirectory(path) || access(path.c_str(), F_OK) != 0) continue;
        const std::string dir = path.substr(0, path.rfind('/'));
        if (i == 0 && underPrivateDirectory(dir + "/")) path = dir;
        if (path.find("/reversi-sandbox-") != std::string::npos) continue;  // another program's directory
        words.insert(words.end(), {"--ro-bind", path, path});
    }
}

}  // namespace

std::string bwrapPath() {
    const char* path = std::getenv("REVERSI_BWRAP");
    return path && *path ? path : "/usr/bin/bwrap";
}

bool inSystemDirectory(const std::string& path) {
    for (const char* dir : kSystemDirs) {
        const std::size_t n = std::strlen(dir);
        if (path.compare(0, n, dir) == 0 && path.size() > n && path[n] == '/') return true;
    }
    return false;
}

std::vector<std::string> bwrapWords(View view, const std::string& workDir, int seccompFd,
                                    const std::vector<std::string>& argv) {
    std::vector<std::string> words{"--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc",
                                   "--unshare-uts",  "--unshare-cgroup-try", "--die-with-parent", "--new-session"};
    if (view == View::kCommandLine)
        words.insert(words.end(), {"--ro-bind", "/", "/"});
    else
        addSystemView(words);
    words.insert(words.end(), {"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/dev/shm"});
    if (view == View::kCommandLine) addPlayerFiles(words, argv);
    if (workDir != "/") words.insert(words.end(), {"--bind", workDir, workDir});
    words.insert(words.end(), {"--chdir", workDir});
    if (seccompFd >= 0) words.insert(words.end(), {"--seccomp", std::to_string(seccompFd)});
    words.emplace_back("--");
    return words;
}

bool namespacesAvailable(std::string& why) {
    static std::once_flag once;
    static bool available = false;
    static std::string reason;
    std::call_once(once, [] { available = tryNamespaces(reason); });
    why = reason;
    return available;
}

}  // namespace reversi::sandbox
