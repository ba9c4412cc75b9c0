// `smallgo solve MxN|FILE.sgf [--rules P] [--komi K] [--moves M...] [--all-moves] [--hash SIZE]
// [--threads T] [--max-nodes N] [--time-limit S] [--json] [--sgf FILE] [--svg FILE] [--proof
// FILE]`: draws the position (after the file's moves and --moves), then gives the exact value of
// the game from it, the optimal moves of the side to move and a principal variation. A position
// whose game is over gets its final score, with no search. Ctrl-C, SIGTERM, --max-nodes and
// --time-limit stop the search: the output (text, JSON, SGF and SVG alike) then gives the bounds
// proven and says what stopped it; the exit code is the signal's (130, 143) or 0 for a limit the
// user set. With --resume FILE --peek it searches nothing and prints what FILE says of the
// position.
#include <algorithm>
#include <ctime>
#include <fstream>
#include <stdexcept>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/game_start.hpp"
#include "cli/options.hpp"
#include "cli/sgf.hpp"
#include "cli/signals.hpp"
#include "cli/solve_checkpoint.hpp"
#include "cli/solve_progress.hpp"
#include "cli/solve_proof.hpp"
#include "cli/svg_board.hpp"
#include "rules/diagram.hpp"
#include "rules/scoring.hpp"
#include "solver/certificate.hpp"
#include "solver/retrograde.hpp"
#include "solver/search.hpp"

#ifndef SMALLGO_VERSION
#error "SMALLGO_VERSION comes from project(VERSION) in the top CMakeLists.txt"
#endif

namespace smallgo::cli {

namespace {
struct SolveArgs {
    std::string board, rules, komi, sgf, svg, proof, checkpoint, resume, hash,
        aim;  // rules, komi, hash, aim: empty when not given
    std::vector<std::string> moves;
    bool all_moves = false, json = false, no_table = false, no_bounds = false, no_territory = false,
         no_lookup = false, plain_order = false, no_cycle_bounds = false, no_board_lists = false,
         half_depth_siblings = false, no_reply_race = false, no_lean = false, peek = false;
    int threads = default_threads();
    u64 restart_nodes = SolveOptions{}.restart_nodes;
    int proofs_per_position = 0;
    u64 max_nodes = 0;
    unsigned long long proof_limit = DefaultProofLimit;
    double time_limit = 0;
    double checkpoint_every = DefaultSolveCheckpointEvery;
};

// What the command solved and how it ended.
struct Solved {
    Geometry g;
    Rules r;
    std::string preset;
    History h;                // after the file's moves and --moves: the position solved
    std::vector<Move> moves;  // the file's moves, then --moves
    bool setup = false;       // the game starts from a grid with stones (an SGF file's AB/AW)
    SolveResult res;
    std::string stopped;                // why the search stopped early; empty when it finished
    std::optional<ProofWritten> proof;  // --proof: the certificate written
    const SolveCheckpoints* checkpoints = nullptr;  // --checkpoint, --resume: what they did
};

// "Position: the empty board, Black to move:", "Position after 1 move (B2), White to move:",
// "Position after 3 moves (B2 pass pass), the game is over:".
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

// The final score of a game that is over, in words.
std::string final_score_text(const Solved& s) {
    const int value = s.h.result_x2();
    if (s.h.ended_by_cycle())
        return fmt::format("Final score: the last play repeated an earlier board: {} ({})",
                           value_text(value), value_short(value));
    const Areas a = areas(s.g, s.h.current());
    return fmt::format("Final score: Black {} White {} komi {}: {} ({})", a.black, a.white,
                       komi_text(s.r.komi_x2), value_text(value), value_short(value));
}

// Today as SGF's DT wants it: "2026-11-25".
std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &local);
    return text;
}

