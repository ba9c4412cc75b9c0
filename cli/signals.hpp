// Stopping a long run from outside. While a StopOnSignals lives, Ctrl-C (SIGINT), `kill`
// (SIGTERM) and, when it was given a time limit, a timer (SIGALRM from setitimer) set one flag
// that the solver and the counter poll (SolveOptions::stop, CountOptions::stop); the command then
// reports what it proved and main() exits with exit_code(). The first signal wins; later ones are
// ignored until the run reports (signals.cpp says why they do not end the program). One
// StopOnSignals at a time (asserted): the flag is the program's.
#pragma once

#include <atomic>
#include <string_view>

namespace smallgo::cli {

class StopOnSignals {
  public:
    // Installs the handlers; a time limit over 0 seconds arms the timer.
    explicit StopOnSignals(double time_limit_seconds = 0);
    // Disarms the timer and restores the handlers that were there before.
    ~StopOnSignals();
    StopOnSignals(const StopOnSignals&) = delete;
    StopOnSignals& operator=(const StopOnSignals&) = delete;

    // Arms the timer now, where the time limit is over 0 seconds (a command that does other work
    // under the handlers first, such as reading a checkpoint, so that the limit is the search's).
    void arm_time_limit(double seconds);

    // The flag to hand to the search or the count.
    const std::atomic<bool>* flag() const;
    // The signal that stopped the run (SIGINT, SIGTERM or SIGALRM), 0 while none has.
    int signal() const;
    // Why the run stopped: "interrupted", "terminated", "time limit"; empty while it has not.
    std::string_view reason() const;
    // 128 + the signal for SIGINT and SIGTERM, as a shell reports a program they end (130, 143);
    // 0 for the time limit, which the user asked for; 0 while no signal has come.
    int exit_code() const;
};

}  // namespace smallgo::cli
