// The handlers behind StopOnSignals (signals.hpp). A handler only stores to lock-free atomics,
// which is async-signal-safe.
#include "cli/signals.hpp"

#include <sys/time.h>

#include <cassert>
#include <cmath>
#include <csignal>

namespace smallgo::cli {

namespace {
std::atomic<bool> stop{false};
std::atomic<int> stopped_by{0};
std::atomic<bool> installed{false};
struct sigaction previous_int, previous_term, previous_alarm;

static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int number) {
    int none = 0;
    stopped_by.compare_exchange_strong(none, number);
    stop.store(true);
}

void set_timer(double seconds) {
    itimerval t{};
    const double whole = std::floor(seconds);
    t.it_value.tv_sec = static_cast<time_t>(whole);
    t.it_value.tv_usec = static_cast<suseconds_t>((seconds - whole) * 1e6);
    setitimer(ITIMER_REAL, &t, nullptr);
}
}  // namespace

StopOnSignals::StopOnSignals(double time_limit_seconds) {
    [[maybe_unused]] const bool was = installed.exchange(true);
    assert(!was);
    stop.store(false);
    stopped_by.store(0);
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    // No SA_RESETHAND: `timeout` sends its signal twice (to the program and to its process
    // group), and a handler reset by the first would let the second kill the program before it
    // reports.
    action.sa_flags = 0;
    sigaction(SIGINT, &action, &previous_int);
    sigaction(SIGTERM, &action, &previous_term);
    sigaction(SIGALRM, &action, &previous_alarm);
    if (time_limit_seconds > 0) set_timer(time_limit_seconds);
}

StopOnSignals::~StopOnSignals() {
    set_timer(0);
    sigaction(SIGINT, &previous_int, nullptr);
    sigaction(SIGTERM, &previous_term, nullptr);
    sigaction(SIGALRM, &previous_alarm, nullptr);
    installed.store(false);
}

void StopOnSignals::arm_time_limit(double seconds) {
    if (seconds > 0) set_timer(seconds);
}

const std::atomic<bool>* StopOnSignals::flag() const {
    return &stop;
}

int StopOnSignals::signal() const {
    return stopped_by.load();
}

std::string_view StopOnSignals::reason() const {
    switch (signal()) {
        case SIGINT:
            return "interrupted";
        case SIGTERM:
            return "terminated";
        case SIGALRM:
            return "time limit";
        default:
            return {};
    }
}

int StopOnSignals::exit_code() const {
    const int s = signal();
    return s == SIGINT || s == SIGTERM ? 128 + s : 0;
}

}  // namespace smallgo::cli
