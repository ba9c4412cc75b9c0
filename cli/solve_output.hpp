// `smallgo solve`'s arguments, what it solved (`Solved`), and what prints and writes it: the text
// and JSON reports (solve_output.cpp), the SGF and SVG files (solve_files.cpp) and `--resume F
// --peek` (solve_peek.cpp). solve.cpp parses the command line and runs the search.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "cli/options.hpp"
#include "cli/solve_checkpoint.hpp"
#include "cli/solve_proof.hpp"
#include "rules/history.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

struct SolveArgs {
    std::string board, rules, komi, sgf, svg, proof, checkpoint, resume, hash,
        aim;  // rules, komi, hash, aim: empty when not given
    std::vector<std::string> moves;
    bool all_moves = false, json = false, no_table = false, no_bounds = false, no_territory = false,
         no_reply_life = false, no_lookup = false, plain_order = false, no_cycle_bounds = false,
         no_board_lists = false, no_list_renewal = false, half_depth_siblings = false,
         no_reply_race = false, no_lean = false, peek = false, aim_only = false;
    int threads = default_threads();
    u64 restart_nodes = SolveOptions{}.restart_nodes;
    int proofs_per_position = 0;
    int reply_depth = SolveOptions{}.reply_depth;
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
std::string position_heading(const Solved& s);
// The final score of a game that is over, in words.
std::string final_score_text(const Solved& s);
// Each first move's bounds: "B2 [4, 12], B1 [-12, 12], ..." for text; {"B2": [4, 12], ...} for
// JSON (one move of each symmetry class, Black's view; empty before a search).
std::string first_moves_text(const Solved& s);
nlohmann::json first_moves_json(const Solved& s);
// What a value left in [lower, upper] (s.res's bounds) still waits for, read off the first moves'
// bounds: with Black to move "Open: whether B1 or D1 gives more than 1; every other first move is
// proven to give at most 1."; with White to move, the moves that may give less than upper. Empty
// where the value is proven, no bounds are known, or no first move is settled yet.
std::string open_moves_text(const Solved& s);

// The report on stdout: one JSON object, or text for people.
void print_json(const Solved& s, const SolveArgs& a);
void print_text(const Solved& s, const SolveArgs& a);

// --sgf and --svg; a file that cannot be written throws UsageError.
void write_sgf_file(const std::string& path, const Solved& s);
void write_svg_file(const std::string& path, const Solved& s);

// `--resume F --peek`: what the checkpoint's header says of this game and position, with no table
// read and nothing searched.
void peek_checkpoint(const SolveArgs& a);
// The position a checkpoint's runs solved, in words, for a file of another position of the game
// s: "after B1 L1", "the empty board, no moves", or "other moves" where the file does not name
// them; where the game starts from a grid with stones, "after B1 L1 from the starting grid" and
// "the starting grid, no moves".
std::string checkpoint_position_text(const Solved& s, const SolveCheckpointTotals& t);

}  // namespace smallgo::cli
