// The certificate file: header lines, then the claims' trees.
#include "cli/solve_proof.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "solver/certificate.hpp"

namespace smallgo::cli {

void check_proof_possible(const History& h, bool setup) {
    if (!certificate_rules(h.rules()))
        throw UsageError(
            fmt::format("--proof: certificates are for the superko rules (tromp-taylor, aga, "
                        "tromp-taylor-1996, tromp-taylor-1996-plays), not {}",
                        ko_rule_name(h.rules().ko)));
    if (setup)
        throw UsageError(
            "--proof: certificates start from the empty board; this game has setup stones");
}

namespace {
// The file: the header (its last line `what`, the value or the bound), then each claim's tree.
ProofWritten write_file(const std::string& path, History& h, const std::string& preset,
                        const std::vector<Move>& moves, const std::string& what,
                        const std::vector<ProofClaim>& claims, const SolveOptions& o,
                        unsigned long long max_positions) {
    const auto start = std::chrono::steady_clock::now();
    const Geometry& g = h.geometry();
    const std::string temporary = path + ".partial";
    std::ofstream out(temporary);
    if (!out) throw UsageError(fmt::format("--proof: cannot write '{}'", temporary));
    out << "smallgo-proof 1\nboard " << g.name() << "\nrules " << preset << "\nkomi "
        << komi_text(h.rules().komi_x2) << "\nmoves";
    if (!moves.empty()) out << ' ' << moves_text(g, moves);
    out << '\n' << what << '\n';

    ProofWritten w;
    for (const ProofClaim& claim : claims) {
        out << "claim black " << (claim.prover == Color::Black ? ">=" : "<=") << ' '
            << komi_text(claim.bound_x2) << '\n';
        try {
            CertificateStats s = write_proof_tree(h, claim, o, max_positions, out);
            w.nodes += s.nodes, w.final_leaves += s.final_leaves,
                w.static_leaves += s.static_leaves, w.territory_leaves += s.territory_leaves;
            w.search_nodes += s.search_nodes, w.depth = std::max(w.depth, s.depth);
            w.references += s.references;
        } catch (...) {
            out.close();
            std::remove(temporary.c_str());
            throw;
        }
        out << "end\n";
        ++w.claims;
    }
    out.close();
    std::error_code ec;
    if (!out || (std::filesystem::rename(temporary, path, ec), ec)) {
        std::remove(temporary.c_str());
        throw UsageError(fmt::format("--proof: cannot write '{}'", path));
    }
    w.bytes = std::filesystem::file_size(path, ec);
    w.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return w;
}
}  // namespace

ProofWritten write_proof_file(const std::string& path, History& h, const std::string& preset,
                              const std::vector<Move>& moves, int value_x2, const SolveOptions& o,
                              unsigned long long max_positions) {
    const int n = h.geometry().points(), komi = h.rules().komi_x2;
    // A bound the whole board gives needs no proof.
    std::vector<ProofClaim> claims;
    if (value_x2 > -2 * n - komi) claims.push_back({Color::Black, value_x2});
    if (value_x2 < 2 * n - komi) claims.push_back({Color::White, value_x2});
    return write_file(path, h, preset, moves, "value " + komi_text(value_x2), claims, o,
                      max_positions);
}

ProofClaim aim_answer_claim(const History& h, const SolveResult& r, int aim_x2) {
    if (r.lower_x2 >= aim_x2) return {Color::Black, aim_x2};
    int below = aim_x2 - 1;
    if ((below - h.rules().komi_x2) % 2 != 0) --below;
    return {Color::White, below};
}

ProofWritten write_bound_proof_file(const std::string& path, History& h, const std::string& preset,
                                    const std::vector<Move>& moves, const ProofClaim& claim,
                                    const SolveOptions& o, unsigned long long max_positions) {
    const std::string what = fmt::format(
        "bound black {} {}", claim.prover == Color::Black ? ">=" : "<=", komi_text(claim.bound_x2));
    return write_file(path, h, preset, moves, what, {claim}, o, max_positions);
}

}  // namespace smallgo::cli
