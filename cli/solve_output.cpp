// `smallgo solve`'s report on stdout (solve_output.hpp): text for people, with the board, the
// value, the optimal moves, the principal variation and, for a stopped search, the bounds proven
// of each first move; or one JSON object with the same and the search's counters.
#include <algorithm>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/solve_output.hpp"
#include "rules/diagram.hpp"
#include "rules/scoring.hpp"

namespace smallgo::cli {

namespace {
// What the root proved of each first move (one of each symmetry class, by a test or without a
// search), Black's view, within the board's scores: where a stopped search stands, move by move.
struct FirstMoveBounds {
    Move move;
    int lower_x2, upper_x2;
};
std::vector<FirstMoveBounds> first_move_bounds(const Solved& s) {
    const int sign = s.h.current().to_move == Color::Black ? 1 : -1;
    const ScoreRange range = score_range(s.h);
    auto clamp = [&](int v) { return std::clamp(v, range.lower_x2, range.upper_x2); };
    std::vector<FirstMoveBounds> out;
    for (const RootBound& b : s.res.root_bounds)
        out.push_back({b.move, clamp(sign > 0 ? b.lo : -b.hi), clamp(sign > 0 ? b.hi : -b.lo)});
    return out;
}

// The value of every legal move as a board, with the pass below.
void print_move_values(const Solved& s) {
    const Geometry& g = s.g;
    fmt::print("Value of each legal move for {} (Black minus White minus komi; '-' illegal):\n",
               color_name(s.h.current().to_move));
    std::vector<std::string> cell(g.points(), "-");
    std::string pass_value = "-";
    for (auto& mv : s.res.move_values) {
        if (mv.move == Pass)
            pass_value = value_short(mv.value_x2);
        else
            cell[mv.move] = value_short(mv.value_x2);
    }
    for (int row = g.rows() - 1; row >= 0; --row) {
        fmt::print("{:>3}", row + 1);
        for (int col = 0; col < g.cols(); ++col) fmt::print(" {:>6}", cell[g.point(row, col)]);
        fmt::print("\n");
    }
    fmt::print("   ");
    for (int col = 0; col < g.cols(); ++col) {
        std::string name = g.aga(static_cast<Move>(g.point(0, col)));
        name.pop_back();  // the row number
        fmt::print(" {:>6}", name);
    }
    fmt::print("\n  pass: {}\n", pass_value);
}
}  // namespace

std::string position_heading(const Solved& s) {
    const std::string from = s.setup ? "the starting grid" : "the empty board";
    const std::string after =
        s.moves.empty() ? "Position: " + from
                        : fmt::format("Position after {} move{} ({}){}", s.moves.size(),
                                      s.moves.size() == 1 ? "" : "s", moves_text(s.g, s.moves),
                                      s.setup ? " from the starting grid" : "");
    if (s.h.game_over()) return after + ", the game is over:";
    return fmt::format("{}, {} to move:", after, color_name(s.h.current().to_move));
}

std::string final_score_text(const Solved& s) {
    const int value = s.h.result_x2();
    if (s.h.ended_by_cycle())
        return fmt::format("Final score: the last play repeated an earlier board: {} ({})",
                           value_text(value), value_short(value));
    const Areas a = areas(s.g, s.h.current());
    return fmt::format("Final score: Black {} White {} komi {}: {} ({})", a.black, a.white,
                       komi_text(s.r.komi_x2), value_text(value), value_short(value));
}

std::string first_moves_text(const Solved& s) {
    std::string text;
    for (const FirstMoveBounds& b : first_move_bounds(s))
        text += fmt::format("{}{} [{}, {}]", text.empty() ? "" : ", ", s.g.aga(b.move),
                            komi_text(b.lower_x2), komi_text(b.upper_x2));
    return text;
}
std::string open_moves_text(const Solved& s) {
    const int lower = s.res.lower_x2, upper = s.res.upper_x2;
    const std::vector<FirstMoveBounds> bounds = first_move_bounds(s);
    if (lower >= upper || bounds.empty()) return {};
    // Black maximises: the value exceeds `lower` only through a move whose upper bound does.
    // White minimises: the value falls below `upper` only through a move whose lower bound does.
    const bool black = s.h.current().to_move == Color::Black;
    // Each bound stands for a class of moves that a symmetry of the history maps onto each other:
    // every move of an open class is named, so that "every other first move" is true as said.
    std::vector<std::string> open;
    std::size_t open_classes = 0;
    for (const FirstMoveBounds& b : bounds) {
        if (black ? b.upper_x2 <= lower : b.lower_x2 >= upper) continue;
        ++open_classes;
        for (Move m : first_move_class(s.h, b.move)) open.push_back(s.g.aga(m));
    }
    if (open_classes == 0 || open_classes == bounds.size()) return {};
    std::string names = open[0];
    for (std::size_t i = 1; i < open.size(); ++i)
        names += (i + 1 == open.size() ? " or " : ", ") + open[i];
    const std::string bound = komi_text(black ? lower : upper);
    return fmt::format(
        "Open: whether {} gives {} than {}; every other first move is proven to give at {} {}.",
        names, black ? "more" : "less", bound, black ? "most" : "least", bound);
}

nlohmann::json first_moves_json(const Solved& s) {
    nlohmann::json moves = nlohmann::json::object();
    for (const FirstMoveBounds& b : first_move_bounds(s))
        moves[s.g.aga(b.move)] = {b.lower_x2 / 2.0, b.upper_x2 / 2.0};
    return moves;
}

void print_json(const Solved& s, const SolveArgs& a) {
    const Geometry& g = s.g;
    const SolveResult& res = s.res;
    nlohmann::json j;
    j["board"] = g.name();
    j["rules"] = s.preset;
    j["komi"] = s.r.komi();
    j["moves"] = moves_json(g, s.moves);
    j["to_move"] = color_name(s.h.current().to_move);
    j["game_over"] = s.h.game_over();
    add_result_json(j, g, res, s.stopped);
    j["first_moves"] = first_moves_json(s);
    // The same moves in the root's order (central points first, the pass last), which the
    // object's sorted keys lose: tools/prove_by_parts.py expands children in it.
    j["first_moves_order"] = nlohmann::json::array();
    for (const FirstMoveBounds& b : first_move_bounds(s))
        j["first_moves_order"].push_back(s.g.aga(b.move));
    if (a.all_moves) {
        j["move_values"] = nlohmann::json::object();
        for (auto& mv : res.move_values) j["move_values"][g.aga(mv.move)] = mv.value_x2 / 2.0;
    }
    j["nodes"] = res.nodes;
    j["value_nodes"] = res.value_nodes;
    j["pv_nodes"] = res.pv_nodes;
    j["seconds"] = res.seconds;
    j["threads"] = res.threads;
    j["restarts"] = res.restarts;
    j["reply_races"] = res.reply_races;
    // What three of the techniques did (docs/solver.md): nodes proven by looking their children
    // up, nodes left open at a child leaning their way, and table entries used thanks to their
    // boards' lists (and those lists renewed before the ring forgot them).
    j["lookup_cutoffs"] = res.lookup_cutoffs;
    j["lean_cutoffs"] = res.lean_cutoffs;
    j["reply_leaves"] = res.reply_leaves;
    j["list_saves"] = res.list_saves;
    j["list_renewals"] = res.list_renewals;
    j["stack_cutoffs"] = res.stack_cutoffs;
    j["table"] = {{"bytes", res.table_bytes},
                  {"entries", res.table_capacity},
                  {"used", res.table_used},
                  {"hits", res.table_hits},
                  {"stores", res.table_stores}};
    if (s.proof)
        j["proof"] = {{"file", a.proof},
                      {"bytes", s.proof->bytes},
                      {"claims", s.proof->claims},
                      {"positions", s.proof->nodes},
                      {"final_leaves", s.proof->final_leaves},
                      {"static_leaves", s.proof->static_leaves},
                      {"territory_leaves", s.proof->territory_leaves},
                      {"shared", s.proof->references},
                      {"longest_line", s.proof->depth},
                      {"search_nodes", s.proof->search_nodes},
                      {"seconds", s.proof->seconds}};
    if (const SolveCheckpoints* c = s.checkpoints; c && c->active())
        j["checkpoint"] = {
            {"file",
             c->written_file().empty() ? nlohmann::json() : nlohmann::json(c->written_file())},
            {"resumed_from",
             c->resumed_file().empty() ? nlohmann::json() : nlohmann::json(c->resumed_file())},
            {"resumed_same_position", c->same_position()},
            // The moves of the position the resumed file's runs solved (null when nothing was
            // resumed, or where the file does not name them: more than MaxCheckpointMoves).
            {"resumed_moves", c->resumed_file().empty() || !c->before().moves
                                  ? nlohmann::json()
                                  : moves_json(g, *c->before().moves)},
            {"writes", c->writes()},
            {"write_seconds", c->write_seconds()},
            {"runs", c->after().runs},
            {"nodes_all_runs", c->after().nodes},
            {"seconds_all_runs", c->after().seconds},
            {"race_round", c->after().race_round}};
    if (res.cycle_states > 0)
        j["cycle_bounds"] = {{"states", res.cycle_states},
                             {"decided", res.cycle_decided},
                             {"seconds", res.cycle_seconds}};
    fmt::print("{}\n", j.dump());
}

void print_text(const Solved& s, const SolveArgs& a) {
    const Geometry& g = s.g;
    const SolveResult& res = s.res;
    fmt::print("Board {}, rules {}: {}\n", g.name(), s.preset, describe(s.r));
    fmt::print("{}\n{}", position_heading(s), to_board_text(g, s.h.current()));
    if (s.h.game_over()) {
        fmt::print("{}\n", final_score_text(s));
        return;
    }
    if (res.aim_answered) {
        const bool reaches = res.lower_x2 >= parse_half_points(a.aim, "--aim");
        fmt::print(
            "Answered --aim: Black {} {}; the value lies in [{}, {}] (Black minus White "
            "minus komi)\n",
            reaches ? "reaches" : "does not reach", a.aim, komi_text(res.lower_x2),
            komi_text(res.upper_x2));
        if (const std::string moves = first_moves_text(s); !moves.empty())
            fmt::print("Bounds of the first moves (one of each symmetry class): {}\n", moves);
    } else if (!s.stopped.empty() && res.lower_x2 == res.upper_x2) {
        // The value is proven; the stop came while the optimal moves were being sorted out.
        fmt::print("Stopped ({}) after the value was proven.\n", s.stopped);
        fmt::print("Value: {} ({})\n", value_text(res.value_x2), value_short(res.value_x2));
        fmt::print("Optimal moves for {} found so far: {}\n", color_name(s.h.current().to_move),
                   moves_text(g, res.best_moves));
        fmt::print("Not yet known to be optimal or not: {}\n", moves_text(g, res.undecided_moves));
    } else if (!s.stopped.empty()) {
        fmt::print(
            "Stopped ({}) before the end: the value lies in [{}, {}] (Black minus White minus "
            "komi)\n",
            s.stopped, komi_text(res.lower_x2), komi_text(res.upper_x2));
        if (const std::string moves = first_moves_text(s); !moves.empty())
            fmt::print("Bounds of the first moves (one of each symmetry class): {}\n", moves);
        if (const std::string open = open_moves_text(s); !open.empty()) fmt::print("{}\n", open);
    } else {
        fmt::print("Value: {} ({})\n", value_text(res.value_x2), value_short(res.value_x2));
        fmt::print("Optimal moves for {}: {}\n", color_name(s.h.current().to_move),
                   moves_text(g, res.best_moves));
        fmt::print("Principal variation (a losing side resists): {} ({} moves)\n",
                   moves_text(g, res.pv), res.pv.size());
        History end = s.h;
        for (Move m : res.pv) end.play(m);
        fmt::print("Final position:\n{}", to_board_text(g, end.current()));
        if (a.all_moves) print_move_values(s);
    }
    const std::string proven_after =
        res.lower_x2 == res.upper_x2 ? fmt::format(" (the value proven after {})", res.value_nodes)
                                     : std::string();
    fmt::print("Nodes: {}{}  Time: {:.3f} s  Speed: {:.0f} nodes/s  Threads: {}  Restarts: {}\n",
               res.nodes, proven_after, res.seconds,
               res.seconds > 0 ? static_cast<double>(res.nodes) / res.seconds : 0.0, res.threads,
               res.restarts);
    fmt::print("Table: {}, {} of {} entries used, {} hits, {} stores\n", size_text(res.table_bytes),
               res.table_used, res.table_capacity, res.table_hits, res.table_stores);
    if (res.cycle_states > 0)
        fmt::print(
            "Cycle bounds: {} states without history, {} of them decided (value 0), built in "
            "{:.3f} s\n",
            res.cycle_states, res.cycle_decided, res.cycle_seconds);
    if (const SolveCheckpoints* c = s.checkpoints; c && c->active()) {
        if (!c->resumed_file().empty())
            fmt::print(
                "Resumed from {}: {} run{} before this one, {} nodes, {:.0f} s, {}\n",
                c->resumed_file(), c->before().runs, c->before().runs == 1 ? "" : "s",
                c->before().nodes, c->before().seconds,
                c->same_position()
                    ? fmt::format("the value then in [{}, {}]", komi_text(c->before().lower_x2),
                                  komi_text(c->before().upper_x2))
                    : "of another position (" + checkpoint_position_text(s, c->before()) + ")");
        if (c->writes() > 0)
            fmt::print("Checkpoint: {} ({} write{}, {:.1f} s); all runs: {} nodes, {:.0f} s\n",
                       c->written_file(), c->writes(), c->writes() == 1 ? "" : "s",
                       c->write_seconds(), c->after().nodes, c->after().seconds);
    }
    if (s.proof)
        fmt::print(
            "Proof: {} ({} bytes): {} claim(s), {} positions ({} games ended, {} settled by "
            "unconditional life, {} by territory, {} shared), longest line {} turns; written in "
            "{:.3f} s ({} search nodes)\nCheck it with: smallgo verify {}\n",
            a.proof, s.proof->bytes, s.proof->claims, s.proof->nodes, s.proof->final_leaves,
            s.proof->static_leaves, s.proof->territory_leaves, s.proof->references, s.proof->depth,
            s.proof->seconds, s.proof->search_nodes, a.proof);
}

std::string checkpoint_position_text(const Solved& s, const SolveCheckpointTotals& t) {
    if (!t.moves) return "other moves";
    if (t.moves->empty())
        return s.setup ? "the starting grid, no moves" : "the empty board, no moves";
    return "after " + moves_text(s.g, *t.moves) + (s.setup ? " from the starting grid" : "");
}

}  // namespace smallgo::cli
