// The game a request of `smallgo serve` names, and the position it answers with. The server keeps
// no games: every request carries its game whole, as JSON (docs/web.md), so two clients can never
// disturb each other's game and undo, redo and a new game are the page's business:
//
//   {"board": "3x3", "rules": "tromp-taylor", "komi": 0, "moves": ["B2", "A1", "pass"]}
//
// rules and komi are optional (the default preset, then the preset's komi), moves too (none). A
// request is refused with one line saying why: not an object, a board that is malformed or over
// the server's points limit, an unknown preset, a komi that is not a multiple of 0.5, a move that
// is not a point or is illegal (its number, colour and the rule that forbids it), more moves than
// the limit. Parsing replays the moves through the rules kernel (History): linear in the moves.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/history.hpp"

namespace smallgo::cli {

// What the server accepts (`smallgo serve --max-points`).
struct WebLimits {
    int max_points = 16;
    std::size_t max_moves = 512;  // a game record longer than this is refused
};

struct WebGame {
    std::string preset;
    History h;                // after the moves
    std::vector<Move> moves;  // from the empty board
};

// A request refused: the line sent back with status 400.
struct WebError {
    std::string message;
};

// The game named by `body`; with `extra_move` set, the member of that name holds one more move
// to play ("move" of /api/play).
std::variant<WebGame, WebError> parse_game(const nlohmann::json& body, const WebLimits& limits,
                                           const char* extra_move = nullptr);

// The position as the API gives it: board, rows, cols, rules, komi, moves, to_move, game_over,
// result (the final score once the game is over, else null), black and white (their stones),
// legal (the legal moves, pass included), ko (the points the ko rule forbids now) and svg (the
// board drawn by svg_board, without values).
nlohmann::json position_json(const WebGame& game);

}  // namespace smallgo::cli
