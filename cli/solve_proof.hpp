// `solve --proof FILE`: the proof certificate of a solved value (docs/proof.md), written after the
// search with the search's own tables, so that most of the prover's moves are table hits. The
// header names the board, the preset, the komi, the moves before the position and the value;
// then one claim per side, each with its tree (solver/certificate.hpp), except a bound the whole
// board already gives (a value of the whole board needs only the winner's claim). An answered
// `--aim-only` solve writes a bound certificate instead: the header's `bound black >= V` (or
// `<= V`) and that one claim.
#pragma once

#include <string>
#include <vector>

#include "rules/history.hpp"
#include "solver/certificate.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

struct ProofWritten {
    unsigned long long bytes = 0, nodes = 0, final_leaves = 0, static_leaves = 0;
    unsigned long long territory_leaves = 0;
    unsigned long long search_nodes = 0, references = 0;
    int claims = 0, depth = 0;
    double seconds = 0;
};

// Positions a certificate may hold by default (--proof-limit): about 100 MB of file.
constexpr unsigned long long DefaultProofLimit = 20'000'000;

// Whether --proof can be used for this game: superko rules and a game from the empty board.
// Throws UsageError (one line) if not.
void check_proof_possible(const History& h, bool setup);

// Writes the certificate of the value `value_x2` of h's current position to `path` (a temporary
// file renamed at the end, so a stopped write leaves no partial certificate). `o` is the solve's
// options with its kept tables. Throws UsageError if the file cannot be written, and
// CertificateStopped when o.stop is set or the tree passes max_positions (each claim's).
ProofWritten write_proof_file(const std::string& path, History& h, const std::string& preset,
                              const std::vector<Move>& moves, int value_x2, const SolveOptions& o,
                              unsigned long long max_positions = DefaultProofLimit);

// The bound an answered --aim-only solve `r` of h's position proved, as a claim: Black reaches
// the aim, or he stays below it, that is at most the highest score below the aim (scores are
// whole points minus the komi).
ProofClaim aim_answer_claim(const History& h, const SolveResult& r, int aim_x2);

// Writes, as write_proof_file does, the certificate of the bound `claim` alone (an `--aim-only`
// answer, where the value is not known).
ProofWritten write_bound_proof_file(const std::string& path, History& h, const std::string& preset,
                                    const std::vector<Move>& moves, const ProofClaim& claim,
                                    const SolveOptions& o,
                                    unsigned long long max_positions = DefaultProofLimit);

}  // namespace smallgo::cli
