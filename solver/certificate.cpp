// The certificate writer: a walk of the proof tree on the search's path. At the prover's turn it
// takes the first move that settles the child at once (the game ends with the bound met, or the
// child's unconditional life meets it), else the first move, in the principal variation's order,
// that the search proves good enough; at the other side's turn it writes every legal move.
#include "solver/certificate.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <ostream>
#include <unordered_map>
#include <vector>

#include "rules/scoring.hpp"
#include "solver/benson.hpp"
#include "solver/searcher.hpp"

namespace smallgo {

bool certificate_rules(const Rules& r) {
    return r.superko();
}

void prefer_certificate_search(SolveOptions& o) {
    o.board_lists = false;
    o.lean_cutoffs = false;
}

namespace {

// A territory leaf's need of the records before a subtree's root, for the prover's alive stones
// `stones` at the leaf: every record from the root to the leaf holds them (`run`: the records
// before the root that hold them must end at the root without a break), or not (none may).
struct LandNeed {
    Bitboard stones;
    bool run;
    auto operator<=>(const LandNeed&) const = default;
};

// What a subtree's proof needs of the history before its root (docs/proof.md, "Shared
// subtrees"): no earlier record may repeat the result of a prover's move in it (a filter that
// may say "maybe" but never "no" wrongly: the stones common to all those results, and a Bloom
// filter of their boards), every earlier record that forbade a move of the other side in it
// must still be there (exactly: the results, with the index of the record that forbade them),
// and its territory leaves' needs.
struct Needs {
    Bitboard keep_black = ~Bitboard{0}, keep_white = ~Bitboard{0};
    std::array<u64, 4> bloom{};
    std::vector<std::pair<Position, int>> forbidden;
    std::vector<LandNeed> land;

    static std::pair<int, u64> bit(u64 hash, int k) {
        const u64 b = (hash >> (16 * k)) & 255;
        return {static_cast<int>(b >> 6), u64{1} << (b & 63)};
    }
    void add_result(const Position& x) {
        keep_black &= x.black(), keep_white &= x.white();
        for (int k = 0; k < 2; ++k) bloom[bit(x.hash, k).first] |= bit(x.hash, k).second;
    }
    bool maybe_result(const Position& r) const {
        if ((r.black() & keep_black) != keep_black || (r.white() & keep_white) != keep_white)
            return false;
        for (int k = 0; k < 2; ++k)
            if (!(bloom[bit(r.hash, k).first] & bit(r.hash, k).second)) return false;
        return true;
    }
    // A child's needs, as needs of a node whose record `at` has index `index`, the prover's
    // stones `own`: forbidding records after it are on the node's own line, and a territory run
    // goes on through the node only where it holds the stones.
    void merge(const Needs& child, int index, Bitboard own) {
        keep_black &= child.keep_black, keep_white &= child.keep_white;
        for (int i = 0; i < 4; ++i) bloom[i] |= child.bloom[i];
        for (const auto& f : child.forbidden)
            if (f.second <= index) forbidden.push_back(f);
        for (LandNeed need : child.land) {
            need.run = need.run && (need.stones & ~own) == 0;
            land.push_back(need);
        }
    }
    // The territory needs once each (after the children are merged).
    void compact() {
        std::sort(land.begin(), land.end());
        land.erase(std::unique(land.begin(), land.end()), land.end());
    }
};

class TreeWriter {
  public:
    TreeWriter(History& h, const ProofClaim& claim, Searcher& s, bool territory, u64 max_positions,
               std::ostream& out)
        : h_(h),
          g_(h.geometry()),
          territory_(territory),
          claim_(claim),
          s_(s),
          max_positions_(max_positions),
          out_(out) {}