// The game (setup, the file's moves, --moves) and, when it is known, the principal variation from
// the position solved, each of its moves commented with its value; the other optimal first moves
// as variations; with --all-moves every legal move's value as a label on the position solved.
void write_sgf_file(const std::string& path, const Solved& s) {
    std::ofstream out(path);
    if (!out) throw UsageError(fmt::format("cannot write SGF file '{}'", path));
    const SolveResult& res = s.res;
    const bool known = s.stopped.empty();
    SgfGame game{s.g, s.preset, s.r.komi_x2, s.h.at(0), s.moves, {}};
    SgfAnnotations notes;
    notes.result = known ? value_short(res.value_x2) : "?";
    notes.date = today();
    notes.root_comment = fmt::format("Rules {}: {}", s.preset, describe(s.r));
    notes.branch_at = s.moves.size();
    if (s.h.game_over()) {
        notes.branch_comment = "The game is over: " + value_text(res.value_x2);
    } else if (!known) {
        notes.branch_comment = fmt::format(
            "Search stopped ({}): the value here lies in [{}, {}] (Black minus White "
            "minus komi)",
            s.stopped, komi_text(res.lower_x2), komi_text(res.upper_x2));
    } else {
        notes.branch_comment =
            fmt::format("Exact value here: {} ({}). Optimal moves for {}: {}",
                        value_short(res.value_x2), value_text(res.value_x2),
                        color_name(s.h.current().to_move), moves_text(s.g, res.best_moves));
        // Along the principal variation every move keeps the value.
        notes.comments.assign(s.moves.size(), "");
        for (Move m : res.pv) {
            game.moves.push_back(m);
            notes.comments.push_back("Value " + value_short(res.value_x2));
        }
        for (Move m : res.best_moves)
            if (res.pv.empty() || m != res.pv.front())
                notes.variations.push_back({m, "Value " + value_short(res.value_x2) + ", optimal"});
        std::string pass_value;
        for (const auto& mv : res.move_values) {
            if (mv.move == Pass)
                pass_value = value_short(mv.value_x2);
            else
                notes.labels.push_back({mv.move, value_short(mv.value_x2)});
        }
        if (!pass_value.empty()) notes.branch_comment += ". A pass: " + pass_value;
    }
    out << write_sgf(game, notes);
}

// The position solved as SVG (svg_board.hpp): each legal move's value with --all-moves, the
// optimal moves ringed, and the principal variation numbered on a second board.
void write_svg_file(const std::string& path, const Solved& s) {
    std::ofstream out(path);
    if (!out) throw UsageError(fmt::format("cannot write SVG file '{}'", path));
    const SolveResult& res = s.res;
    BoardPicture pic = board_picture(s.h);
    pic.standalone = true;
    std::string heading = position_heading(s);
    heading.pop_back();  // its colon
    pic.caption.push_back(
        fmt::format("{} {}, komi {}: {}", s.g.name(), s.preset, komi_text(s.r.komi_x2), heading));
    if (s.h.game_over()) {
        pic.caption.push_back(final_score_text(s));
    } else if (!s.stopped.empty()) {
        pic.caption.push_back(fmt::format("Stopped ({}): the value lies in [{}, {}]", s.stopped,
                                          komi_text(res.lower_x2), komi_text(res.upper_x2)));
    } else {
        pic.values = res.move_values;
        pic.best_moves = res.best_moves;
        pic.pv = res.pv;
        pic.caption.push_back(fmt::format("Value {} ({}); optimal: {}", value_short(res.value_x2),
                                          value_text(res.value_x2),
                                          moves_text(s.g, res.best_moves)));
        for (const auto& mv : res.move_values)
            if (mv.move == Pass) pic.caption.push_back("A pass: " + value_short(mv.value_x2));
        pic.caption.push_back(
            fmt::format("Right: the principal variation, {} moves", res.pv.size()));
    }
    out << svg_board(pic);
}

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

// "B2 [4, 12], B1 [-12, 12], ..." for text; {"B2": [4, 12], ...} for JSON.
std::string first_moves_text(const Solved& s) {
    std::string text;
    for (const FirstMoveBounds& b : first_move_bounds(s))
        text += fmt::format("{}{} [{}, {}]", text.empty() ? "" : ", ", s.g.aga(b.move),
                            komi_text(b.lower_x2), komi_text(b.upper_x2));
    return text;
}
nlohmann::json first_moves_json(const Solved& s) {
    nlohmann::json moves = nlohmann::json::object();
    for (const FirstMoveBounds& b : first_move_bounds(s))
        moves[s.g.aga(b.move)] = {b.lower_x2 / 2.0, b.upper_x2 / 2.0};
    return moves;
}

// Moves as a JSON list of AGA names.
nlohmann::json move_names(const Geometry& g, const std::vector<Move>& moves) {
    nlohmann::json list = nlohmann::json::array();
    for (Move m : moves) list.push_back(g.aga(m));
    return list;
}

