// The progress line of a search on stderr, for solve and table: while stderr is a terminal, the
// bounds of the value proven so far (where the search reports them), the first move being
// searched, the depth reached and the nodes of the thread that runs the root, one line of at most
// 79 columns rewritten at most twice a second and wiped when the search ends. Off a terminal it
// prints nothing, so logs and pipes get only the answer.
#pragma once

#include <chrono>
#include <mutex>
#include <string>

#include "rules/geometry.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

class SolveProgress {
  public:
    // `what` starts the line ("3x3: "); g names the moves.
    SolveProgress(const Geometry& g, std::string what);
    // Wipes the line if one was shown.
    ~SolveProgress();
    SolveProgress(const SolveProgress&) = delete;
    SolveProgress& operator=(const SolveProgress&) = delete;

    // Sets o.progress to report here when stderr is a terminal. *this must outlive the search.
    void attach(SolveOptions& o);
    // Wipes the line now, so that a message can follow on a clean line.
    void clear();

  private:
    void report(const Progress& p);

    Geometry g_;
    std::string what_;
    std::mutex mutex_;  // a search reports from its root's thread, but a caller may share one
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    double shown_ = 0;  // seconds at the last line shown, 0 while none is
};

}  // namespace smallgo::cli
