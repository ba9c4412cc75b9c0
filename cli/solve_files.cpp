// `solve --sgf FILE` and `--svg FILE` (solve_output.hpp): the game and what the solve found of it
// as SGF (docs/sgf.md), and the position solved as an SVG picture (svg_board.hpp).
#include <ctime>
#include <fstream>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/sgf.hpp"
#include "cli/solve_output.hpp"
#include "cli/svg_board.hpp"

namespace smallgo::cli {

namespace {
// Today as SGF's DT wants it: "2026-11-25".
std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &local);
    return text;
}
}  // namespace

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

}  // namespace smallgo::cli
