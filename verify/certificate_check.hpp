// The checker of proof certificates (format: docs/proof.md). It trusts the rules kernel and
// nothing of the search: every line of a proof is replayed through a History from the start of
// the game, so each move's legality is judged under the whole history of its line; at the
// prover's turns the certificate's move must be legal, at the other side's turns the certificate
// must answer exactly the legal moves, each once; every leaf is settled here (verify/settled.hpp):
// a game over by two passes by its area score, any other leaf by the prover's unconditionally
// safe points alone, or with unconditional territory where the line's history allows it. A claim
// checked this way is a bound on the value of the game, and the certificate's value is accepted
// only when its claims (with the bounds of the whole board) pin it down; a bound certificate's
// bound (a capped solve's answer to "does Black reach V?") only when they prove it.
#pragma once

#include <atomic>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/types.hpp"

namespace smallgo::verify {

// A rejected certificate: where (line of the file) and why, in one line.
struct Rejected : std::runtime_error {
    Rejected(int line, const std::string& why);
    int line;
};

// A bound on the value (half points): at least bound_x2 when the prover is Black, at most
// bound_x2 when the prover is White.
struct BoundProven {
    Color prover = Color::Black;
    int bound_x2 = 0;
};

struct CheckReport {
    std::string board, rules;  // as the header names them
    int komi_x2 = 0;
    std::vector<std::string> moves;  // played before the position proven
    // The bounds proven on the value (half points, Black minus White minus komi): the claims'
    // and those of the whole board.
    int lower_x2 = 0, upper_x2 = 0;
    std::optional<int> value_x2;  // the header's value, when the bounds meet it
    // A bound certificate's header bound (`bound black >= V`: prover Black), when the claims
    // prove it; value_x2 is then empty.
    std::optional<BoundProven> bound;
    int claims = 0;
    u64 nodes = 0, final_leaves = 0, static_leaves = 0;
    u64 territory_leaves = 0;  // settled by unconditional territory, on their line's history
    u64 references = 0;        // shared subtrees used again
    int depth = 0;             // the longest line, in turns
};

// How a reference's walk uses the shared subtrees' filters of the boards in their reach.
// `on` false: a reference checks every result of every shared subtree it reaches, without the
// filters that leave most of them out (the tests' oracle for those filters; same verdicts,
// slower). `per_edge`: a subtree on a walk with more suspect records than this hands them all to
// the subtrees within it, unfiltered, so that no edge of a walk costs more than that (0: only
// the reference's own subtree filters, a path the tests check against the oracle too). The 5x5
// certificate after 12 moves checked as fast with 64 as without the limit, and took 2.6 times as
// long with 16 (results.md, 2026-12-05).
struct WalkFilters {
    bool on = true;
    unsigned per_edge = 64;
};

// Checks the certificate read from `in`; throws Rejected on the first fault, and Rejected with
// line 0 when `stop` is set during the check.
CheckReport check_certificate(std::istream& in, const std::atomic<bool>* stop = nullptr,
                              WalkFilters filters = {});

}  // namespace smallgo::verify
