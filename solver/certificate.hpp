// Proof certificates: the game tree that proves a bound on a position's value, written for a
// checker that trusts none of the search (verify/; the format is docs/proof.md). For the side
// that proves the bound (the prover) one move at each of its turns, found by the search; for the
// other side every legal move under the history of its line; down to leaves the checker settles
// by itself: a game ended by two passes (its area score), or a position whose prover's
// unconditionally alive stones and one-point eyes alone meet the bound (Benson's algorithm), or
// do so with the prover's unconditional territory where the line's history allows it
// (benson.hpp, territory_holds).
// Only for the superko rules, where a position's legal moves depend on the history through the
// repetitions alone (simple ko's draws and retrograde bounds are not in the format).
#pragma once

#include <iosfwd>
#include <stdexcept>

#include "solver/search.hpp"

namespace smallgo {

// A bound on the value (half points, Black minus White minus komi): at least bound_x2 when the
// prover is Black, at most bound_x2 when the prover is White.
struct ProofClaim {
    Color prover = Color::Black;
    int bound_x2 = 0;
};

struct CertificateStats {
    u64 nodes = 0;             // positions in the tree, leaves included
    u64 final_leaves = 0;      // games ended by two passes
    u64 static_leaves = 0;     // settled by unconditional life
    u64 territory_leaves = 0;  // settled by unconditional territory, on their line's history
    u64 references = 0;        // subtrees shared: references to a position proven before
    u64 search_nodes = 0;      // nodes the search spent choosing the prover's moves
    int depth = 0;             // the longest line, in turns
};

// The search stopped (SolveOptions::stop or node_limit), or the tree passed its limit of
// positions, before it was complete: `what` says which.
struct CertificateStopped : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Whether certificates can be written under these rules (the superko rules).
bool certificate_rules(const Rules& r);

// Sets the search options a solve whose tables the writer will follow should use (`solve
// --proof`): no boards' lists and no lean cutoffs. The writer takes the prover's moves from the
// proofs the table holds, and both change which it holds: with the lists (and 5/8 of the memory
// for proofs) the tree of 4x4 passed 20 million positions at --hash 2048, against 2.6 million
// without; with the leans its writer was still expanding after 5 minutes, against 18 s
// (docs/results.md, 2026-12-01 and 2026-12-04).
void prefer_certificate_search(SolveOptions& o);

// Writes the tree that proves `claim` from h's current position to `out`: its tokens only
// (docs/proof.md), the caller writes the header. The search runs on o.tables (or tables of its
// own) with one thread; a solve of the same position just before, with the same tables, makes
// it mostly table hits. Throws CertificateStopped when stopped or past `max_positions`,
// std::logic_error if the claim is false (the search found no move for the prover). h is
// unchanged on return, also when it throws.
CertificateStats write_proof_tree(History& h, const ProofClaim& claim, const SolveOptions& o,
                                  u64 max_positions, std::ostream& out);

}  // namespace smallgo
