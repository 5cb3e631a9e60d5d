#include "programs/grade_workspace.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "platform/interrupt.hpp"

namespace reversi {

GradeWorkspace::GradeWorkspace() {
    const char* tmp = std::getenv("TMPDIR");
    hadPrevious_ = tmp != nullptr;
    if (tmp) previous_ = tmp;
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/reversi-grade-XXXXXX";
    if (!mkdtemp(pattern.data()) && !mkdtemp((pattern = "/tmp/reversi-grade-XXXXXX").data()))
        throw std::runtime_error("cannot make a temporary directory: " + std::string(std::strerror(errno)));
    chmod(pattern.c_str(), 0711);
    dir_ = pattern;
    removeOnInterrupt(dir_);
    adoptOrphansOnInterrupt();
    setenv("TMPDIR", dir_.c_str(), 1);
}

GradeWorkspace::~GradeWorkspace() {
    if (hadPrevious_)
        setenv("TMPDIR", previous_.c_str(), 1);
    else
        unsetenv("TMPDIR");
    removeOnInterrupt("");
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

}  // namespace reversi
