#include "platform/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace reversi {

void writeFileAtomically(const std::string& path, const std::string& text) {
    if (path.empty()) throw std::runtime_error("no file name given");
    const std::string temp = path + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        out << text;
        out.flush();
        if (!out) {
            std::remove(temp.c_str());
            throw std::runtime_error("cannot write " + path);
        }
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        std::remove(temp.c_str());
        throw std::runtime_error("cannot write " + path + ": " + std::strerror(err));
    }
}

}  // namespace reversi
