// The certificate writer: a walk of the proof tree on the search's path. At the prover's turn it
// takes the first move that settles the child at once (the game ends with the bound met, or the
// child's unconditional life meets it), else the first move, in the principal variation's order,
// that the search proves good enough; at the other side's turn it writes every legal move.
#include "solver/certificate.hpp"

#include <array>
#include <optional>
#include <ostream>

#include "rules/scoring.hpp"
#include "solver/benson.hpp"
#include "solver/searcher.hpp"

namespace smallgo {

bool certificate_rules(const Rules& r) {
    return r.superko();
}

namespace {

class TreeWriter {
  public:
    TreeWriter(History& h, const ProofClaim& claim, Searcher& s, std::ostream& out)
        : h_(h), g_(h.geometry()), claim_(claim), s_(s), out_(out) {}

    void node(int depth) {
        stats.depth = std::max(stats.depth, depth);
        ++stats.nodes;
        const Position& pos = h_.current();
        if (settled(pos)) return token(".");
        if (pos.to_move == claim_.prover) {
            const Move m = prover_move();
            token(move_name(m));
            descend(m, depth);
        } else {
            token("[");
            for (int m = -1; m < g_.points(); ++m) {
                if (h_.check(static_cast<Move>(m)) != Verdict::Legal) continue;
                token(move_name(static_cast<Move>(m)));
                descend(static_cast<Move>(m), depth);
            }
            token("]");
        }
    }

    CertificateStats stats;

  private:
    void descend(Move m, int depth) {
        h_.play(m);
        node(depth + 1);
        h_.pop();
    }

    // The prover's view of the claim's bound (the search's values are the side to move's).
    int target() const {
        return claim_.prover == Color::Black ? claim_.bound_x2 : -claim_.bound_x2;
    }
    bool meets(int black_x2) const {
        return claim_.prover == Color::Black ? black_x2 >= claim_.bound_x2
                                             : black_x2 <= claim_.bound_x2;
    }
    // A leaf: the game is over (its score must meet the bound: the search proved every line
    // here), or the prover's safe points alone meet it.
    bool settled(const Position& pos) {
        if (pos.game_over()) {
            if (!meets(2 * area_score(g_, pos) - h_.rules().komi_x2))
                throw std::logic_error("certificate: a line ends below the claimed bound");
            ++stats.final_leaves;
            return true;
        }
        const bool enough = static_meets(pos);
        if (enough) ++stats.static_leaves;
        return enough;
    }
    bool settles_child(Move m) {
        if (h_.play(m) != Verdict::Legal) return false;
        const Position& next = h_.current();
        bool done = next.game_over() ? meets(2 * area_score(g_, next) - h_.rules().komi_x2)
                                     : static_meets(next);
        h_.pop();
        return done;
    }
    bool static_meets(const Position& pos) const {
        const int n = g_.points(), komi = h_.rules().komi_x2;
        const int safe = unconditional(g_, pos, claim_.prover, h_.rules().suicide_allowed).count();
        return claim_.prover == Color::Black ? 2 * (2 * safe - n) - komi >= claim_.bound_x2
                                             : 2 * (n - 2 * safe) - komi <= claim_.bound_x2;
    }
    Move prover_move() {
        std::array<Move, MaxPoints + 1> moves;
        const int count = s_.pv_order(h_.current(), true, moves);
        for (int i = 0; i < count; ++i)
            if (settles_child(moves[i])) return moves[i];
        const u64 before = s_.nodes;
        for (int i = 0; i < count; ++i) {
            const bool good = s_.child_at_least(moves[i], target());
            if (s_.stopped()) throw CertificateStopped("the search was stopped");
            if (good) {
                stats.search_nodes += s_.nodes - before;
                return moves[i];
            }
        }
        throw std::logic_error("certificate: no move of the prover reaches the claimed bound");
    }
    std::string move_name(Move m) const { return m == Pass ? "pass" : g_.aga(m); }
    void token(const std::string& t) {
        out_ << t;
        out_ << (++tokens_ % 24 == 0 ? '\n' : ' ');
    }

    History& h_;
    const Geometry& g_;
    ProofClaim claim_;
    Searcher& s_;
    std::ostream& out_;
    u64 tokens_ = 0;
};

}  // namespace

CertificateStats write_proof_tree(History& h, const ProofClaim& claim, const SolveOptions& o,
                                  std::ostream& out) {
    if (!certificate_rules(h.rules()))
        throw std::invalid_argument("proof certificates need a superko rule");
    SolveOptions one = o;
    one.threads = 1;
    one.all_moves = false;
    one.progress = nullptr;
    std::optional<SolveTables> own;
    if (!o.tables) own.emplace(o.hash_bytes);
    SolveTables& tables = o.tables ? *o.tables : *own;
    Searcher s(h, tables.proofs, tables.open, one, nullptr);
    TreeWriter w(h, claim, s, out);
    w.node(0);
    out << '\n';
    return w.stats;
}

}  // namespace smallgo
