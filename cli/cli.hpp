// The program's subcommands. Each registers itself on the CLI11 app; a command's callback
// returns the exit code through CommandError (bad input: 2) or by returning normally (0).
// Only main() prints errors and chooses the exit code.
#pragma once

#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "rules/geometry.hpp"
#include "rules/history.hpp"
#include "rules/rules.hpp"

namespace smallgo::cli {

// Bad input from the user: main prints "smallgo: <message>" and exits with 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A long run stopped by Ctrl-C after printing what it proved: main prints "smallgo: <what>" and
// exits with 130.
struct Interrupted {
    std::string what = "interrupted";
};

// The board named by "MxN", or UsageError.
Geometry parse_board(const std::string& text);
// The preset named `name`, or UsageError listing the known names.
Rules parse_rules(const std::string& name);
// Parses move number `number` (AGA, SGF or "pass") and plays it in h; UsageError, prefixed by
// `where`, if it is not a point of the board or is illegal. Returns the move.
Move play_text(History& h, const std::string& text, int number, std::string_view where);
// A transposition table size in MB (--hash) as bytes, or UsageError when it is below 0.001 MB
// or more than the machine's physical memory.
std::size_t parse_hash(double megabytes);
// The number of cores oneTBB would use.
int default_threads();
// --restart-nodes of solve and table (SolveOptions::restart_nodes): 0, or 4,096 to 2^40.
void add_restart_option(CLI::App& cmd, u64& nodes);
// A komi like "5.5" or "-7" in half points, or UsageError.
int parse_komi(const std::string& text);

void add_rules_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_count_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_table_command(CLI::App& app);
void add_bench_command(CLI::App& app);

}  // namespace smallgo::cli

namespace smallgo::cli {
// "Black wins by 9", "White wins by 0.5", "Draw" for a value in half points.
std::string value_text(int value_x2);
// "B+9", "W+0.5", "0" (SGF's RE and the compact form).
std::string value_short(int value_x2);
}  // namespace smallgo::cli
