// `smallgo solve BOARD [--moves ...] --resume F --peek [--json]` (solve_output.hpp): where a long
// solve stands, from its checkpoint's header alone (solver/checkpoint.hpp): the runs, nodes and
// time, the bounds proven and each first move's. A long solve's file holds gigabytes; its header,
// the bounds. The header tells the position by a hash of its history, so the command names the
// position and gets "says nothing" for another one of the same game, with the moves that lead to
// the file's own where the header names them.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/game_start.hpp"
#include "cli/solve_output.hpp"
#include "rules/diagram.hpp"
#include "solver/checkpoint.hpp"

namespace smallgo::cli {

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
        j["moves"] = moves_json(g, s.moves);
        j["to_move"] = color_name(s.h.current().to_move);
        j["same_position"] = same;
        j["lower"] = same ? nlohmann::json(t.lower_x2 / 2.0) : nlohmann::json();
        j["upper"] = same ? nlohmann::json(t.upper_x2 / 2.0) : nlohmann::json();
        j["value"] =
            same && t.lower_x2 == t.upper_x2 ? nlohmann::json(t.lower_x2 / 2.0) : nlohmann::json();
        j["first_moves"] = first_moves_json(s);
        j["checkpoint"] = {{"file", a.resume},
                           {"moves", t.moves ? moves_json(g, *t.moves) : nlohmann::json()},
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
            "Its runs solved another position of this game ({}), where the value lay in [{}, {}]; "
            "of this one it says nothing\n",
            checkpoint_position_text(s, t), komi_text(t.lower_x2), komi_text(t.upper_x2));
        return;
    }
    if (t.lower_x2 == t.upper_x2)
        fmt::print("Value: {} ({})\n", value_text(t.lower_x2), value_short(t.lower_x2));
    else
        fmt::print("The value lies in [{}, {}] (Black minus White minus komi)\n",
                   komi_text(t.lower_x2), komi_text(t.upper_x2));
    if (const std::string moves = first_moves_text(s); !moves.empty())
        fmt::print("Bounds of the first moves (one of each symmetry class): {}\n", moves);
    if (const std::string open = open_moves_text(s); !open.empty()) fmt::print("{}\n", open);
}

}  // namespace smallgo::cli
