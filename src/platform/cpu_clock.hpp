// CPU time as the course measured it: getrusage(RUSAGE_SELF) user time, which sums all threads.
#pragma once

namespace reversi {

// User CPU seconds consumed by this process so far.
double processUserSeconds();
// CPU seconds (user + system) consumed by the calling thread so far: one solve among several threads.
double threadCpuSeconds();

// Measures user CPU time from construction (or the last restart).
class CpuStopwatch {
public:
    CpuStopwatch() : start_(processUserSeconds()) {}
    void restart() { start_ = processUserSeconds(); }
    double elapsed() const { return processUserSeconds() - start_; }

private:
    double start_;
};

}  // namespace reversi