    // Writes the node at the path's current position; returns what its proof needs.
    Needs node(int depth) {
        stats.depth = std::max(stats.depth, depth);
        const u64 number = stats.nodes++;
        if (number >= max_positions_)
            throw CertificateStopped("the certificate passed " + std::to_string(max_positions_) +
                                     " positions (--proof-limit)");
        const Position pos = h_.current();
        Needs needs;
        if (settled(needs)) {
            token(".");
            return needs;
        }
        const Key key{pos.black(), pos.white(),
                      static_cast<u8>(static_cast<int>(pos.to_move) | pos.passes << 1)};
        if (const auto found = shared_.find(key); found != shared_.end())
            for (const Shared& e : found->second)
                if (holds_here(e.needs)) {
                    ++stats.references;
                    std::string ref = "@";  // (operator+ on a literal trips g++ 12's -Wrestrict)
                    ref += std::to_string(e.number);
                    token(ref);
                    needs = e.needs;
                    for (auto& f : needs.forbidden)
                        f.second = h_.repetition(f.first, h_.turns() + 1);
                    return needs;
                }
        const int index = h_.turns();
        if (pos.to_move == claim_.prover) {
            const Move m = prover_move();
            token(g_.aga(m));
            h_.play(m);
            needs.add_result(h_.current());
            needs.merge(node(depth + 1), index, pos.of(claim_.prover));
            h_.pop();
        } else {
            token("[");
            for (int m = -1; m < g_.points(); ++m) {
                Position next;
                int match = -1;
                const Verdict v = h_.check(static_cast<Move>(m), next, &match);
                if (v == Verdict::Superko) needs.forbidden.emplace_back(next, match);
                if (v != Verdict::Legal) continue;
                token(g_.aga(static_cast<Move>(m)));
                h_.play(static_cast<Move>(m));
                needs.merge(node(depth + 1), index, pos.of(claim_.prover));
                h_.pop();
            }
            token("]");
        }
        needs.compact();
        // Worth a reference later: a subtree of more than a few positions, while memory lasts.
        if (stats.nodes - number >= MinShared && stored_ < MaxShared) {
            auto& list = shared_[key];
            if (list.size() < MaxPerPosition) list.push_back(Shared{number, needs}), ++stored_;
        }
        return needs;
    }

    CertificateStats stats;

  private:
    static constexpr u64 MinShared = 4;
    static constexpr u64 MaxShared = u64{1} << 24;
    static constexpr std::size_t MaxPerPosition = 4;  // proofs kept per position for references
    struct Key {
        Bitboard black, white;
        u8 side_passes;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            return zobrist::splitmix64(k.black * 0x9E3779B97F4A7C15 ^ zobrist::splitmix64(k.white) ^
                                       k.side_passes);
        }
    };
    struct Shared {
        u64 number;
        Needs needs;
    };

