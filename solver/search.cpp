// The search. Each node is a numbered sequence of steps, as in the header's description.
#include "solver/search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cstdlib>

#include "rules/scoring.hpp"
#include "solver/benson.hpp"

namespace smallgo {

namespace {

constexpr int Infinity = 1 << 14;
constexpr int NoDependency = INT_MAX;

// Stones present in every candidate board a proof generated (see transposition.hpp).
struct Keep {
    Bitboard black = ~Bitboard{0}, white = ~Bitboard{0};
    void meet(const Position& p) { black &= p.black(), white &= p.white(); }
    void meet(const Keep& k) { black &= k.black, white &= k.white; }
};

class Searcher {
public:
    Searcher(History& h, TranspositionTable& tt, const SolveOptions& o)
        : h_(h), g_(h.geometry()), rules_(h.rules()), tt_(tt), options_(o) {
        draws_possible_ = rules_.ko == KoRule::Simple;
        // Static order: points nearer the centre first (0..15), a fixed tie-break by index.
        for (int p = 0; p < g_.points(); ++p) {
            int dr = 2 * g_.row_of(p) - (g_.rows() - 1), dc = 2 * g_.col_of(p) - (g_.cols() - 1);
            int d = std::abs(dr) + std::abs(dc);
            centrality_[p] = static_cast<u32>(std::max(0, 15 - d));
        }

    }

    // Value of the current position, side to move's view, fail-soft in (alpha, beta).
    int search(int alpha, int beta, Keep& keep, int& dep);
    // Value (side to move's view) after the side to move plays m, or nullopt if m is illegal.
    bool child_value(Move m, int alpha, int beta, int& value);
    bool stopped() const { return stopped_; }

    u64 nodes = 0, hits = 0, stores = 0;

private:
    int terminal_x2(const Position& p) const { return 2 * area_score(g_, p) - rules_.komi_x2; }
    int side(const Position& p, int black_view) const {
        return p.to_move == Color::Black ? black_view : -black_view;
    }
    // Index of the oldest record that a result at this node may depend on and still be stored.
    int own_threshold(int ply, const Position& p) const {
        return (p.passes == 1 && rules_.ko != KoRule::OwnGrids) ? ply - 1 : ply;
    }
    // Whether an entry with this keep is valid on the current path (no earlier position holds it).
    bool usable(Bitboard keep_mask, const Position& p, int ply) const {
        Bitboard kb = keep_mask & p.black(), kw = keep_mask & p.white();
        int skip = own_threshold(ply, p);
        for (int i = 0; i < skip; ++i) {
            const Position& q = h_.at(i);
            if ((kb & ~q.black()) == 0 && (kw & ~q.white()) == 0) return false;
        }
        return true;
    }

