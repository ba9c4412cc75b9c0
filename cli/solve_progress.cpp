// The progress line of a search (solve_progress.hpp).
#include "cli/solve_progress.hpp"

#include <unistd.h>

#include <algorithm>

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
    if (shown_ > 0) fmt::print(stderr, "\r{:{}}\r", "", width_);
    shown_ = 0, width_ = 0;
}

void SolveProgress::report(const Progress& p) {
    std::lock_guard<std::mutex> lock(mutex_);
    const double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (t - shown_ < 0.5) return;
    shown_ = t;
    std::string line = fmt::format("{}{:.0f} s: ", what_, t);
    if (p.bounds)
        line += fmt::format("value in [{}, {}]; ", komi_text(p.lower_x2), komi_text(p.upper_x2));
    line += fmt::format("first move {}, depth {}, {} nodes (this thread)", g_.aga(p.move), p.depth,
                        p.nodes);
    // Padded to the last line's width, so that none of it is left behind.
    fmt::print(stderr, "\r{:{}}", line, std::max(width_, line.size()));
    width_ = line.size();
}

}  // namespace smallgo::cli
