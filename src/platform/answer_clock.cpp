#include "platform/answer_clock.hpp"

#include <algorithm>

namespace reversi {

void AnswerClock::restart() {
    last_ = std::chrono::steady_clock::now();
    seconds_ = 0;
}

double AnswerClock::look() {
    const auto now = std::chrono::steady_clock::now();
    seconds_ += std::min(std::chrono::duration<double>(now - last_).count(), kLongestGap);
    last_ = now;
    return seconds_;
}

}  // namespace reversi
