// The progress line of a search (solve_progress.hpp).
#include "cli/solve_progress.hpp"

#include <unistd.h>

#include <fmt/core.h>

namespace smallgo::cli {

namespace {
constexpr std::size_t MaxColumns = 79;
}

SolveProgress::SolveProgress(const Geometry& g, std::string what) : g_(g), what_(std::move(what)) {}

SolveProgress::~SolveProgress() {
    clear();
}

void SolveProgress::attach(SolveOptions& o) {
    if (isatty(STDERR_FILENO)) o.progress = [this](const Progress& p) { report(p); };
}

void SolveProgress::clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (shown_ > 0) fmt::print(stderr, "\r\033[K");
    shown_ = 0;
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
    line += fmt::format("first move {}, depth {}, {} nodes", g_.aga(p.move), p.depth, p.nodes);
    // Within 79 columns: a line that wraps cannot be rewritten in place.
    if (line.size() > MaxColumns) line.resize(MaxColumns);
    fmt::print(stderr, "\r\033[K{}", line);
}

}  // namespace smallgo::cli
