// The progress line of a search (solve_progress.hpp).
#include "cli/solve_progress.hpp"

#include <unistd.h>

#include <fmt/core.h>

namespace smallgo::cli {

SolveProgress::SolveProgress(const Geometry& g, std::string what) : g_(g), what_(std::move(what)) {}

SolveProgress::~SolveProgress() {
    clear();
}

void SolveProgress::attach(SolveOptions& o) {
    if (isatty(STDERR_FILENO)) o.progress = [this](const Progress& p) { report(p); };
}

void SolveProgress::clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (shown_ > 0) fmt::print(stderr, "\r{:79}\r", "");
    shown_ = 0;
}

void SolveProgress::report(const Progress& p) {
    std::lock_guard<std::mutex> lock(mutex_);
    const double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (t - shown_ < 0.5) return;
    shown_ = t;
    fmt::print(stderr, "\r{}{:.0f} s: first move {}, depth {}, {} nodes (this thread)   ", what_, t,
               g_.aga(p.move), p.depth, p.nodes);
}

}  // namespace smallgo::cli
