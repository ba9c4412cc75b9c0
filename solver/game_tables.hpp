// The solver's memory for the solves of one game's positions (a GTP game, the web page's games of
// one board and rules): the tables kept from solve to solve (SolveTables) and, under simple ko,
// the history-free bounds (solver/retrograde.hpp), together within one budget of bytes.
//
// Why one build serves the whole game: the bounds hold at every state they reached, and a build
// from the game's start reaches every state reachable from any of its later positions (those are
// reachable from the start too). A state it did not reach (a position outside the game's start)
// gets no bound (CycleBounds::value is false), which costs search, never a value. Why the bounds
// come first: solve() gives them at most half of its memory and the tables the rest; kept tables
// of the whole budget with bounds built again at every solve on top took up to 1.5 times it.
//
// A build that a stop ended (the first genmove's clock) is tried again at the next solve. Until
// then the tables hold the half the bounds may not take, so the bounds of the retry fit beside
// them and the proofs stay; a retry that finds they do not fit gives the tables all of it anew
// (or, where a limit on memory refuses that much, tables of the half they held).
#pragma once

#include <cstddef>
#include <optional>

#include "rules/history.hpp"
#include "solver/retrograde.hpp"
#include "solver/search.hpp"

namespace smallgo {

class GameTables {
  public:
    explicit GameTables(std::size_t bytes) : bytes_(bytes) {}

    // Ready for a solve of one of h's game positions (h.at(0) the game's start, the same at every
    // call): builds the bounds where none were tried or a stop ended the last try, then points
    // o.tables and o.cycle_bounds here and sets o.hash_bytes to the budget. Stopped by o.stop.
    void prepare(const History& h, SolveOptions& o);

    // What is held now: the tables' bytes and the bounds' (at most the budget together).
    std::size_t table_bytes() const { return tables_ ? tables_bytes_ : 0; }
    std::size_t bound_bytes() const { return build_.bytes(); }
    bool has_bounds() const { return build_.bounds.has_value(); }
    // False while a stop has kept the bounds from being built or refused.
    bool settled() const { return settled_; }

  private:
    std::size_t bytes_;
    std::optional<SolveTables> tables_;
    std::size_t tables_bytes_ = 0;
    CycleBoundsBuild build_;
    bool settled_ = false;
};

}  // namespace smallgo
