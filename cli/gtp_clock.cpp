// GtpClock's budget and StopTimer's thread (gtp_clock.hpp).
#include "cli/gtp_clock.hpp"

#include <algorithm>

namespace smallgo::cli {

namespace {
// Main time is shared out as if this many moves were still to come: a tiny board's game is short
// and the first moves are the hardest to prove.
constexpr double MovesToCome = 10;
// The part of a budget kept back for the reply and the controller's own delays.
constexpr double Margin = 0.8;
constexpr double Floor = 0.01;
}  // namespace

void GtpClock::settings(double main_seconds, double byo_seconds, int byo_stones) {
    // Byo-yomi stones 0 with a byo-yomi time: no time limit (GTP 2, section 4.2). No time at all
    // (0 0 0) is read the same way, as a clock of nothing cannot be meant.
    limited_ = !(byo_stones == 0 && byo_seconds > 0) && !(main_seconds <= 0 && byo_seconds <= 0);
    main_ = std::max(0.0, main_seconds);
    byo_ = std::max(0.0, byo_seconds);
    byo_stones_ = std::max(0, byo_stones);
    for (Side& s : side_) s = Side{main_, 0};
    if (limited_ && main_ == 0 && byo_stones_ > 0)
        for (Side& s : side_) s = Side{byo_, byo_stones_};
}

void GtpClock::left(Color c, double seconds, int stones) {
    side_[static_cast<int>(c)] = Side{std::max(0.0, seconds), std::max(0, stones)};
}

void GtpClock::spent(Color c, double seconds) {
    if (!limited_) return;
    Side& s = side_[static_cast<int>(c)];
    s.seconds -= seconds;
    if (s.stones > 0 && --s.stones == 0) s = Side{byo_, byo_stones_};  // a new period
    if (s.stones == 0 && s.seconds <= 0 && byo_stones_ > 0) s = Side{byo_, byo_stones_};
}

double GtpClock::budget(Color c, double default_seconds) const {
    if (!limited_) return default_seconds;
    const Side& s = side_[static_cast<int>(c)];
    double t = 0;
    if (s.stones > 0)
        t = s.seconds / s.stones;
    else
        t = s.seconds / MovesToCome + (byo_stones_ > 0 ? byo_ / byo_stones_ : 0.0);
    return std::max(Floor, std::min(default_seconds, t * Margin));
}

StopTimer::StopTimer(double seconds) {
    thread_ = std::thread([this, seconds] {
        std::unique_lock lock(mutex_);
        const auto until = std::chrono::steady_clock::now() +
                           std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(seconds));
        if (!wake_.wait_until(lock, until, [this] { return done_; }))
            stop_.store(true, std::memory_order_relaxed);
    });
}

StopTimer::~StopTimer() {
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

}  // namespace smallgo::cli