void print_json(const Solved& s, const SolveArgs& a) {
    const Geometry& g = s.g;
    const SolveResult& res = s.res;
    auto names = [&](const std::vector<Move>& ms) { return move_names(g, ms); };
    nlohmann::json j;
    j["board"] = g.name();
    j["rules"] = s.preset;
    j["komi"] = s.r.komi();
    j["moves"] = names(s.moves);
    j["to_move"] = color_name(s.h.current().to_move);
    j["game_over"] = s.h.game_over();
    j["complete"] = res.complete;
    j["stopped"] = s.stopped.empty() ? nlohmann::json() : nlohmann::json(s.stopped);
    // A stop after the value was proven still reports it (lower == upper).
    j["value"] = res.complete || res.lower_x2 == res.upper_x2 ? nlohmann::json(res.lower_x2 / 2.0)
                                                              : nlohmann::json();
    j["lower"] = res.lower_x2 / 2.0;
    j["upper"] = res.upper_x2 / 2.0;
    j["best_moves"] = names(res.best_moves);
    j["pv"] = names(res.pv);
    j["undecided_moves"] = names(res.undecided_moves);
    j["first_moves"] = first_moves_json(s);
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
    // boards' lists.
    j["lookup_cutoffs"] = res.lookup_cutoffs;
    j["lean_cutoffs"] = res.lean_cutoffs;
    j["list_saves"] = res.list_saves;
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

void print_text(const Solved& s, const SolveArgs& a) {
    const Geometry& g = s.g;
    const SolveResult& res = s.res;
    fmt::print("Board {}, rules {}: {}\n", g.name(), s.preset, describe(s.r));
    fmt::print("{}\n{}", position_heading(s), to_board_text(g, s.h.current()));
    if (s.h.game_over()) {
        fmt::print("{}\n", final_score_text(s));
        return;
    }
    if (!s.stopped.empty() && res.lower_x2 == res.upper_x2) {
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
            fmt::print("Resumed from {}: {} run{} before this one, {} nodes, {:.0f} s, {}\n",
                       c->resumed_file(), c->before().runs, c->before().runs == 1 ? "" : "s",
                       c->before().nodes, c->before().seconds,
                       c->same_position() ? fmt::format("the value then in [{}, {}]",
                                                        komi_text(c->before().lower_x2),
                                                        komi_text(c->before().upper_x2))
                                          : std::string("of another position (other moves)"));
        if (c->writes() > 0)
            fmt::print("Checkpoint: {} ({} write{}, {:.1f} s); all runs: {} nodes, {:.0f} s\n",
                       c->written_file(), c->writes(), c->writes() == 1 ? "" : "s",
                       c->write_seconds(), c->after().nodes, c->after().seconds);
    }
    if (s.proof)
        fmt::print(
            "Proof: {} ({} bytes): {} claim(s), {} positions ({} games ended, {} settled by "
            "unconditional life, {} shared), longest line {} turns; written in {:.3f} s ({} "
            "search nodes)\nCheck it with: smallgo verify {}\n",
            a.proof, s.proof->bytes, s.proof->claims, s.proof->nodes, s.proof->final_leaves,
            s.proof->static_leaves, s.proof->references, s.proof->depth, s.proof->seconds,
            s.proof->search_nodes, a.proof);
}

// `--resume F --peek`: what the checkpoint's header says of this game and position, with no table
// read and nothing searched. A long solve's file holds gigabytes; its header, the bounds proven.
void peek_checkpoint(const SolveArgs& a) {
    if (a.resume.empty())
        throw UsageError("--peek reads the checkpoint of --resume FILE: none given");
    if (!a.checkpoint.empty() || !a.proof.empty() || !a.sgf.empty() || !a.svg.empty())
        throw UsageError("--peek searches nothing: not with --checkpoint, --proof, --sgf or --svg");
    GameStart start = start_game(a.board, a.rules, a.komi);
    const Geometry g = start.h.geometry();
    Solved s{g, start.h.rules(), start.preset, start.h, start.moves, start.setup, {}, {}, {}};
    int number = 0;
    for (const auto& text : a.moves) s.moves.push_back(play_text(s.h, text, ++number, "--moves: "));
    SolveCheckpointHeader file;
    if (auto problem = read_solve_checkpoint_header(a.resume, file)) throw UsageError(*problem);
    if (auto problem = checkpoint_game_mismatch(a.resume, file.key, checkpoint_key(s.h, 0, true)))
        throw UsageError(*problem);
    // The file's bounds are of the position its runs solved: this one only after this history.
    const bool same = file.totals.path == checkpoint_path(s.h);
    const SolveCheckpointTotals& t = file.totals;
    if (same) {
        s.res.lower_x2 = t.lower_x2, s.res.upper_x2 = t.upper_x2;
        s.res.root_bounds = t.root;
    }
    const std::string build =
        file.this_build ? "" : "written by another build of the solver: --resume refuses it";
    if (a.json) {
        nlohmann::json j;
        j["board"] = g.name();
        j["rules"] = s.preset;
        j["komi"] = s.r.komi();
        j["moves"] = move_names(g, s.moves);
        j["to_move"] = color_name(s.h.current().to_move);
        j["same_position"] = same;
        j["lower"] = same ? nlohmann::json(t.lower_x2 / 2.0) : nlohmann::json();
        j["upper"] = same ? nlohmann::json(t.upper_x2 / 2.0) : nlohmann::json();
        j["value"] =
            same && t.lower_x2 == t.upper_x2 ? nlohmann::json(t.lower_x2 / 2.0) : nlohmann::json();
        j["first_moves"] = first_moves_json(s);
        j["checkpoint"] = {{"file", a.resume},
                           {"this_build", file.this_build},
                           {"runs", t.runs},
                           {"nodes_all_runs", t.nodes},
                           {"seconds_all_runs", t.seconds},
                           {"hash_bytes", file.key.hash_bytes},
                           {"entries_used", file.used},
                           {"race_round", t.race_round},
                           {"lower", t.lower_x2 / 2.0},
                           {"upper", t.upper_x2 / 2.0}};
        fmt::print("{}\n", j.dump());
        return;
    }
    fmt::print("Board {}, rules {}: {}\n", g.name(), s.preset, describe(s.r));
    fmt::print("{}\n{}", position_heading(s), to_board_text(g, s.h.current()));
    fmt::print(
        "Checkpoint {}, its header alone (--resume reads and checks the proofs): {} run{}, {} "
        "nodes, {:.0f} s, --hash {}, {} entries in use{}\n",
        a.resume, t.runs, t.runs == 1 ? "" : "s", t.nodes, t.seconds,
        size_text(file.key.hash_bytes), file.used, build.empty() ? "" : "; " + build);
    if (!same) {
        fmt::print(
            "Its runs solved another position of this game (other moves), where the value lay in "
            "[{}, {}]; of this one it says nothing\n",
            komi_text(t.lower_x2), komi_text(t.upper_x2));
        return;
    }
    if (t.lower_x2 == t.upper_x2)
        fmt::print("Value: {} ({})\n", value_text(t.lower_x2), value_short(t.lower_x2));
    else
        fmt::print("The value lies in [{}, {}] (Black minus White minus komi)\n",
                   komi_text(t.lower_x2), komi_text(t.upper_x2));
    if (const std::string moves = first_moves_text(s); !moves.empty())
        fmt::print("Bounds of the first moves (one of each symmetry class): {}\n", moves);
}

void run_solve(const SolveArgs& a) {
    if (a.peek) return peek_checkpoint(a);
    // Ctrl-C and SIGTERM stop the command from here on: the search, or before it the read of a
    // checkpoint (up to a minute for gigabytes), which then ends with one line. The time limit
    // is armed when the search starts.
    StopOnSignals signals;
    GameStart start = start_game(a.board, a.rules, a.komi);
    SolveOptions o;
    SolveCheckpoints checkpoints(a.checkpoint, a.resume, a.checkpoint_every);
    if (checkpoints.active() && (!a.proof.empty() || a.no_table))
        throw UsageError(
            fmt::format("--checkpoint and --resume save the table's proofs: not with {}",
                        a.no_table ? "--no-table" : "--proof"));
    if (!(a.checkpoint_every > 0))
        throw UsageError(
            fmt::format("bad --checkpoint-every {}: expected seconds over 0", a.checkpoint_every));
    o.hash_bytes = checkpoints.hash_bytes(
        hash_option(a.hash.empty() ? std::string(DefaultHash) : a.hash), !a.hash.empty());
    o.threads = threads_option("--threads", a.threads);
    if (!(a.time_limit >= 0))
        throw UsageError(
            fmt::format("bad --time-limit {}: expected seconds, 0 for none", a.time_limit));
    const Geometry g = start.h.geometry();
    if (!a.sgf.empty() && g.cols() > MaxSgfColumns)
        throw UsageError(fmt::format("--sgf: SGF has no coordinates beyond {} columns ({} has {})",
                                     MaxSgfColumns, g.name(), g.cols()));
    Solved s{g, start.h.rules(), start.preset, start.h, start.moves, start.setup, {}, {}, {}};
    int number = 0;
    for (const auto& text : a.moves) s.moves.push_back(play_text(s.h, text, ++number, "--moves: "));

    if (!a.proof.empty()) check_proof_possible(s.h, s.setup);
    // --proof: the certificate's search reuses the solve's proofs.
    std::optional<SolveTables> kept;
    std::optional<CycleBoundsBuild> cycle_build;  // for a checkpointed solve's tables (below)
    // Without the boards' lists (below), so the proofs get their memory.
    if (!a.proof.empty()) kept.emplace(o.hash_bytes, false), o.tables = &*kept;

    int exit_code = 0;
    std::string proof_failed;                      // why --proof wrote no certificate
    std::optional<std::string> checkpoint_failed;  // why --checkpoint wrote no checkpoint
    if (s.h.game_over()) {
        // Nothing to search: the value is the final score.
        s.res.complete = true;
        s.res.value_x2 = s.res.lower_x2 = s.res.upper_x2 = s.h.result_x2();
    } else {
        o.all_moves = a.all_moves;
        o.use_table = !a.no_table;
        o.use_bounds = !a.no_bounds;
        // A certificate's leaves are games ended or unconditional life, which `verify` checks
        // alone; a search resting on territory leaves the writer whole subtrees to expand (4x4
        // passed 20 million positions against 3.5 million), so --proof searches without it.
        o.use_territory = !a.no_territory && a.proof.empty();
        o.lookup_children = !a.no_lookup;
        o.reply_race = !a.no_reply_race;
        // Nor does it keep the boards' lists: with them (and 5/8 of the memory for proofs) the
        // writer's tree of 4x4 passed 20 million positions at --hash 2048, against 3.3 million
        // without (the table-size sensitivity of docs/proof.md).
        o.board_lists = !a.no_board_lists && a.proof.empty();
        o.tactical_order = !a.plain_order;
        o.quarter_siblings = !a.half_depth_siblings;
        // Nor with the lean cutoffs: with them the writer of 4x4's certificate was still
        // expanding after 5 minutes (docs/results.md, 2026-12-01), against 18 s without.
        o.lean_cutoffs = !a.no_lean && a.proof.empty();
        o.use_cycle_bounds = !a.no_cycle_bounds;
        o.restart_nodes = a.restart_nodes;
        o.proofs_per_position = a.proofs_per_position;
        o.node_limit = a.max_nodes;
        if (!a.aim.empty()) {
            const int aim = parse_half_points(a.aim, "--aim");
            const ScoreRange range = score_range(s.h);
            if (aim < range.lower_x2 || aim > range.upper_x2)
                throw UsageError(fmt::format("bad --aim {}: a final score on {} lies in [{}, {}]",
                                             a.aim, g.name(), komi_text(range.lower_x2),
                                             komi_text(range.upper_x2)));
            o.aim_x2 = aim;
        }
        o.stop = signals.flag();  // the time limit, armed below, sets it too
        if (checkpoints.active()) {
            // Under simple ko the history-free game's bounds take up to half of --hash
            // (SolveOptions::hash_bytes) and the tables what they leave, as in solve(): so the
            // bounds are built before the tables a checkpoint is read into. The same start and
            // --hash build the same bounds, so a resumed solve makes tables of the same size.
            cycle_build = build_cycle_bounds(s.h, o);
            if (signals.signal() != 0)
                throw Stopped{fmt::format("solve: {} while building the bounds of simple ko; "
                                          "nothing was searched",
                                          signals.reason()),
                              signals.exit_code()};
            o.cycle_bounds = &*cycle_build;
            kept.emplace(o.hash_bytes - cycle_build->bytes(), o.board_lists);
            o.tables = &*kept;
            if (!checkpoints.attach(o, *kept, s.h, o.hash_bytes, o.board_lists, signals.flag()))
                throw Stopped{fmt::format("solve: {} while reading {}; nothing was searched",
                                          signals.reason(), a.resume),
                              signals.exit_code()};
            s.checkpoints = &checkpoints;
        }
        signals.arm_time_limit(a.time_limit);
        SolveProgress progress(g, "");
        progress.attach(o);
        s.res = solve(s.h, o);
        if (checkpoints.active()) checkpoint_failed = checkpoints.finish(s.res);
        if (!s.res.complete)
            s.stopped = signals.signal() != 0 ? std::string(signals.reason()) : "node limit";
        exit_code = s.res.complete ? 0 : signals.exit_code();
        if (!a.proof.empty() && s.res.complete) {
            try {
                s.proof = write_proof_file(a.proof, s.h, s.preset, s.moves, s.res.value_x2, o,
                                           a.proof_limit);
            } catch (const CertificateStopped& e) {
                // The value stands (it is printed); the certificate is not written.
                proof_failed = signals.signal() != 0
                                   ? fmt::format("--proof: stopped ({}); no certificate written",
                                                 signals.reason())
                                   : fmt::format("--proof: {}; no certificate written", e.what());
                if (signals.signal() != 0) exit_code = signals.exit_code();
            } catch (const std::logic_error& e) {
                // The writer met a line its search's proof does not cover: a bug to report, but
                // the value stands (the solve proved it) and is printed.
                proof_failed = fmt::format(
                    "--proof: internal error ({}); no certificate written, please report it",
                    e.what());
            }
        }
    }
    if (s.h.game_over() && !a.proof.empty())
        s.proof = write_proof_file(a.proof, s.h, s.preset, s.moves, s.res.value_x2, o);
    if (a.json)
        print_json(s, a);
    else
        print_text(s, a);
    if (!a.sgf.empty()) write_sgf_file(a.sgf, s);
    if (!a.svg.empty()) write_svg_file(a.svg, s);
    // Proofs that could not be saved are the worst news: said before the reason of a stop.
    if (checkpoint_failed) throw CheckFailed(*checkpoint_failed);
    if (exit_code != 0) throw Stopped{proof_failed.empty() ? s.stopped : proof_failed, exit_code};
    if (!proof_failed.empty()) throw CheckFailed(proof_failed);
}
}  // namespace

