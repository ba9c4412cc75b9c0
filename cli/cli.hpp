// The program's subcommands and what they share. Each add_*_command registers a subcommand on the
// CLI11 app; its callback either returns normally (exit code 0) or throws one of the three types
// below, which only main() catches, prints as one line "smallgo: <message>" on stderr and turns
// into the exit code.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json_fwd.hpp>

#include "rules/geometry.hpp"
#include "rules/history.hpp"
#include "rules/rules.hpp"

// Declared only: add_result_json takes one, and the commands that do not solve need not include
// the solver's header.
namespace smallgo {
struct SolveResult;
}

namespace smallgo::cli {

// Bad input from the user: exit code 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A check that found a fault (verify: a rejected certificate): exit code 1.
struct CheckFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A long run stopped by a signal after printing what it proved: `what` says where, and the exit
// code is the signal's (130 for SIGINT, 143 for SIGTERM; StopOnSignals::exit_code).
struct Stopped {
    std::string what;
    int exit_code;
};

// The board named by "MxN", or UsageError.
Geometry parse_board(const std::string& text);
// The preset named `name`, or UsageError listing the known names.
Rules parse_rules(const std::string& name);
// Parses move number `number` (AGA, SGF or "pass") and plays it in h; UsageError, prefixed by
// `where`, if it is not a point of the board or is illegal. Returns the move.
Move play_text(History& h, const std::string& text, int number, std::string_view where);
// --restart-nodes of solve and table (SolveOptions::restart_nodes): 0, or 4,096 to 2^40.
void add_restart_option(CLI::App& cmd, u64& nodes);
// A komi like "5.5" or "-7" in half points, or UsageError.
int parse_komi(const std::string& text);
// The same for any score (`what` names it in the error), e.g. --aim.
int parse_half_points(const std::string& text, const std::string& what);

// "Black wins by 9", "White wins by 0.5", "Draw" for a value in half points.
std::string value_text(int value_x2);
// "B+9", "W+0.5", "0" (SGF's RE and the compact form).
std::string value_short(int value_x2);
// Moves in AGA coordinates separated by spaces ("B2 C2 pass").
std::string moves_text(const Geometry& g, const std::vector<Move>& moves);
// The same as a JSON array ("B2", "C2", "pass"): solve --json and the web API.
nlohmann::json moves_json(const Geometry& g, const std::vector<Move>& moves);
// A solve's outcome into j, the same fields for solve --json and the web API: complete, stopped
// (null, or why the search stopped), value (null until proven), lower, upper, best_moves, pv and
// undecided_moves.
void add_result_json(nlohmann::json& j, const Geometry& g, const SolveResult& res,
                     const std::string& stopped);
// "Black" or "White".
std::string_view color_name(Color c);

void add_rules_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_count_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_table_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_gtp_command(CLI::App& app);
// Only in a build with cpp-httplib (SMALLGO_SERVE; cli/CMakeLists.txt).
void add_serve_command(CLI::App& app);
void add_games_command(CLI::App& app);
void add_verify_command(CLI::App& app);

}  // namespace smallgo::cli
