#include "reversi/cpu_clock.hpp"

#include <sys/resource.h>
#include <sys/time.h>

namespace reversi {

double processUserSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec) + static_cast<double>(usage.ru_utime.tv_usec) / 1e6;
}

}  // namespace reversi
