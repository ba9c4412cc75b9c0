// `smallgo table --max-points N [--rules P] [--max-nodes K]`: solves every m x n board with
// m <= n and m*n <= N from the empty board and prints one row per board. `smallgo bench`: a
// fixed list of positions, one thread, a fixed table size; its node count is the regression
// signature pinned by a test.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

namespace {
struct TableArgs {
    int max_points = 9;
    std::string rules = "tromp-taylor";
    double hash_mb = 256;  // as solve's (64 left aga 1x9 open at 10^8 nodes)
    u64 max_nodes = 0;
    bool json = false;
    int threads = default_threads();
    u64 restart_nodes = SolveOptions{}.restart_nodes;
};

void run_table(const TableArgs& a) {
    Rules r = parse_rules(a.rules);
    if (a.max_points < 1 || a.max_points > MaxPoints)
        throw UsageError(fmt::format("bad --max-points {}: expected 1..64", a.max_points));
    const std::size_t hash_bytes = parse_hash(a.hash_mb);
    nlohmann::json rows = nlohmann::json::array();
    if (!a.json) {
        fmt::print("Rules {}: {}; threads: {}\n", a.rules, describe(r), a.threads);
        fmt::print("{:>6} {:>8} {:>10} {:>4} {:>14} {:>10}\n", "board", "value", "first", "pv",
                   "nodes", "seconds");
    }
    for (int m = 1; m <= a.max_points; ++m) {
        for (int n = m; m * n <= a.max_points; ++n) {
            Geometry g = *Geometry::make(m, n);
            History h(g, r);
            SolveOptions o;
            o.hash_bytes = hash_bytes;
            o.node_limit = a.max_nodes;
            o.threads = a.threads;
            o.restart_nodes = a.restart_nodes;
            SolveResult res = solve(h, o);
            std::string value = res.complete ? value_short(res.value_x2)
                                             : fmt::format("[{},{}]", komi_text(res.lower_x2),
                                                           komi_text(res.upper_x2));
            std::string first = res.best_moves.empty() ? "-" : g.aga(res.best_moves.front());
            if (a.json) {
                rows.push_back({{"board", g.name()},
                                {"complete", res.complete},
                                {"value", res.complete ? nlohmann::json(res.value_x2 / 2.0)
                                                       : nlohmann::json()},
                                {"lower", res.lower_x2 / 2.0},
                                {"upper", res.upper_x2 / 2.0},
                                {"best_move", first},
                                {"pv_length", res.pv.size()},
                                {"nodes", res.nodes},
                                {"seconds", res.seconds},
                                {"threads", res.threads},
                                {"restarts", res.restarts}});
            } else {
                fmt::print("{:>6} {:>8} {:>10} {:>4} {:>14} {:>10.3f}\n", g.name(), value, first,
                           res.pv.size(), res.nodes, res.seconds);
                std::fflush(stdout);
            }
        }
    }
    if (a.json) fmt::print("{}\n", nlohmann::json{{"rules", a.rules}, {"boards", rows}}.dump());
}

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

void add_table_command(CLI::App& app) {
    auto a = std::make_shared<TableArgs>();
    auto* cmd = app.add_subcommand(
        "table", "Solve every m x n board (m <= n, m*n <= N) and print the table");
    cmd->add_option("--max-points", a->max_points, "Largest board area N (default 9)");
    cmd->add_option("--rules,-r", a->rules, "Rules preset (see `smallgo rules`)");
    cmd->add_option("--hash", a->hash_mb, "Transposition table size in MB (default 256, as solve)");
    cmd->add_option("--max-nodes", a->max_nodes,
                    "Give up on a board after this many nodes, printing its bounds");
    cmd->add_flag("--json", a->json, "Print one JSON object");
    cmd->add_option("--threads", a->threads,
                    "Threads for each board's root moves (default: every core)");
    add_restart_option(*cmd, a->restart_nodes);
    cmd->callback([a] {
        if (a->threads < 1 || a->threads > 1024)
            throw UsageError(fmt::format("bad --threads {}: expected 1..1024", a->threads));
        run_table(*a);
    });
}

void add_bench_command(CLI::App& app) {
    auto* cmd =
        app.add_subcommand("bench", "Solve a fixed list of positions; prints `Nodes searched: N`");
    cmd->callback([] { run_bench(); });
}

}  // namespace smallgo::cli
