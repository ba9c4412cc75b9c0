// `smallgo table [--max-points N] [--rules P] [--max-nodes K] [--hash SIZE] [--threads T]
// [--json]`: solves every m x n board with m <= n and m*n <= N from the empty board and prints one
// row per board under a header: the value (or the proven bounds when --max-nodes stopped it), the
// nodes, the time, the length of the principal variation and every optimal first move. Progress on
// stderr while it is a terminal. Ctrl-C or SIGTERM stops the board in progress, prints its row
// with the bounds proven and leaves with the signal's exit code.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/signals.hpp"
#include "cli/solve_progress.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

namespace {
struct TableArgs {
    int max_points = 9;
    std::string rules{DefaultPreset};
    std::string hash{DefaultHash};  // as solve's
    u64 max_nodes = 0;
    bool json = false;
    int threads = default_threads();
    u64 restart_nodes = SolveOptions{}.restart_nodes;
};

void run_table(const TableArgs& a) {
    Rules r = parse_rules(a.rules);
    if (a.max_points < 1 || a.max_points > MaxPoints)
        throw UsageError(fmt::format("bad --max-points {}: expected 1..64", a.max_points));
    const u64 hash_bytes = hash_option(a.hash);
    const int threads = threads_option("--threads", a.threads);
    // Columns: the variable-width list of optimal first moves comes last, so the others align.
    constexpr auto Row = "{:>6} {:>9} {:>14} {:>9} {:>5}  {}\n";
    nlohmann::json rows = nlohmann::json::array();
    if (!a.json) {
        fmt::print("Rules {}: {}; threads: {}\n", a.rules, describe(r), threads);
        fmt::print(Row, "board", "value", "nodes", "time", "pv N", "optimal first moves");
    }
    StopOnSignals signals;
    for (int m = 1; m <= a.max_points; ++m) {
        for (int n = m; m * n <= a.max_points; ++n) {
            Geometry g = *Geometry::make(m, n);
            History h(g, r);
            SolveOptions o;
            o.hash_bytes = hash_bytes;
            o.node_limit = a.max_nodes;
            o.threads = threads;
            o.restart_nodes = a.restart_nodes;
            o.stop = signals.flag();
            SolveResult res;
            {
                SolveProgress progress(g, g.name() + ": ");
                progress.attach(o);
                res = solve(h, o);
            }
            std::vector<std::string> best, pv;
            for (Move mv : res.best_moves) best.push_back(g.aga(mv));
            for (Move mv : res.pv) pv.push_back(g.aga(mv));
            if (a.json) {
                rows.push_back({{"board", g.name()},
                                {"complete", res.complete},
                                {"value", res.complete ? nlohmann::json(res.value_x2 / 2.0)
                                                       : nlohmann::json()},
                                {"lower", res.lower_x2 / 2.0},
                                {"upper", res.upper_x2 / 2.0},
                                {"best_moves", best},
                                {"pv", pv},
                                {"pv_length", res.pv.size()},
                                {"nodes", res.nodes},
                                {"seconds", res.seconds},
                                {"threads", res.threads},
                                {"restarts", res.restarts}});
            } else {
                const std::string value =
                    res.complete
                        ? value_short(res.value_x2)
                        : fmt::format("[{},{}]", komi_text(res.lower_x2), komi_text(res.upper_x2));
                fmt::print(Row, g.name(), value, res.nodes, fmt::format("{:.3f} s", res.seconds),
                           res.pv.size(), best.empty() ? "-" : moves_text(g, res.best_moves));
                std::fflush(stdout);
            }
            if (signals.signal() != 0) {
                if (a.json)
                    fmt::print("{}\n", nlohmann::json{{"rules", a.rules},
                                                      {"boards", rows},
                                                      {"stopped", signals.reason()}}
                                           .dump());
                throw Stopped{fmt::format("{} while solving {}", signals.reason(), g.name()),
                              signals.exit_code()};
            }
        }
    }
    if (a.json) fmt::print("{}\n", nlohmann::json{{"rules", a.rules}, {"boards", rows}}.dump());
}
}  // namespace

void add_table_command(CLI::App& app) {
    auto a = std::make_shared<TableArgs>();
    auto* cmd = app.add_subcommand(
        "table", "Solve every m x n board (m <= n, m*n <= N) and print the table");
    cmd->add_option("--max-points", a->max_points, "Largest board area N, 1..64 (default 9)");
    cmd->add_option("--rules,-r", a->rules, rules_help());
    cmd->add_option("--hash", a->hash, hash_help(DefaultHash));
    cmd->add_option("--max-nodes", a->max_nodes,
                    "Give up on a board after about this many nodes, printing its bounds "
                    "(default 0: no limit)");
    cmd->add_flag("--json", a->json,
                  "Print one JSON object: rules and boards, each with board, complete, value, "
                  "lower, upper, best_moves, pv, nodes, seconds (default: off)");
    cmd->add_option("--threads", a->threads, threads_help(true));
    add_restart_option(*cmd, a->restart_nodes);
    cmd->footer(
        "Examples:\n"
        "  smallgo table --max-points 6 --threads 1\n"
        "  smallgo table --rules simple --max-points 8 --max-nodes 1000000 --json");
    cmd->callback([a] { run_table(*a); });
}

}  // namespace smallgo::cli
