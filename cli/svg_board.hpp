// Pictures of a position as SVG, shared by `smallgo solve --svg` and the page of `smallgo serve`
// (the server sends the board it draws here; the page only puts it in place and listens for
// clicks). A board shows the stones, the last move, the points the ko rule forbids under the
// history (a square), and on every legal point the exact value of playing there: the number as
// value_short writes it ("B+9", "W+0.5", "0", Black minus White minus komi) on a disc whose colour
// says how much the move loses for the side to move against the best one (green: optimal, red:
// the worst on the board); the optimal moves get a dark ring. A second board, when asked for,
// numbers the principal variation as a game record does: the first stone played on a point carries
// its number, a later play on the same point and every pass are listed under the board.
//
// Every element a program may read carries data-* attributes (stable names, the tests and the
// page use them): a point's hit area `<rect class="point" data-move="B2">`, a value
// `<text class="value" data-move="B2" data-value="9">`, a ko mark `<rect class="ko"
// data-move="A1">`, a PV number `<text class="pv" data-move="C3" data-number="1">`. The output is
// a complete XML document when `standalone` is set (for a file), else the <svg> element alone
// (for inline HTML). Cost: linear in the points and the moves.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/geometry.hpp"
#include "rules/history.hpp"
#include "rules/position.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

struct BoardPicture {
    Geometry g;
    Position position;                    // the stones and the side to move
    Move last = NoMove;                   // marked with a small ring when on the board
    Bitboard ko_forbidden = 0;            // points the ko rule forbids now
    std::vector<MoveValue> values;        // legal moves with their exact values (pass included)
    std::vector<Move> best_moves;         // optimal moves, ringed
    std::optional<std::vector<Move>> pv;  // set: a second board numbers it from the position
    std::vector<std::string> caption;     // lines under the boards (the caller's words)
    bool standalone = false;              // an XML document with its declaration
};

// The SVG text of the picture. Moves of `pv` must be legal in turn from `position` under the ko
// rule of the game (the solver's principal variation is); only the stones are replayed here, with
// captures, so that later numbers land on the right board.
std::string svg_board(const BoardPicture& picture);

// The picture's board, side to move, last move and ko marks for the current position of h; no
// values, no variation, no caption.
BoardPicture board_picture(const History& h);

// The hue (0 red .. 120 green) of a move that loses `loss_x2` half points against the best one,
// when the worst move on the board loses `worst_x2`.
int value_hue(int loss_x2, int worst_x2);

}  // namespace smallgo::cli
