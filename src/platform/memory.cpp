#include "platform/memory.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>

namespace reversi {

namespace {

// The value in kB of "KEY:   1234 kB" in a /proc file, in bytes; 0 when absent.
std::uint64_t procValue(const char* path, const std::string& key) {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, key.size() + 1, key + ":") != 0) continue;
        std::istringstream words(line.substr(key.size() + 1));
        std::uint64_t kb = 0;
        if (words >> kb) return kb * 1024;
    }
    return 0;
}

// What a limit leaves beyond `used`; UINT64_MAX when unlimited.
std::uint64_t leftUnder(int resource, std::uint64_t used) {
    rlimit limit{};
    if (::getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t cap = limit.rlim_cur;
    return cap > used ? cap - used : 0;
}

}  // namespace

std::uint64_t allocatableBytes() {
    std::uint64_t bytes = std::numeric_limits<std::uint64_t>::max();
    if (const std::uint64_t available = procValue("/proc/meminfo", "MemAvailable")) bytes = available;
    bytes = std::min(bytes, leftUnder(RLIMIT_AS, procValue("/proc/self/status", "VmSize")));
    bytes = std::min(bytes, leftUnder(RLIMIT_DATA, procValue("/proc/self/status", "VmData")));
    return bytes;
}

std::string formatMemory(std::uint64_t bytes) {
    char buffer[32];
    const double b = static_cast<double>(bytes);
    if (bytes >= (std::uint64_t{1} << 30)) std::snprintf(buffer, sizeof buffer, "%.1f GiB", b / (1 << 30));
    else if (bytes >= (std::uint64_t{1} << 20)) std::snprintf(buffer, sizeof buffer, "%.0f MiB", b / (1 << 20));
    else std::snprintf(buffer, sizeof buffer, "%.0f KiB", b / (1 << 10));
    return buffer;
}

}  // namespace reversi
