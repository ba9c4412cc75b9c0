// `smallgo bench`: solves a fixed list of positions with one thread and a fixed table size. Its
// node count ("Nodes searched: N") is the solver's regression signature, pinned by the test
// solver_bench_signature: a change to the search that alters it updates that test on purpose.
#include <fmt/core.h>

#include "cli/cli.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

namespace {
// The bench positions: boards and presets that each finish in well under a second.
struct BenchCase {
    int rows, cols;
    const char* preset;
};
constexpr BenchCase BenchCases[] = {
    {2, 2, "tromp-taylor"}, {1, 5, "tromp-taylor"}, {2, 3, "tromp-taylor"},
    {1, 6, "tromp-taylor"}, {2, 2, "aga"},          {1, 5, "aga"},
    {2, 2, "simple"},       {1, 5, "simple"},       {2, 2, "tromp-taylor-1996"},
    {1, 4, "mg"},           {3, 3, "mg"},           {2, 4, "simple"},
};

void run_bench() {
    u64 total = 0;
    double seconds = 0;
    for (const auto& c : BenchCases) {
        Geometry g = *Geometry::make(c.rows, c.cols);
        History h(g, find_preset(c.preset)->rules);
        SolveOptions o;
        o.hash_bytes = std::size_t{16} << 20;
        SolveResult res = solve(h, o);
        fmt::print("{:>4} {:<18} {:>8} {:>12} nodes {:>8.3f} s\n", g.name(), c.preset,
                   value_short(res.value_x2), res.nodes, res.seconds);
        total += res.nodes;
        seconds += res.seconds;
    }
    fmt::print("Threads: 1\nTime: {:.3f} s\nNodes/second: {:.0f}\nNodes searched: {}\n", seconds,
               seconds > 0 ? static_cast<double>(total) / seconds : 0.0, total);
}
}  // namespace

void add_bench_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "bench", "Solve a fixed list of positions with one thread; prints `Nodes searched: N`");
    cmd->footer(
        "It takes no options: one thread and a 16 MB table, so that its node count is "
        "reproducible.\n\nExample:\n  smallgo bench");
    cmd->callback([] { run_bench(); });
}

}  // namespace smallgo::cli