    // Whether a subtree with these needs is proven on the current path too: no record of the path
    // may be a result of the prover's moves in it, and every forbidding record is there.
    bool holds_here(const Needs& needs) const {
        for (int i = 0; i <= h_.turns(); ++i)
            if (needs.maybe_result(h_.at(i))) return false;
        for (const auto& f : needs.forbidden)
            if (h_.repetition(f.first, h_.turns() + 1) < 0) return false;
        for (const LandNeed& need : needs.land) {
            int i = h_.turns() - 1;  // the records before the root
            if (need.run)
                while (i >= 0 && holds(i, need.stones)) --i;
            for (; i >= 0; --i)
                if (holds(i, need.stones)) return false;
        }
        return true;
    }
    bool holds(int record, Bitboard stones) const {
        return (stones & ~h_.at(record).of(claim_.prover)) == 0;
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
    // here), or the prover's safe points alone meet it, or with territory (then the leaf needs
    // the records before it that hold the alive stones to end here without a break).
    bool settled(Needs& needs) {
        const Position& pos = h_.current();
        const Leaf leaf = leaf_here();
        if (pos.game_over() && leaf == Leaf::No)
            throw std::logic_error("certificate: a line ends below the claimed bound");
        if (leaf == Leaf::Final) ++stats.final_leaves;
        if (leaf == Leaf::Static) ++stats.static_leaves;
        if (leaf == Leaf::Territory) {
            ++stats.territory_leaves;
            needs.land.push_back(LandNeed{alive_, true});
        }
        return leaf != Leaf::No;
    }
    bool settles_child(Move m) {
        if (h_.play(m) != Verdict::Legal) return false;
        const bool done = leaf_here() != Leaf::No;
        h_.pop();
        return done;
    }
    enum class Leaf { No, Final, Static, Territory };
    // Whether the current position is a leaf that meets the bound: a finished game by its
    // score, any other position by the bound the prover's safe points give (Black's view: at
    // least 2s - n for Black, at most n - 2s for White, minus komi; in half points), alone or
    // with territory where territory_holds on this line (its alive stones left in alive_).
    Leaf leaf_here() {
        const Position& pos = h_.current();
        const int n = g_.points(), komi = h_.rules().komi_x2;
        if (pos.game_over()) return meets(2 * area_score(g_, pos) - komi) ? Leaf::Final : Leaf::No;
        auto bound = [&](int safe) {
            return claim_.prover == Color::Black ? 2 * (2 * safe - n) - komi
                                                 : 2 * (n - 2 * safe) - komi;
        };
        const SafePoints safe = unconditional(g_, pos, claim_.prover, h_.rules().suicide_allowed);
        if (meets(bound(safe.count()))) return Leaf::Static;
        if (!territory_ || !meets(bound(safe.count_with_territory())) ||
            !territory_holds(h_, safe.alive, claim_.prover))
            return Leaf::No;
        alive_ = safe.alive;
        return Leaf::Territory;
    }
    Move prover_move() {
        std::array<Move, MaxPoints + 1> moves;
        const int count = s_.pv_order(h_.current(), true, moves);
        for (int i = 0; i < count; ++i)
            if (settles_child(moves[i])) return moves[i];
        // The move the search's own proof took here, where the table still holds that proof for
        // this path: the writer then follows the search's proof, whose lines iterative deepening
        // kept short; then a move the table shows good, before any search.
        if (const Move own = table_move_checked(); own != NoMove) return own;
        if (const Move known = s_.move_known_to_reach(target(), moves.data(), count);
            known != NoMove)
            return known;
        const u64 before = s_.nodes;
        // Else the search proves the node itself (one test, at the bound: it stores the proofs of
        // the children it needs), and the table then names the move. Testing the moves one by one
        // instead spent minutes refuting bad ones on 3x3 under tromp-taylor-1996-plays.
        const bool proven = s_.at_least(target());
        if (s_.stopped()) throw CertificateStopped("the search was stopped");
        if (!proven) throw std::logic_error("certificate: the search cannot prove the claim here");
        if (const Move own = table_move_checked(); own != NoMove) {
            stats.search_nodes += s_.nodes - before;
            return own;
        }
        if (const Move known = s_.move_known_to_reach(target(), moves.data(), count);
            known != NoMove) {
            stats.search_nodes += s_.nodes - before;
            return known;
        }
        // Else the moves are tested in rounds, each move within a cap that grows fourfold a round,
        // so that a move whose refutation is long does not hold up one proven quickly: tested to
        // the end one by one, 4x4 with territory spent 115 million nodes on one move here.
        for (u64 cap = 1024;; cap = cap < Searcher::NoCap / 4 ? cap * 4 : Searcher::NoCap) {
            bool open = false;
            for (int i = 0; i < count; ++i) {
                const Kind k = s_.child_at_least_within(moves[i], target(), cap);
                if (s_.stopped()) throw CertificateStopped("the search was stopped");
                if (k == High) {
                    stats.search_nodes += s_.nodes - before;
                    return moves[i];
                }
                open = open || k == Unknown;
            }
            if (!open) break;
        }
        throw std::logic_error("certificate: no move of the prover reaches the claimed bound");
    }
    // The table's move for a proof that this node reaches the bound, taken only where the child
    // after it is known to reach it too. Searcher::store keeps the move of the lower bound's proof
    // through merges (before 2026-11-26 an upper bound merged later brought its own move), so the
    // check mostly passes over a good move whose child's proof has left the table, for one whose
    // child's proof is there (4x4's tree: 3.62M -> 3.46M positions); it also keeps the writer
    // from building on a move no proof stands behind, should an entry ever hold one.
    Move table_move_checked() {
        const Move own = s_.table_move_reaching(target());
        if (own == NoMove) return NoMove;
        return s_.move_known_to_reach(target(), &own, 1);
    }
    void token(const std::string& t) {
        out_ << t;
        out_ << (++tokens_ % 24 == 0 ? '\n' : ' ');
    }

    History& h_;
    const Geometry& g_;
    std::unordered_map<Key, std::vector<Shared>, KeyHash> shared_;
    u64 stored_ = 0;
    // Territory leaves, where the search used territory (SolveOptions::use_territory): the
    // writer follows the search's proofs, and stops where they did.
    bool territory_;
    Bitboard alive_ = 0;  // the alive stones of the last territory leaf found
    ProofClaim claim_;
    Searcher& s_;
    u64 max_positions_;
    std::ostream& out_;
    u64 tokens_ = 0;
};

}  // namespace

CertificateStats write_proof_tree(History& h, const ProofClaim& claim, const SolveOptions& o,
                                  u64 max_positions, std::ostream& out) {
    if (!certificate_rules(h.rules()))
        throw std::invalid_argument("proof certificates need a superko rule");
    SolveOptions one = o;
    one.threads = 1;
    one.all_moves = false;
    one.progress = nullptr;
    one.at_rest = nullptr;
    std::optional<SolveTables> own;
    if (!o.tables) own.emplace(o.hash_bytes, o.board_lists);
    SolveTables& tables = o.tables ? *o.tables : *own;
    Searcher s(h, tables.proofs, tables.lists, tables.open, one, nullptr);
    // Its entries are not aged after the solve's (SolveTables::searched): in a full bucket the
    // writer's own go first, and the solve's proofs, which it follows, stay. Aged after them, the
    // writer of 4x4's certificate was still searching after 5 minutes, against 8 s.
    TreeWriter w(h, claim, s, o.use_territory, max_positions, out);
    // Stopped, the writer leaves h on the line it was writing; the caller prints h's position
    // after this (a stopped 4x4 printed a board of that line as "the empty board").
    const int turns = h.turns();
    try {
        w.node(0);
    } catch (...) {
        while (h.turns() > turns) h.pop();
        throw;
    }
    out << '\n';
    return w.stats;
}

}  // namespace smallgo
