// A wall-clock count that a pause of the whole machine does not advance (see AnswerClock).
#pragma once

#include <chrono>

namespace reversi {

// The wall-clock seconds a program has taken over one answer it owes, as the referee watching it saw
// them. A gap between two looks longer than kLongestGap means this process was not running (a stalled
// or paused machine or virtual machine, a run stopped by Ctrl-Z), and most likely neither was the
// program: the gap counts as kLongestGap, so that a pause of both is charged to neither. A program that
// never answers is still caught, since every look adds time.
class AnswerClock {
public:
    static constexpr double kLongestGap = 0.25;  // seconds; the referee looks every 10 ms while it waits

    AnswerClock() { restart(); }
    void restart();  // an answer is due from now
    double look();   // the seconds counted so far, up to now

private:
    std::chrono::steady_clock::time_point last_;
    double seconds_ = 0;
};

}  // namespace reversi
