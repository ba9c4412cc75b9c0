// `smallgo solve MxN|FILE.sgf [--rules P] [--komi K] [--moves M...] [--all-moves] [--hash SIZE]
// [--threads T] [--max-nodes N] [--time-limit S] [--json] [--sgf FILE] [--svg FILE] [--proof
// FILE]`: draws the position (after the file's moves and --moves), then gives the exact value of
// the game from it, the optimal moves of the side to move and a principal variation. A position
// whose game is over gets its final score, with no search. Ctrl-C, SIGTERM, --max-nodes and
// --time-limit stop the search: the output (text, JSON, SGF and SVG alike) then gives the bounds
// proven and says what stopped it; the exit code is the signal's (130, 143) or 0 for a limit the
// user set. With --resume FILE --peek it searches nothing and prints what FILE says of the
// position.
#include <optional>
#include <stdexcept>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/game_start.hpp"
#include "cli/options.hpp"
#include "cli/sgf.hpp"
#include "cli/signals.hpp"
#include "cli/solve_checkpoint.hpp"
#include "cli/solve_output.hpp"
#include "cli/solve_progress.hpp"
#include "cli/solve_proof.hpp"
#include "rules/scoring.hpp"
#include "solver/certificate.hpp"
#include "solver/reply_life.hpp"
#include "solver/retrograde.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

namespace {
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
    if (a.aim_only && a.aim.empty()) throw UsageError("--aim-only: give the question with --aim");
    if (a.aim_only && a.all_moves)
        throw UsageError(
            "--aim-only answers whether Black reaches --aim, without the value: not with "
            "--all-moves");
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
    // --aim is checked on a finished game too, where it asks nothing (the score is the value).
    std::optional<int> aim;
    if (!a.aim.empty()) {
        aim = parse_half_points(a.aim, "--aim");
        const ScoreRange range = score_range(s.h);
        if (*aim < range.lower_x2 || *aim > range.upper_x2)
            throw UsageError(fmt::format("bad --aim {}: a final score on {} lies in [{}, {}]",
                                         a.aim, g.name(), komi_text(range.lower_x2),
                                         komi_text(range.upper_x2)));
    }
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
        // A certificate's leaves include territory where the search used it, which `verify`
        // checks on each line's history (docs/proof.md).
        o.use_territory = !a.no_territory;
        o.reply_life = !a.no_reply_life;
        o.reply_depth = a.reply_depth;
        o.lookup_children = !a.no_lookup;
        o.reply_race = !a.no_reply_race;
        o.board_lists = !a.no_board_lists;
        o.renew_lists = !a.no_list_renewal;
        o.tactical_order = !a.plain_order;
        o.quarter_siblings = !a.half_depth_siblings;
        o.lean_cutoffs = !a.no_lean;
        if (!a.proof.empty()) prefer_certificate_search(o);  // no lists, no leans
        o.use_cycle_bounds = !a.no_cycle_bounds;
        o.restart_nodes = a.restart_nodes;
        o.proofs_per_position = a.proofs_per_position;
        o.node_limit = a.max_nodes;
        if (aim) {
            o.aim_x2 = *aim;
            o.aim_only = a.aim_only;
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
            if (!checkpoints.attach(o, *kept, s.h, s.moves, o.hash_bytes, o.board_lists,
                                    signals.flag()))
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
        // An answered --aim-only search ends as a complete one does, even where a signal came
        // after the answer (during the checkpoint's write, say).
        if (!s.res.complete)
            s.stopped = s.res.aim_answered      ? "aim answered"
                        : signals.signal() != 0 ? std::string(signals.reason())
                                                : "node limit";
        exit_code = s.res.complete || s.res.aim_answered ? 0 : signals.exit_code();
        if (!a.proof.empty() && (s.res.complete || s.res.aim_answered)) {
            try {
                s.proof = s.res.complete
                              ? write_proof_file(a.proof, s.h, s.preset, s.moves, s.res.value_x2, o,
                                                 a.proof_limit)
                              : write_bound_proof_file(a.proof, s.h, s.preset, s.moves,
                                                       aim_answer_claim(s.h, s.res, *o.aim_x2), o,
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
    cmd->add_flag("--aim-only", a->aim_only,
                  "With --aim: ask only whether Black reaches it, testing the first moves at the "
                  "aim alone, and stop once that is proven either way; bounds, no value unless "
                  "they meet (exit code 0; for tools that want a yes or no; default: off)");
    cmd->add_option("--proof", a->proof,
                    "Write a proof certificate of the value (with --aim-only, of its answer, a "
                    "bound) to this file, for `smallgo verify` (superko rules; docs/proof.md; "
                    "default: none)");
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
                  "With --resume FILE: print the bounds that FILE's runs proved for this position "
                  "(for another, the moves of FILE's), and their nodes and time, from its header "
                  "alone; nothing is searched, any build's file is read (default: off)");
    cmd->add_flag("--no-table", a->no_table,
                  "Search without the transposition table (slow; a check; default: off)");
    cmd->add_flag("--no-bounds", a->no_bounds,
                  "Search without unconditional-life bounds (slow; a check; default: off)");
    cmd->add_flag("--no-territory", a->no_territory,
                  "Count only alive stones and one-point eyes, not the regions they enclose "
                  "(unconditional territory off; a measurement; default: off)");
    cmd->add_flag("--no-reply-life", a->no_reply_life,
                  "Superko presets: without the bound of life after one reply, where the side not "
                  "to move keeps the stones it makes alive with one answer to any move "
                  "(docs/solver.md; a measurement; default: off)");
    cmd->add_option("--reply-depth", a->reply_depth,
                    "Superko presets: how many answers the side keeping its stones may make in the "
                    "bound of life after a reply, 1 or 2 (docs/solver.md; default: 2, but 1 on a "
                    "line)")
        ->check(CLI::Range(1, ReplyLife::MaxDepth));
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
    cmd->add_flag("--no-list-renewal", a->no_list_renewal,
                  "Let the ring of the boards' lists forget a list a lap after it was written, "
                  "its entry in use or not (the rule before 2026-12-05; docs/solver.md; a "
                  "measurement; default: off)");
    cmd->add_flag("--plain-order", a->plain_order,
                  "Order moves without tactics, the pass right after the table move (the order "
                  "before 0.3; a measurement; default: off)");
    cmd->add_flag("--half-depth-siblings", a->half_depth_siblings,
                  "Search the siblings of a child left open at half its depth, also where the "
                  "default takes a quarter (one thread, at most 20 points; the rule before "
                  "2026-11-28; docs/solver.md; a measurement; default: off)");
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