void add_solve_command(CLI::App& app) {
    auto a = std::make_shared<SolveArgs>();
    auto* cmd = app.add_subcommand(
        "solve", "Exact minimax value of the game (area score, Black minus White minus komi)");
    cmd->add_option("board", a->board,
                    "Board as ROWSxCOLS, e.g. 3x3 (at most 64 points), or an SGF file (FILE.sgf): "
                    "its setup, moves, RU and KM")
        ->required();
    cmd->add_option("--rules,-r", a->rules, rules_help());
    cmd->add_option("--komi,-k", a->komi,
                    "Komi, a multiple of 0.5 (default: the preset's; `smallgo rules`)");
    cmd->add_option("--moves", a->moves,
                    "Moves played before the position to solve, AGA (B2) or SGF (bb) or pass, "
                    "after an SGF file's; they count for ko (default: none)");
    cmd->add_flag("--all-moves", a->all_moves,
                  "Also the exact value of every legal move (default: off)");
    cmd->add_option("--hash", a->hash, hash_help(DefaultHash));
    cmd->add_option("--threads", a->threads, threads_help(true));
    cmd->add_option("--max-nodes", a->max_nodes,
                    "Stop after about this many nodes and print the bounds proven; exit code 0 "
                    "(default 0: no limit)");
    cmd->add_option("--time-limit", a->time_limit,
                    "Stop after this many seconds and print the bounds proven; exit code 0 "
                    "(default 0: no limit)");
    cmd->add_flag("--json", a->json,
                  "Print one JSON object: board, rules, komi, moves, to_move, game_over, "
                  "complete, stopped, value, lower, upper, best_moves, pv, nodes, ... "
                  "(default: off)");
    cmd->add_option("--sgf", a->sgf,
                    "Write the game, the principal variation and the other optimal first moves, "
                    "with their values, to this SGF file (docs/sgf.md; default: none)");
    cmd->add_option("--svg", a->svg,
                    "Draw the position, each legal move's value (with --all-moves) and the "
                    "principal variation numbered, to this SVG file (default: none)");
    cmd->add_option(
        "--aim", a->aim,
        "A conjectured value (Black minus White minus komi): the first test asks "
        "whether Black reaches it; the value is proven exactly either way (e.g. 25 "
        "on 5x5; default: whether the side to move gets more than half the board, under "
        "simple ko whether it wins)");
    cmd->add_option("--proof", a->proof,
                    "Write a proof certificate of the value to this file, for `smallgo verify` "
                    "(superko rules; docs/proof.md; default: none)");
    cmd->add_option(
        "--proof-limit", a->proof_limit,
        fmt::format("The most positions a certificate may hold; past it none is written "
                    "and the exit code is 1 (default {})",
                    DefaultProofLimit));
    cmd->add_option("--checkpoint", a->checkpoint,
                    "Save the search's proofs to this file when it stops (done, a limit, Ctrl-C, "
                    "SIGTERM) and during it (--checkpoint-every); --resume goes on from them "
                    "(default: none)");
    cmd->add_option("--checkpoint-every", a->checkpoint_every,
                    fmt::format("Seconds between checkpoints during the search, written at its "
                                "next restart (default {:.0f})",
                                DefaultSolveCheckpointEvery));
    cmd->add_option("--resume", a->resume,
                    "Start from the proofs of a checkpoint of the same game (board, rules, komi, "
                    "start) written by this build; --hash defaults to the checkpoint's (default: "
                    "none)");
    cmd->add_flag("--peek", a->peek,
                  "With --resume FILE: print the bounds that FILE's runs proved for this position, "
                  "and their nodes and time, from its header alone; nothing is searched, any "
                  "build's file is read (default: off)");
    cmd->add_flag("--no-table", a->no_table,
                  "Search without the transposition table (slow; a check; default: off)");
    cmd->add_flag("--no-bounds", a->no_bounds,
                  "Search without unconditional-life bounds (slow; a check; default: off)");
    cmd->add_flag("--no-territory", a->no_territory,
                  "Count only alive stones and one-point eyes, not the regions they enclose "
                  "(unconditional territory off; a measurement; default: off)");
    cmd->add_flag("--no-cycle-bounds", a->no_cycle_bounds,
                  "Simple ko: search without the bounds of the history-free game (a check; "
                  "default: off)");
    cmd->add_flag("--no-lookup", a->no_lookup,
                  "Search children without first looking them up in the table (enhanced "
                  "transposition cutoffs off; a measurement; default: off)");
    cmd->add_flag("--no-lean", a->no_lean,
                  "Search every child of a node left open, not only up to the first open child "
                  "that leans the node's way (docs/solver.md; a measurement; default: off)");
    cmd->add_flag("--no-reply-race", a->no_reply_race,
                  "Test the root's other first moves with one search each, not by a race of the "
                  "opponent's replies (docs/solver.md; a measurement; default: off)");
    cmd->add_flag("--no-board-lists", a->no_board_lists,
                  "Tell the positions that may repeat a proof's boards by the table's Bloom "
                  "filter alone, without the boards' fingerprint lists (a measurement; default: "
                  "off)");
    cmd->add_flag("--plain-order", a->plain_order,
                  "Order moves without tactics, the pass right after the table move (the order "
                  "before 0.3; a measurement; default: off)");
    cmd->add_flag("--half-depth-siblings", a->half_depth_siblings,
                  "Search the siblings of a child left open at half its depth, not a quarter "
                  "(the rule before 2026-11-28; docs/solver.md; a measurement; default: off)");
    add_restart_option(*cmd, a->restart_nodes);
    cmd->add_option("--proofs-per-position", a->proofs_per_position,
                    "Proofs the table holds per position, each under its own history, 1 to 16; "
                    "0 chooses: 16 on boards of at most 14 points where the table holds every "
                    "position 32 times, else 1 (docs/solver.md; a measurement; default 0)")
        ->check(CLI::Range(0, 16));
    cmd->footer(
        "Ctrl-C or SIGTERM stops the search; it prints the bounds proven so far (exit code 130 "
        "or 143). With --checkpoint F the proofs are kept, and the same command with --resume F "
        "goes on from them.\n\n"
        "Examples:\n"
        "  smallgo solve 3x3 --threads 1\n"
        "  smallgo solve 3x3 --moves B2 --all-moves --sgf b2.sgf\n"
        "  smallgo solve game.sgf --moves pass\n"
        "  smallgo solve 4x4 --rules simple --time-limit 60 --json\n"
        "  smallgo solve 5x5 --hash 8G --checkpoint 5x5.ckpt --time-limit 3600\n"
        "  smallgo solve 5x5 --resume 5x5.ckpt --checkpoint 5x5.ckpt");
    cmd->callback([a] { run_solve(*a); });
}

}  // namespace smallgo::cli
