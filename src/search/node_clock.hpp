// Counting a search's nodes and looking at a stop condition (the CPU clock, a caller's flag) every
// checkMask + 1 nodes: often enough to unwind within milliseconds, rarely enough to cost nothing.
// Once the condition holds the search is stopped for good and every node returns at once.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>

namespace reversi {

class NodeClock {
public:
    NodeClock(std::uint64_t checkMask, std::function<bool()> stop) : mask_(checkMask), stop_(std::move(stop)) {}

    // Counts one node; true once the search must stop.
    bool tick() {
        if ((++nodes_ & mask_) == 0 && !stopped_ && stop_ && stop_()) stopped_ = true;
        return stopped_;
    }
    bool stopped() const { return stopped_; }
    void stop() { stopped_ = true; }
    // Nodes searched elsewhere on this search's behalf (the 8x8 solver).
    void add(std::uint64_t nodes) { nodes_ += nodes; }
    std::uint64_t nodes() const { return nodes_; }

private:
    std::uint64_t mask_;
    std::function<bool()> stop_;
    std::uint64_t nodes_ = 0;
    bool stopped_ = false;
};

}  // namespace reversi
