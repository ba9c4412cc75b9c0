// The game that solve and replay start from: an empty board named "MxN", or an SGF file (a path
// ending in .sgf, or any existing file) with its rules, komi, starting grid and moves. The
// command line's --rules and --komi override the file's. Throws UsageError (exit code 2) with one
// line: "FILE:LINE:COLUMN: why" for a malformed file or an illegal move in it.
#pragma once

#include <string>
#include <vector>

#include "rules/history.hpp"

namespace smallgo::cli {

struct GameStart {
    std::string preset;       // the rules' preset: --rules, else the file's RU, else the default
    History h;                // after the file's moves
    std::vector<Move> moves;  // the file's moves (none for a board)
    bool setup = false;       // the file's starting grid has stones
};

// Whether the board argument names an SGF file rather than a board.
bool names_sgf_file(const std::string& board);
// The game named by `board` (MxN or an SGF file) under --rules `rules` and --komi `komi` (each
// empty when not given).
GameStart start_game(const std::string& board, const std::string& rules, const std::string& komi);

}  // namespace smallgo::cli
