// `smallgo solve MxN [--rules P] [--komi K] [--moves M...] [--all-moves] [--hash MB] [--json]
// [--sgf FILE]`: the exact value of the game, with its optimal first moves and a principal
// variation. Ctrl-C stops the search and prints the bounds proven so far.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <mutex>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/diagram.hpp"
#include "cli/cli.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

namespace {
std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) {
    interrupted.store(true);
}

struct SolveArgs {
    std::string board, rules = "tromp-taylor", komi, sgf;
    std::vector<std::string> moves;
    bool all_moves = false, json = false, no_table = false, no_bounds = false,
         no_cycle_bounds = false;
    double hash_mb = 256;
    int threads = default_threads();
    u64 restart_nodes = SolveOptions{}.restart_nodes;
};

// The position and history after `moves`, or UsageError naming the first bad move.
History replay_moves(const Geometry& g, const Rules& r, const std::vector<std::string>& moves) {
    History h(g, r);
    int number = 0;
    for (const auto& text : moves) play_text(h, text, ++number, "--moves: ");
    return h;
}

std::string moves_text(const Geometry& g, const std::vector<Move>& ms) {
    std::string s;
    for (Move m : ms) s += (s.empty() ? "" : " ") + g.aga(m);
    return s;
}

void write_sgf(const std::string& path, const Geometry& g, const Rules& r,
               const std::string& preset, const SolveResult& res, const History& h) {
    std::ofstream out(path);
    if (!out) throw UsageError(fmt::format("cannot write SGF file '{}'", path));
    std::string size =
        g.is_square() ? std::to_string(g.rows()) : fmt::format("{}:{}", g.cols(), g.rows());
    out << fmt::format(
        "(;FF[4]GM[1]CA[UTF-8]AP[smallgo:0.1]SZ[{}]RU[{}]KM[{}]RE[{}]\nC[Exact value under {}: {}]",
        size, preset, komi_text(r.komi_x2), value_short(res.value_x2), describe(r),
        value_text(res.value_x2));
    Color c = h.current().to_move;
    for (Move m : res.pv) {
        out << fmt::format(";{}[{}]", c == Color::Black ? "B" : "W", g.sgf(m));
        c = opponent(c);
    }
    out << ")\n";
}