    History& h_;
    const Geometry& g_;
    const Rules& rules_;
    TranspositionTable& tt_;
    const SolveOptions& options_;
    bool draws_possible_ = false;
    bool stopped_ = false;
    std::array<std::array<Move, 2>, 1024> killers_{};
    std::array<std::array<u32, MaxPoints>, 2> history_{};
    std::array<u32, MaxPoints> centrality_{};
    // Pass right after the table move: it ends many lines at once (Tromp's 2x2 solver: 1,446
    // nodes with passes first, 19 million with passes last).
    static constexpr u32 pass_score_ = 1u << 30;
};

int Searcher::search(int alpha, int beta, Keep& keep, int& dep) {
    ++nodes;
    keep = Keep{};
    dep = NoDependency;
    if ((nodes & 0xFFF) == 0 && ((options_.stop && options_.stop->load(std::memory_order_relaxed)) ||
                                 (options_.node_limit && nodes > options_.node_limit)))
        stopped_ = true;
    if (stopped_) return 0;
    const Position pos = h_.current();
    const int ply = h_.turns();
    const int n = g_.points();

    // Step 1. Bounds from unconditional life: safe points stay their owner's to the end. Larger
    // enclosed regions count too where no earlier position could make the owner's clearing
    // plays repetitions: no earlier board holds all the alive stones and a stone of the owner
    // inside the region. Such a bound is only used to stop here, and the result then keeps the
    // alive stones (an earlier position lacking one of them cannot interfere).
    int lo, hi;
    Keep bound_keep;
    {
        SafePoints safe[2];
        if (options_.use_bounds) {
            safe[0] = unconditional(g_, pos, Color::Black);
            safe[1] = unconditional(g_, pos, Color::White);
        }
        int count[2] = {safe[0].count(), safe[1].count()};
        for (int c = 0; c < 2; ++c) {
            if (!safe[c].territory) continue;
            bool clean = true;
            for (int i = 0; i < ply && clean; ++i) {
                Bitboard q = h_.at(i).stones[c];
                clean = (safe[c].alive & ~q) != 0 || (q & safe[c].territory) == 0;
            }
            if (clean) {
                count[c] += std::popcount(safe[c].territory);
                (c == 0 ? bound_keep.black : bound_keep.white) = safe[c].alive;
            }
        }
        lo = 2 * (2 * count[0] - n) - rules_.komi_x2;
        hi = 2 * (n - 2 * count[1]) - rules_.komi_x2;
        if (draws_possible_) lo = std::min(lo, 0), hi = std::max(hi, 0);
        if (pos.to_move == Color::White) std::swap(lo, hi), lo = -lo, hi = -hi;
        if (lo >= hi || lo >= beta || hi <= alpha) {
            keep = bound_keep;
            return lo >= hi || lo >= beta ? lo : hi;
        }
    }

    // Step 2. The table: a usable entry may end the search or supply the first move.
    const u64 key = pos.situational_hash() ^ (pos.passes ? zobrist::splitmix64(pos.passes) : 0);
    TTData entry;
    Move tt_move = NoMove;
    if (options_.use_table && tt_.probe(key, pos, entry)) {
        tt_move = entry.move;
        if (usable(entry.keep, pos, ply)) {
            ++hits;
            if (entry.lower >= beta || entry.lower == entry.upper) {
                keep = Keep{entry.keep & pos.black(), entry.keep & pos.white()};
                return entry.lower;
            }
            if (entry.upper <= alpha) {
                keep = Keep{entry.keep & pos.black(), entry.keep & pos.white()};
                return entry.upper;
            }
        }
    }

    // Step 3. Move ordering: table move, pass, killers, then points by history counts.
    std::array<Move, MaxPoints + 1> moves;
    std::array<u32, MaxPoints + 1> score;
    int count = 0;
    const int me = static_cast<int>(pos.to_move);
    const auto& killers = killers_[std::min(ply, 1023)];
    for (Bitboard empty = pos.empty(g_); empty; empty &= empty - 1) {
        Move m = static_cast<Move>(std::countr_zero(empty));
        moves[count] = m;
        score[count++] = m == tt_move ? 1u << 31 : (m == killers[0] || m == killers[1]) ? (1u << 29) : history_[me][m] * 16 + centrality_[m];
    }
    moves[count] = Pass;
    score[count++] = tt_move == Pass ? 1u << 31 : pass_score_;
    // Insertion sort by score, stable (equal scores keep point order): deterministic.
    for (int i = 1; i < count; ++i)
        for (int j = i; j > 0 && score[j] > score[j - 1]; --j) std::swap(score[j], score[j - 1]), std::swap(moves[j], moves[j - 1]);

    // Step 4. Search the moves. What the result's proof needs (see transposition.hpp) depends
    // on its role: a lower bound needs only the best child (its board and its proof); an upper
    // bound needs the proofs of all children searched, but not their legality, since a move
    // that another history forbids only removes an option. Under simple ko a repetition is a
    // draw instead, which can raise a child's value too: there every candidate board counts.
    const int alpha0 = alpha;
    int best = -Infinity;
    Move best_move = NoMove;
    Keep keep_all, keep_best;
    int dep_all = NoDependency, dep_best = NoDependency;
    bool first = true;
    for (int i = 0; i < count; ++i) {
        const Move m = moves[i];
        Position next;
        int match = -1;
        if (m == Pass) {
            next = pos.after_pass();
        } else {
            Verdict v = h_.check(m, next, &match);
            if (v == Verdict::Occupied || v == Verdict::Suicide) continue;
            if (draws_possible_) keep_all.meet(next);
            if (v != Verdict::Legal) {  // ko or superko: the answer came from record `match`
                dep_all = std::min(dep_all, match);
                continue;
            }
        }
        if (draws_possible_) keep_all.meet(next);
        int value;
        Keep ck;
        int cd = NoDependency;
        if (next.passes >= 2) {
            value = side(pos, terminal_x2(next));
        } else if (m != Pass && draws_possible_ && (match = h_.cycle_match(next)) >= 0) {
            value = 0;  // the repetition ends the game as a draw
            cd = match;
        } else {
            h_.push(next, m != Pass);
            const int a = std::max(alpha, best);
            if (first) {
                value = -search(-beta, -a, ck, cd);
            } else {
                value = -search(-a - 1, -a, ck, cd);
                if (value > a && value < beta && !stopped_) {
                    keep_all.meet(ck), dep_all = std::min(dep_all, cd);
                    value = -search(-beta, -value, ck, cd);
                }
            }
            h_.pop();
        }
        keep_all.meet(ck);
        dep_all = std::min(dep_all, cd);
        first = false;
        if (stopped_) return 0;
        if (value > best) {
            best = value;
            best_move = m;
            keep_best = ck;
            keep_best.meet(next);
            dep_best = cd;
            if (best >= beta) {
                if (m != Pass && m != killers_[std::min(ply, 1023)][0]) {
                    killers_[std::min(ply, 1023)][1] = killers_[std::min(ply, 1023)][0];
                    killers_[std::min(ply, 1023)][0] = m;
                }
                if (m != Pass) history_[me][m] += 1;
                break;
            }
        }
    }
    if (best >= beta) {
        keep = keep_best, dep = dep_best;
    } else {
        keep = keep_all, dep = dep_all;
        if (best > alpha0) keep.meet(keep_best), dep = std::min(dep, dep_best);
    }

    // Step 5. Store, unless the result depends on a position before this one.
    if (options_.use_table && dep >= own_threshold(ply, pos)) {
        TTData d;
        d.lower = static_cast<i16>(best > alpha0 ? best : -Infinity);
        d.upper = static_cast<i16>(best < beta ? best : Infinity);
        d.move = best_move;
        d.keep = (keep.black & pos.black()) | (keep.white & pos.white());
        d.work = static_cast<u8>(std::bit_width(nodes));
        tt_.store(key, pos, d);
        ++stores;
    }
    return best;
}

bool Searcher::child_value(Move m, int alpha, int beta, int& value) {
    const Position pos = h_.current();
    Position next;
    if (h_.check(m, next) != Verdict::Legal) return false;
    if (next.passes >= 2) {
        value = side(pos, terminal_x2(next));
        return true;
    }
    if (m != Pass && draws_possible_ && h_.cycle_match(next) >= 0) {
        value = 0;
        return true;
    }
    Keep k;
    int d;
    h_.push(next, m != Pass);
    value = -search(-beta, -alpha, k, d);
    h_.pop();
    return true;
}

// Symmetries of the board that map every position of the history onto itself.
std::vector<int> history_symmetries(const History& h) {
    std::vector<int> syms;
    const Geometry& g = h.geometry();
    for (int s = 1; s < g.symmetry_count(); ++s) {
        bool ok = true;
        for (int i = 0; i <= h.turns() && ok; ++i)
            ok = g.map(s, h.at(i).black()) == h.at(i).black() && g.map(s, h.at(i).white()) == h.at(i).white();
        if (ok) syms.push_back(s);
    }
    return syms;
}

}  // namespace

SolveResult solve(History& h, const SolveOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    TranspositionTable tt(o.hash_bytes);
    Searcher s(h, tt, o);
    SolveResult r;
    const Geometry& g = h.geometry();
    const Position root = h.current();
    const int sign = root.to_move == Color::Black ? 1 : -1;
    const int n = g.points();
    r.lower_x2 = std::min(-2 * n - h.rules().komi_x2, 0);
    r.upper_x2 = std::max(2 * n - h.rules().komi_x2, 0);
    auto finish = [&] {
        r.nodes = s.nodes;
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        r.table_bytes = tt.bytes();
        r.table_capacity = tt.capacity();
        r.table_used = tt.used();
        r.table_hits = s.hits;
        r.table_stores = s.stores;
        return r;
    };
    if (h.game_over()) {
        r.complete = true;
        r.value_x2 = r.lower_x2 = r.upper_x2 = h.result_x2();
        return finish();
    }

    // Root moves, one per symmetry class when the whole history is symmetric.
    const auto syms = history_symmetries(h);
    std::vector<Move> legal, reps;
    std::vector<Move> rep_of(MaxPoints + 1, NoMove);
    for (Move m = 0; m < g.points(); ++m)
        if (h.check(m) == Verdict::Legal) legal.push_back(m);
    legal.push_back(Pass);
    for (Move m : legal) {
        Move canon = m;
        if (m != Pass)
            for (int sym : syms) canon = std::min<Move>(canon, static_cast<Move>(g.map_point(sym, m)));
        if (canon == m) reps.push_back(m);
        rep_of[m == Pass ? MaxPoints : m] = canon;
    }

    // The value: each representative with a window above the best so far; the lower bound grows
    // as moves finish, so a stop still reports what is proven.
    std::vector<std::pair<Move, int>> exact;  // representatives with exact values (side's view)
    int best = -Infinity;
    for (Move m : reps) {
        int v;
        int alpha = o.all_moves ? -Infinity : best;
        if (!s.child_value(m, alpha, Infinity, v) || s.stopped()) break;
        if (o.all_moves || v > best) exact.emplace_back(m, v);
        best = std::max(best, v);
        int black_lo = sign > 0 ? best : r.lower_x2, black_hi = sign > 0 ? r.upper_x2 : -best;
        r.lower_x2 = std::max(r.lower_x2, black_lo);
        r.upper_x2 = std::min(r.upper_x2, black_hi);
    }
    if (s.stopped()) return finish();

    // Every optimal first move: a move is optimal when its value reaches the best.
    for (Move m : legal) {
        Move canon = rep_of[m == Pass ? MaxPoints : m];
        int v = -Infinity;
        for (auto& [em, ev] : exact)
            if (em == canon) v = ev;
        if (v == -Infinity) {  // not known exactly: test "value >= best" with a null window
            if (!s.child_value(canon, best - 1, best, v) || s.stopped()) return finish();
        }
        if (o.all_moves) r.move_values.push_back({m, sign * v});
        if (v >= best) r.best_moves.push_back(m);
    }

    // A principal variation: at each turn the first optimal move, passes first, then points in
    // order A1, B1, ...; each step is proven by a search, and the line ends when the game does.
    int target = best;  // side-to-move's view at the current node
    while (!h.game_over() && !s.stopped()) {
        std::vector<Move> order{Pass};
        for (Move m = 0; m < g.points(); ++m) order.push_back(m);
        Move chosen = NoMove;
        for (Move m : order) {
            int v;
            if (!s.child_value(m, target - 1, target + 1, v)) continue;
            if (v == target) {
                chosen = m;
                break;
            }
        }
        if (chosen == NoMove) break;  // cannot happen for a correct search; the test suite checks
        r.pv.push_back(chosen);
        h.play(chosen);
        target = -target;
        if (h.ended_by_cycle()) break;
    }
    for (std::size_t i = 0; i < r.pv.size(); ++i) h.pop();
    if (s.stopped()) return finish();

    r.complete = true;
    r.value_x2 = r.lower_x2 = r.upper_x2 = sign * best;
    return finish();
}

}  // namespace smallgo
