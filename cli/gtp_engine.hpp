// The GTP engine behind `smallgo gtp`: the Go Text Protocol version 2 (G. Farnebäck's
// specification) over any pair of streams, so that the tests drive it in-process. It reads one
// command per line, answers "=id result\n\n" or "?id message\n\n", and never stops on bad input:
// a line it cannot use gets a "?" reply, and only `quit` or the end of the input ends run().
// genmove plays an optimal move proven by the exact solver for the position and its history
// (docs/gtp.md says which optimal move and what happens when the time runs out). The solver's
// tables and simple-ko bounds are kept from move to move of a game, within --hash. Commands are
// in gtp_commands.cpp (loadsgf and printsgf in gtp_sgf.cpp), the time rules in gtp_clock.cpp.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/gtp_clock.hpp"
#include "rules/geometry.hpp"
#include "rules/history.hpp"
#include "rules/rules.hpp"
#include "solver/game_tables.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

struct GtpOptions {
    std::string preset = "tromp-taylor";
    std::optional<int> komi_x2;  // unset: the preset's
    std::size_t hash_bytes = std::size_t{256} << 20;
    int threads = 1;
    double move_seconds = 60;  // the limit of one genmove when no time_settings says less
};

// A reply before it is framed: success or failure and its text (one or more lines).
struct GtpReply {
    bool ok = true;
    std::string text;
};

class GtpEngine {
  public:
    // `log` receives one line per genmove (its value and whether it is proven) and notes on
    // refused input; it is the program's stderr.
    GtpEngine(const GtpOptions& options, std::ostream& log);

    // Answers the commands of `in` on `out` until `quit` or the end of `in`.
    void run(std::istream& in, std::ostream& out);
    // The framed response to one raw input line ("" for a line that preprocessing empties).
    std::string answer_line(std::string_view line);
    bool quit_requested() const { return quit_; }
    const History& history() const { return h_; }

    // The commands of list_commands, in its order.
    static const std::vector<std::string_view>& command_names();

  private:
    GtpReply dispatch(std::string_view command, const std::vector<std::string>& args);
    GtpReply boardsize(int rows, int cols);
    GtpReply set_rules(const Rules& r);
    GtpReply play(const std::vector<std::string>& args);
    GtpReply genmove(const std::vector<std::string>& args);
    GtpReply move_values();
    GtpReply loadsgf(const std::vector<std::string>& args);
    GtpReply printsgf(const std::vector<std::string>& args) const;
    GtpReply showboard() const;
    GtpReply final_score() const;
    GtpReply final_status_list(const std::vector<std::string>& args) const;
    // The side to move and the move `genmove` chooses for it (the search, then the fallback).
    Move choose_move();
    // The solver's tables for this game, with its simple-ko bounds (solver/game_tables.hpp):
    // kept from move to move, so later moves reuse earlier proofs, and made anew when the board,
    // the rules (komi included: stored bounds count it) or the starting grid change.
    GameTables& game_tables();

    GtpOptions options_;
    std::ostream& log_;
    std::string preset_;
    Rules rules_;
    Geometry g_;
    Position start_;  // the starting grid: empty, or a loaded SGF file's setup
    History h_;
    std::vector<Move> moves_;  // the game's turns from start_, so that komi and rules replay it
    GtpClock clock_;
    std::string status_;  // what the last genmove proved, for showboard
    bool quit_ = false;
    std::unique_ptr<GameTables> tables_;
    struct TablesKey {
        int rows = 0, cols = 0;
        Rules rules;
        Bitboard black = 0, white = 0;
        Color to_move = Color::Black;
        friend bool operator==(const TablesKey&, const TablesKey&) = default;
    } tables_key_;
};

}  // namespace smallgo::cli
