// Part 2's engine as a Mover: iterative-deepening alpha-beta on bitboards under a CPU-time budget.
#pragma once

#include <memory>

#include "rules/mover.hpp"
#include "search/types.hpp"

namespace reversi {

class EngineMover final : public Mover {
public:
    explicit EngineMover(EngineOptions options = {});
    ~EngineMover() override;
    EngineMover(const EngineMover&) = delete;
    EngineMover& operator=(const EngineMover&) = delete;

    std::string name() const override { return "part2"; }
    Move chooseMove(const Board& board, char colour) override;
    void prepare(int boardSize) override;
    const SearchReport& lastReport() const { return report_; }
    // A new budget for the next moves (a game clock running down), keeping the tables.
    void setMoveTime(double seconds) { options_.moveTime = seconds; }

private:
    struct Impl;
    EngineOptions options_;
    SearchReport report_;
    std::unique_ptr<Impl> impl_;  // the tables kept across moves
};

}  // namespace reversi
