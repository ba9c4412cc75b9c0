// `smallgo replay MxN|FILE.sgf [--rules P] [--komi K] [--json] MOVES...`: plays a move list (an
// SGF file's main line, then MOVES), printing each position, then the score; with --json, one
// object for scripts: the moves, the side to move, whether the game is over, the legal moves
// (under the whole history: superko) and the area score. An illegal move stops the replay with
// its number and the reason (exit code 2); in a file, with its line and column.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/game_start.hpp"
#include "cli/options.hpp"
#include "rules/diagram.hpp"
#include "rules/history.hpp"
#include "rules/scoring.hpp"

namespace smallgo::cli {

namespace {
struct ReplayOptions {
    std::string board, rules, komi;  // rules, komi: empty when not given
    std::vector<std::string> moves;
    bool json = false;
};

// The final position as one JSON object (--json).
void print_replay_json(const GameStart& start, const History& h, const std::vector<Move>& played) {
    const Geometry& g = h.geometry();
    const Rules r = h.rules();
    const Areas a = areas(g, h.current());
    nlohmann::json j;
    j["board"] = g.name();
    j["rules"] = start.preset;
    j["komi"] = r.komi_x2 / 2.0;
    j["moves"] = moves_json(g, played);
    j["to_move"] = color_name(h.current().to_move);
    j["game_over"] = h.game_over();
    j["draw_by_repetition"] = h.ended_by_cycle();
    j["legal"] = moves_json(g, h.legal_moves());
    j["black_area"] = a.black;
    j["white_area"] = a.white;
    j["score"] = (2 * (a.black - a.white) - r.komi_x2) / 2.0;
    fmt::print("{}\n", j.dump());
}

void run_replay(const ReplayOptions& o) {
    GameStart start = start_game(o.board, o.rules, o.komi);
    const Geometry g = start.h.geometry();
    const Rules r = start.h.rules();
    if (o.json) {
        History h = start.h;
        std::vector<Move> played = start.moves;
        int number = static_cast<int>(played.size());
        for (const auto& text : o.moves) played.push_back(play_text(h, text, ++number, ""));
        return print_replay_json(start, h, played);
    }
    // The file's moves are replayed from its start, so that each position is printed.
    History h(g, r, start.h.at(0));
    fmt::print("{} board, rules: {}\n\n{}\n", g.name(), describe(r), to_board_text(g, h.current()));
    int number = 0;
    for (Move m : start.moves) {
        Color c = h.current().to_move;
        h.play(m);  // legal: start_game replayed them
        fmt::print("{}. {} {}\n{}\n", ++number, color_name(c), g.aga(m),
                   to_board_text(g, h.current()));
    }
    for (const auto& text : o.moves) {
        Color c = h.current().to_move;
        Move m = play_text(h, text, ++number, "");
        fmt::print("{}. {} {}\n{}\n", number, c == Color::Black ? "Black" : "White", g.aga(m),
                   to_board_text(g, h.current()));
    }
    Areas a = areas(g, h.current());
    if (h.ended_by_cycle()) {
        fmt::print("Game over: the last play repeated an earlier board; the game is a draw.\n");
    } else {
        int value = 2 * (a.black - a.white) - r.komi_x2;
        fmt::print("{}: Black {} White {} komi {}: {} ({})\n",
                   h.game_over() ? "Game over" : "Game not over; area now", a.black, a.white,
                   komi_text(r.komi_x2), value_text(value), value_short(value));
    }
}
}  // namespace

void add_replay_command(CLI::App& app) {
    auto o = std::make_shared<ReplayOptions>();
    auto* cmd =
        app.add_subcommand("replay", "Play a list of moves and print each position and the score");
    cmd->add_option("board", o->board, "Board as ROWSxCOLS, e.g. 3x3, or an SGF file (FILE.sgf)")
        ->required();
    cmd->add_option("moves", o->moves,
                    "Moves: AGA (C3) or SGF (cc) coordinates, or pass (default: none)");
    cmd->add_option("--rules,-r", o->rules, rules_help());
    cmd->add_option("--komi,-k", o->komi,
                    "Komi, a multiple of 0.5 (default: the preset's; `smallgo rules`)");
    cmd->add_flag("--json", o->json,
                  "Print one JSON object of the final position: moves, to_move, game_over, legal "
                  "(every legal move, under superko too), areas and score (default: off)");
    cmd->footer(
        "Examples:\n"
        "  smallgo replay 3x3 B2 C2 pass pass\n"
        "  smallgo replay 3x3 --json B2 C2\n"
        "  smallgo replay 2x2 --rules simple A1 B2 B1 A2\n"
        "  smallgo replay game.sgf pass");
    cmd->callback([o] { run_replay(*o); });
}

}  // namespace smallgo::cli