void run_solve(const SolveArgs& a) {
    Geometry g = parse_board(a.board);
    Rules r = parse_rules(a.rules);
    if (!a.komi.empty()) r.komi_x2 = parse_komi(a.komi);
    const std::size_t hash_bytes = parse_hash(a.hash_mb);
    History h = replay_moves(g, r, a.moves);
    SolveOptions o;
    o.hash_bytes = hash_bytes;
    o.all_moves = a.all_moves;
    if (a.threads < 1 || a.threads > 1024)
        throw UsageError(fmt::format("bad --threads {}: expected 1..1024", a.threads));
    o.threads = a.threads;
    o.use_table = !a.no_table;
    o.use_bounds = !a.no_bounds;
    o.use_cycle_bounds = !a.no_cycle_bounds;
    o.restart_nodes = a.restart_nodes;
    o.stop = &interrupted;
    // Progress on stderr while it is a terminal: the first move being searched, the depth
    // reached and the nodes, one line rewritten at most twice a second.
    std::mutex progress_mutex;
    const auto start = std::chrono::steady_clock::now();
    double shown = 0;
    if (isatty(STDERR_FILENO))
        o.progress = [&](const Progress& p) {
            std::lock_guard<std::mutex> lock(progress_mutex);
            double t =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (t - shown < 0.5) return;
            shown = t;
            fmt::print(stderr, "\r{:.0f} s: first move {}, depth {}, {} nodes (this thread)   ", t,
                       g.aga(p.move), p.depth, p.nodes);
        };
    auto previous = std::signal(SIGINT, on_interrupt);
    SolveResult res = solve(h, o);
    std::signal(SIGINT, previous);
    if (shown > 0) fmt::print(stderr, "\r{:70}\r", "");

    if (a.json) {
        nlohmann::json j;
        j["board"] = g.name();
        j["rules"] = a.rules;
        j["komi"] = r.komi();
        j["complete"] = res.complete;
        if (res.complete)
            j["value"] = res.value_x2 / 2.0;
        else
            j["value"] = nullptr;
        j["lower"] = res.lower_x2 / 2.0;
        j["upper"] = res.upper_x2 / 2.0;
        j["best_moves"] = nlohmann::json::array();
        for (Move m : res.best_moves) j["best_moves"].push_back(g.aga(m));
        j["pv"] = nlohmann::json::array();
        for (Move m : res.pv) j["pv"].push_back(g.aga(m));
        if (a.all_moves) {
            j["move_values"] = nlohmann::json::object();
            for (auto& mv : res.move_values) j["move_values"][g.aga(mv.move)] = mv.value_x2 / 2.0;
        }
        j["nodes"] = res.nodes;
        j["seconds"] = res.seconds;
        j["threads"] = res.threads;
        j["restarts"] = res.restarts;
        j["table"] = {{"bytes", res.table_bytes},
                      {"entries", res.table_capacity},
                      {"used", res.table_used},
                      {"hits", res.table_hits},
                      {"stores", res.table_stores}};
        if (res.cycle_states > 0)
            j["cycle_bounds"] = {{"states", res.cycle_states},
                                 {"decided", res.cycle_decided},
                                 {"seconds", res.cycle_seconds}};
        fmt::print("{}\n", j.dump());
    } else {
        fmt::print("Board {}, rules {}: {}\n", g.name(), a.rules, describe(r));
        if (!a.moves.empty())
            fmt::print("After: {}\n", moves_text(g, [&] {
                           std::vector<Move> v;
                           for (auto& t : a.moves) v.push_back(*g.parse_move(t));
                           return v;
                       }()));
        if (!res.complete) {
            fmt::print(
                "Stopped before the end: the value lies in [{}, {}] (Black minus White minus "
                "komi)\n",
                komi_text(res.lower_x2), komi_text(res.upper_x2));
        } else {
            fmt::print("Value: {} ({})\n", value_text(res.value_x2), value_short(res.value_x2));
            fmt::print("Optimal first moves: {}\n", moves_text(g, res.best_moves));
            fmt::print("Principal variation ({} moves): {}\n", res.pv.size(),
                       moves_text(g, res.pv));
            History end = h;
            for (Move m : res.pv) end.play(m);
            fmt::print("Final position:\n{}", to_board_text(g, end.current()));
            if (a.all_moves) {
                fmt::print(
                    "Value of each legal first move (Black minus White minus komi; '-' "
                    "illegal):\n");
                Position empty;
                std::vector<std::string> cell(g.points(), "-");
                std::string pass_value = "-";
                for (auto& mv : res.move_values) {
                    if (mv.move == Pass)
                        pass_value = value_short(mv.value_x2);
                    else
                        cell[mv.move] = value_short(mv.value_x2);
                }
                for (int row = g.rows() - 1; row >= 0; --row) {
                    fmt::print("{:>3}", row + 1);
                    for (int col = 0; col < g.cols(); ++col)
                        fmt::print(" {:>6}", cell[g.point(row, col)]);
                    fmt::print("\n");
                }
                fmt::print("   ");
                for (int col = 0; col < g.cols(); ++col) {
                    std::string name = g.aga(static_cast<Move>(g.point(0, col)));
                    name.pop_back();
                    fmt::print(" {:>6}", name);
                }
                fmt::print("\n  pass: {}\n", pass_value);
            }
        }
        fmt::print("Nodes: {}  Time: {:.3f} s  Speed: {:.0f} nodes/s  Threads: {}  Restarts: {}\n",
                   res.nodes, res.seconds,
                   res.seconds > 0 ? static_cast<double>(res.nodes) / res.seconds : 0.0,
                   res.threads, res.restarts);
        fmt::print("Table: {:.1f} MB, {} of {} entries used, {} hits, {} stores\n",
                   static_cast<double>(res.table_bytes) / (1 << 20), res.table_used,
                   res.table_capacity, res.table_hits, res.table_stores);
        if (res.cycle_states > 0)
            fmt::print(
                "Cycle bounds: {} states without history, {} of them decided (value 0), built in "
                "{:.3f} s\n",
                res.cycle_states, res.cycle_decided, res.cycle_seconds);
    }
    if (!a.sgf.empty() && res.complete) write_sgf(a.sgf, g, r, a.rules, res, h);
    if (!res.complete) throw Interrupted();
}
}  // namespace

void add_solve_command(CLI::App& app) {
    auto a = std::make_shared<SolveArgs>();
    auto* cmd = app.add_subcommand(
        "solve", "Exact minimax value of the game (area score, Black minus White minus komi)");
    cmd->add_option("board", a->board, "Board as ROWSxCOLS, e.g. 3x3")->required();
    cmd->add_option("--rules,-r", a->rules, "Rules preset (see `smallgo rules`)");
    cmd->add_option("--komi,-k", a->komi, "Komi, overriding the preset's (a multiple of 0.5)");
    cmd->add_option("--moves", a->moves,
                    "Moves played before the position to solve (they count for ko)");
    cmd->add_flag("--all-moves", a->all_moves, "Also the exact value of every legal first move");
    cmd->add_option("--hash", a->hash_mb, "Transposition table size in MB (default 256)");
    cmd->add_flag("--json", a->json, "Print one JSON object");
    cmd->add_option("--threads", a->threads,
                    "Threads (default: every core; 1 is the serial solver)");
    cmd->add_flag("--no-table", a->no_table,
                  "Search without the transposition table (slow; a check)");
    cmd->add_flag("--no-bounds", a->no_bounds,
                  "Search without unconditional-life bounds (slow; a check)");
    cmd->add_flag("--no-cycle-bounds", a->no_cycle_bounds,
                  "Simple ko: search without the bounds of the history-free game (a check)");
    cmd->add_option("--sgf", a->sgf, "Write the principal variation as an SGF file");
    add_restart_option(*cmd, a->restart_nodes);
    cmd->callback([a] { run_solve(*a); });
}

}  // namespace smallgo::cli
