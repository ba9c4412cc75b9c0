// SGF (FF[4], GM[1]) in and out: the game record that `solve FILE.sgf`, `replay FILE.sgf` and
// GTP's loadsgf read, and that `solve --sgf` writes. An SgfGame is what both sides agree on: the
// board, the rules named by RU and the komi of KM, the starting grid of AB/AW and the main line.
// read_sgf never throws and prints nothing: a malformed file gives an SgfError with the 1-based
// line and column (in bytes) of the first fault. Only the main line is read (the first child at
// every branch); the rest of the file is checked for syntax only. Nesting costs no stack (the
// parser keeps a depth counter), so any input is safe. Reading and writing are linear in the
// text; the rules kernel (History) decides legality, in sgf_history.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/geometry.hpp"
#include "rules/history.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace smallgo::cli {

struct SgfError {
    int line = 1, column = 1;  // where the fault lies, both from 1
    std::string message;       // e.g. "unterminated property value"
};
// "3:17: unterminated property value".
std::string to_string(const SgfError& e);

// Where a move stands in the text, for the errors that only the rules find (an illegal move).
struct SgfPlace {
    int line = 1, column = 1;
};

struct SgfGame {
    Geometry geometry;           // SZ[n] (square) or SZ[cols:rows]; at most 64 points
    std::string preset;          // RU's value when it names a preset (find_preset); empty otherwise
    std::optional<int> komi_x2;  // KM, in half points; nullopt when absent
    Position start;              // the root's AB/AW/AE; to move: PL, else the first move's colour
    std::vector<Move> moves;     // the main line's B/W, alternating from start.to_move; Pass for
                                 // B[] and, on boards up to 19x19, B[tt]
    std::vector<SgfPlace> places;  // places[i]: where moves[i] stands (empty for a written game)
};

// The game in `text` (its first game tree's main line), or where and why it is malformed: bad
// syntax, an unknown or misplaced property value (SZ, KM, PL, a coordinate off the board), setup
// after the root, moves out of turn, a setup with a string without liberties. Properties it does
// not use (C, PB, DT, ...) are skipped.
std::variant<SgfGame, SgfError> read_sgf(std::string_view text);

// The rules the file names: its preset's (`fallback` when RU is absent or names no preset), with
// its KM when given. The command line's --rules and --komi override these (cli/solve.cpp).
Rules sgf_rules(const SgfGame& game, const Rules& fallback);

// The game replayed under `r` through the rules kernel: a History from game.start (with no earlier
// positions) and game.moves played in turn. An illegal move gives an SgfError at its place (line 1
// column 1 when places is empty) naming its number from 1: "move 3: White B2 is illegal (ko)".
std::variant<History, SgfError> sgf_history(const SgfGame& game, const Rules& r);

// A one-move variation: a sibling of the main line's move at SgfAnnotations::branch_at.
struct SgfVariation {
    Move move;
    std::string comment;  // C of its node; empty for none
};
// A label (LB) on the board at the branch node: e.g. a move's value.
struct SgfLabel {
    Move point;
    std::string text;
};

// What write_sgf adds to the game itself. Texts are escaped by the writer.
struct SgfAnnotations {
    std::string result;        // RE: "B+9", "W+0.5", "0", "?"; empty for none
    std::string date;          // DT: "2026-11-25"; empty for none
    std::string root_comment;  // C of the root
    // comments[i]: C of the node of moves[i]; may be shorter than the moves, "" for none.
    std::vector<std::string> comments;
    // The branch node is the one after `branch_at` moves (0: the root): variations hang from it
    // as siblings of moves[branch_at] (written only when that move exists), labels lie on it.
    std::size_t branch_at = 0;
    std::string branch_comment;  // C of the branch node, appended to its other comment
    std::vector<SgfVariation> variations;
    std::vector<SgfLabel> labels;
};

// SGF's coordinates are the letters a..z, A..Z: a board of more columns (1x53 to 1x64) has no SGF.
inline constexpr int MaxSgfColumns = 52;

// The SGF text of `game` (whose board has at most MaxSgfColumns columns) (FF[4], GM[1], CA[UTF-8],
// AP[smallgo:VERSION], SZ, RU when preset is not empty, KM when known, AB/AW and PL for a starting
// grid or White to move, then the moves with passes as B[]), ending in a newline. read_sgf of it
// gives `game` back (places aside).
std::string write_sgf(const SgfGame& game, const SgfAnnotations& notes = {});

}  // namespace smallgo::cli
