#include "platform/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace reversi {

ChildPipes spawnWithPipes(std::vector<std::string> argv) {
    if (argv.empty()) throw std::runtime_error("no program to run");
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]), close(in[1]);
        throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    // The exec error travels back on this close-on-exec pipe: EOF means exec succeeded.
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    std::vector<char*> args;
    for (std::string& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    const pid_t pid = fork();
    if (pid < 0) {
        for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        const int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) dup2(devnull, 2);
        signal(SIGPIPE, SIG_DFL);
        execvp(args[0], args.data());
        const int error = errno;
        (void)!write(err[1], &error, sizeof error);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    int error = 0;
    const ssize_t got = read(err[0], &error, sizeof error);
    close(err[0]);
    if (got == static_cast<ssize_t>(sizeof error)) {
        close(in[1]);
        close(out[0]);
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        std::string name = argv[0].size() > 60 ? argv[0].substr(0, 60) + "..." : argv[0];
        throw std::runtime_error("cannot run \"" + name + "\": " + std::strerror(error));
    }
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    return {pid, in[1], out[0]};
}

bool writeAll(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

double processUserCpuSeconds(pid_t pid) {
    if (pid <= 0) return 0;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    std::getline(stat, text);
    const std::size_t paren = text.rfind(')');  // the command name may itself contain spaces
    if (paren == std::string::npos) return 0;
    std::istringstream fields(text.substr(paren + 2));
    std::string field;
    for (int i = 3; i <= 14 && fields >> field; ++i)
        if (i == 14) return std::strtod(field.c_str(), nullptr) / static_cast<double>(sysconf(_SC_CLK_TCK));
    return 0;
}

}  // namespace reversi
