// Time for genmove. GTP's time_settings (main time, byo-yomi time and stones; section 4.2 of the
// specification: byo-yomi time 0 is absolute time, byo-yomi stones 0 with a byo-yomi time means no
// limit, and so does 0 0 0) and time_left (the controller's clock, which overrides ours) give each
// move a budget in seconds; without them a move gets the default limit. A StopTimer turns a budget
// into the solver's stop flag (SolveOptions::stop) from its own thread, so several engines can run
// in one process (the tests), unlike StopOnSignals' one SIGALRM.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "rules/types.hpp"

namespace smallgo::cli {

class GtpClock {
  public:
    // time_settings: seconds of main time, seconds of byo-yomi per period of `stones` stones.
    void settings(double main_seconds, double byo_seconds, int byo_stones);
    // time_left for `c`: seconds left in the current period, and stones left in it (0: main time).
    void left(Color c, double seconds, int stones);
    // Records `seconds` spent by `c` on a move, for when no time_left follows.
    void spent(Color c, double seconds);
    // The time `c` may spend on its next move: at most `default_seconds`, and within the clock
    // with a margin for the reply to travel. Never below 10 ms.
    double budget(Color c, double default_seconds) const;

  private:
    struct Side {
        double seconds = 0;  // left in the current period (main time when stones == 0)
        int stones = 0;      // stones left in the byo-yomi period; 0 in main time
    };
    bool limited_ = false;
    double main_ = 0, byo_ = 0;
    int byo_stones_ = 0;
    Side side_[2];
};

// Sets a flag after a number of seconds unless destroyed first.
class StopTimer {
  public:
    explicit StopTimer(double seconds);
    ~StopTimer();
    StopTimer(const StopTimer&) = delete;
    StopTimer& operator=(const StopTimer&) = delete;
    const std::atomic<bool>* flag() const { return &stop_; }
    bool fired() const { return stop_.load(std::memory_order_relaxed); }

  private:
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread thread_;
};

}  // namespace smallgo::cli
