// The search. Each node is a numbered sequence of steps, as in the header's description.
#include "solver/search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <mutex>
#include <optional>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "rules/scoring.hpp"
#include "solver/benson.hpp"

namespace smallgo {

namespace {
// Depths of the iterations: 1, 2, 4, 7, 11, 17, 26, 40, ... (x1.5; x1.25 and +1 cost more on 4x4).
int next_depth(int d) {
    return d + 1 + d / 2;
}

constexpr int Infinity = 1 << 14;
constexpr int NoDependency = INT_MAX;

// A test's answer: the value reaches beta (High, value a lower bound), stays below it (Low,
// value an upper bound), or is not decided within the depth searched (Unknown).
enum Kind { Low = -1, Unknown = 0, High = 1 };
struct Outcome {
    Kind kind;
    int value;
};

// What a proof rests on (see transposition.hpp): the stones present in every candidate board it
// generated, and a Bloom filter of those boards (bits of their symmetry-invariant hashes).
struct Keep {
    Bitboard black = ~Bitboard{0}, white = ~Bitboard{0};
    u64 boards = 0;
    void meet(const Position& p, u64 bits) {
        black &= p.black(), white &= p.white(), boards |= bits;
    }
    void meet(const Keep& k) { black &= k.black, white &= k.white, boards |= k.boards; }
};

// The queries of a proof that were answered by records of the path (transposition.hpp): the
// oldest such record, the query that asked it (its kind and candidate position), and the oldest
// record that answered any other query. A proof stored at a node may rest on one query answered
// before the node (its requirement, asked again wherever the entry is used), not on two.
struct Dep {
    int first = NoDependency, second = NoDependency;
    u8 kind = 0;  // TTData::req_kind
    Position query;
    void add(int record, u8 k, const Position& y) {
        if (record == NoDependency) return;
        if (first != NoDependency && kind == k && query.same_board(y) &&
            query.to_move == y.to_move) {
            first = std::min(first, record);
        } else if (record < first) {
            second = std::min(second, first);
            first = record, kind = k, query = y;
        } else {
            second = std::min(second, record);
        }
    }
    void merge(const Dep& d) {
        add(d.first, d.kind, d.query);
        second = std::min(second, d.second);
    }
};
constexpr u8 KoQuery = 1, RepeatQuery = 2;

class Searcher {
  public:
    Searcher(History& h, TranspositionTable& tt, OpenTable& open, const SolveOptions& o)
        : h_(h), g_(h.geometry()), rules_(h.rules()), tt_(tt), open_(open), options_(o) {
        draws_possible_ = rules_.ko == KoRule::Simple;
        // Static order: points nearer the centre first (0..15), a fixed tie-break by index.
        for (int p = 0; p < g_.points(); ++p) {
            int dr = 2 * g_.row_of(p) - (g_.rows() - 1), dc = 2 * g_.col_of(p) - (g_.cols() - 1);
            int d = std::abs(dr) + std::abs(dc);
            centrality_[p] = static_cast<u32>(std::max(0, 15 - d));
        }
        // The table holds each position once for all its symmetric copies (see Canonical).
        syms_ = g_.symmetry_count();
        for (int s = 0; s < syms_; ++s) {
            for (int p = 0; p < g_.points(); ++p)
                sym_bit_[s][p] = Geometry::bit(g_.map_point(s, p));
            for (int p = 0; p < g_.points(); ++p)
                for (int c = 0; c < 2; ++c)
                    board_key_[s][c][p] = zobrist::splitmix64(
                        u64{0x9E3779B97F4A7C15} *
                        (1 + 2 * static_cast<u64>(g_.map_point(s, p)) + static_cast<u64>(c)));
            for (int t = 0; t < syms_; ++t) {
                bool undoes = true;
                for (int p = 0; p < g_.points(); ++p)
                    undoes = undoes && g_.map_point(t, g_.map_point(s, p)) == p;
                if (undoes) inverse_[s] = t;
            }
        }
    }

    // Whether the current position's value (side to move's view) reaches beta, searching at
    // most `depth` plies: High with a proven lower bound, Low with a proven upper bound, or
    // Unknown. `keep` and `dep` describe what the proof rests on (transposition.hpp).
    Outcome test(int beta, int depth, Keep& keep, Dep& dep);
    // The exact value of the current position within known bounds [lower, upper]: tests by
    // bisection, deepening whenever a test is left open.
    int exact(int lower, int upper);
    // Whether the current position's value reaches beta (deepening until proven).
    bool at_least(int beta);
    // Exact value after the side to move plays m (side to move's view); false if m is illegal.
    bool child_value(Move m, int& value);
    // Whether m is legal and the value after it reaches target (mover's view).
    bool child_at_least(Move m, int target);
    bool stopped() const { return stopped_; }
    // Helper k of `threads` (Lazy SMP): stops when `halt` is set, deepens from `first_depth`,
    // and takes the moves near the root in a rotated order (from k/threads of the list on), so
    // that it proves other children first than the main thread does.
    void make_helper(const std::atomic<bool>* halt, int first_depth, int k, int threads) {
        halt_ = halt, first_depth_ = first_depth, helper_ = k, threads_ = threads;
    }
    void report(int depth, Kind kind) const;

    u64 nodes = 0, hits = 0, stores = 0, open_hits = 0;

  private:
    // A position as the table holds it: the least (black, white) pair over the board's
    // symmetries, and the symmetry that maps the position there. The rules are the same on
    // every symmetric copy, so a proof for one holds for the other with its keep and move mapped
    // (and the keep is then checked against the real path, as always).
    struct Canonical {
        Position pos;
        int sym;
        u64 key;
    };
    Canonical canonical(const Position& p) const;
    Bitboard map(int s, Bitboard b) const {
        Bitboard out = 0;
        for (; b; b &= b - 1) out |= sym_bit_[s][std::countr_zero(b)];
        return out;
    }
    // The Bloom filter bits of a board (stones only): two bits of the least hash over the board's
    // symmetries, so every symmetric copy has the same bits and entries need no mapping.
    u64 board_bits(Bitboard black, Bitboard white) const {
        u64 h[8] = {};
        for (; black; black &= black - 1)
            for (int s = 0, q = std::countr_zero(black); s < syms_; ++s)
                h[s] ^= board_key_[s][0][q];
        for (; white; white &= white - 1)
            for (int s = 0, q = std::countr_zero(white); s < syms_; ++s)
                h[s] ^= board_key_[s][1][q];
        const u64 least = *std::min_element(h, h + syms_);
        return u64{1} << (least >> 58) | u64{1} << ((least >> 52) & 63);
    }
    u64 board_bits(const Position& p) const { return board_bits(p.black(), p.white()); }
    Move map_move(int s, Move m) const {
        return m >= 0 ? static_cast<Move>(std::countr_zero(sym_bit_[s][m])) : m;
    }
    enum class Step { Illegal, Ended, Entered };
    Step enter(Move m, int& value);
    void static_bounds(const Position& pos, int ply, int& lo, int& hi, Keep& bound_keep) const;
    void store(const Canonical& c, const Position& pos, int ply, const TTData* old, int lower,
               int upper, Move move, const Keep& keep, const Dep& dep);
    int terminal_x2(const Position& p) const { return 2 * area_score(g_, p) - rules_.komi_x2; }
    int side(const Position& p, int black_view) const {
        return p.to_move == Color::Black ? black_view : -black_view;
    }
    // Index of the oldest record that a result at this node may depend on and still be stored.
    int own_threshold(int ply, const Position& p) const {
        return (p.passes == 1 && rules_.ko != KoRule::OwnGrids) ? ply - 1 : ply;
    }
    // Whether an entry is valid on the current path: no earlier position can be a board its proof
    // generated (it holds the keep and its bits are all in the filter), and its requirement, if
    // any, is met by an earlier record, which is then added to `dep`.
    bool usable(Bitboard keep_mask, const Position& p, int ply, const TTData& e, int back,
                Dep& dep) const {
        Bitboard kb = keep_mask & p.black(), kw = keep_mask & p.white();
        int skip = own_threshold(ply, p);
        for (int i = 0; i < skip; ++i) {
            const Position& q = h_.at(i);
            if ((kb & ~q.black()) == 0 && (kw & ~q.white()) == 0) {
                const u64 bits = board_bits(q);
                if ((e.boards & bits) == bits) return false;
            }
        }
        if (!e.req_kind) return true;
        const Position y =
            make_position(map(back, e.req_black), map(back, e.req_white), e.req_to_move);
        const int record = repeat_record(y, e.req_kind, ply, skip);
        dep.add(record, e.req_kind, y);
        return record != NoDependency;
    }
    // The latest record before `skip` that answers the query (kind, candidate) of a proof at the
    // node at `ply` as it was answered there: a repetition (NoDependency if none).
    int repeat_record(const Position& y, u8 kind, int ply, int skip) const {
        if (kind == KoQuery)  // simple ko compares with the position before the node only
            return ply >= 1 && ply - 1 < skip && h_.at(ply - 1).same_board(y) ? ply - 1
                                                                              : NoDependency;
        const int record = h_.repetition(y, skip);
        return record >= 0 ? record : NoDependency;
    }

    History& h_;
    const int root_turns_ = h_.turns();
    Move root_move_ = NoMove;  // the first move whose value is being searched (for reports)
    const Geometry& g_;
    const Rules& rules_;
    TranspositionTable& tt_;
    OpenTable& open_;
    const SolveOptions& options_;
    bool draws_possible_ = false;
    bool stopped_ = false;
    const std::atomic<bool>* halt_ = nullptr;
    int first_depth_ = 1, helper_ = 0, threads_ = 1;
    static constexpr int RotatedPlies = 1;  // below the first move
    std::array<std::array<Move, 2>, 1024> killers_{};
    std::array<std::array<u32, MaxPoints>, 2> history_{};
    std::array<u32, MaxPoints> centrality_{};
    int syms_ = 1;
    std::array<std::array<Bitboard, MaxPoints>, 8> sym_bit_{};
    std::array<int, 8> inverse_{};
    std::array<std::array<std::array<u64, MaxPoints>, 2>, 8> board_key_{};
    // Pass right after the table move: it ends many lines at once (Tromp's 2x2 solver: 1,446
    // nodes with passes first, 19 million with passes last).
    static constexpr u32 pass_score_ = 1u << 30;
};

Searcher::Canonical Searcher::canonical(const Position& p) const {
    Canonical c{p, 0, 0};
    Bitboard b[8] = {}, w[8] = {};
    for (Bitboard x = p.black(); x; x &= x - 1) {
        const int q = std::countr_zero(x);
        for (int s = 1; s < syms_; ++s) b[s] |= sym_bit_[s][q];
    }
    for (Bitboard x = p.white(); x; x &= x - 1) {
        const int q = std::countr_zero(x);
        for (int s = 1; s < syms_; ++s) w[s] |= sym_bit_[s][q];
    }
    for (int s = 1; s < syms_; ++s)
        if (b[s] < c.pos.stones[0] || (b[s] == c.pos.stones[0] && w[s] < c.pos.stones[1]))
            c.pos.stones[0] = b[s], c.pos.stones[1] = w[s], c.sym = s;
    c.key = zobrist::splitmix64(
        c.pos.stones[0] ^
        zobrist::splitmix64(c.pos.stones[1] ^ (u64{p.passes} << 1 | static_cast<u64>(p.to_move))));
    return c;
}

void Searcher::static_bounds(const Position& pos, int ply, int& lo, int& hi,
                             Keep& bound_keep) const {
    // Bounds from unconditional life: safe points stay their owner's to the end. Larger enclosed
    // regions count too where no earlier position could make the owner's clearing plays
    // repetitions: no earlier board holds all the alive stones and a stone of the owner inside
    // the region. A result resting on such a bound keeps the alive stones (an earlier position
    // lacking one of them cannot interfere).
    const int n = g_.points();
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
            bound_keep.boards = ~u64{0};  // the condition is on the alive stones alone
        }
    }
    lo = 2 * (2 * count[0] - n) - rules_.komi_x2;
    hi = 2 * (n - 2 * count[1]) - rules_.komi_x2;
    if (draws_possible_) lo = std::min(lo, 0), hi = std::max(hi, 0);
    if (pos.to_move == Color::White) std::swap(lo, hi), lo = -lo, hi = -hi;
}

Outcome Searcher::test(int beta, int depth, Keep& keep, Dep& dep) {
    ++nodes;
    keep = Keep{};
    dep = Dep{};
    if ((nodes & 0xFFF) == 0 &&
        ((options_.stop && options_.stop->load(std::memory_order_relaxed)) ||
         (halt_ && halt_->load(std::memory_order_relaxed)) ||
         (options_.node_limit && nodes > options_.node_limit)))
        stopped_ = true;
    if (stopped_) return {Unknown, 0};
    const Position pos = h_.current();
    const int ply = h_.turns();

    // Step 1. Static bounds; past the horizon nothing more is known.
    int lo, hi;
    Keep bound_keep;
    static_bounds(pos, ply, lo, hi, bound_keep);
    if (lo >= beta) return keep = bound_keep, Outcome{High, lo};
    if (hi < beta) return keep = bound_keep, Outcome{Low, hi};
    if (depth <= 0) return {Unknown, 0};

    // Step 2. The table: a usable proven bound may decide the test; any entry supplies a move.
    // Entries are in the canonical frame; `back` maps them to this position's.
    const Canonical c = options_.use_table ? canonical(pos) : Canonical{pos, 0, 0};
    const int back = inverse_[c.sym];
    TTData entry;
    Move tt_move = NoMove;
    bool have_entry = false;
    if (options_.use_table && tt_.probe(c.key, c.pos, entry)) {
        tt_move = map_move(back, entry.move);
        const Bitboard entry_keep = map(back, entry.keep);
        Dep d;
        if (usable(entry_keep, pos, ply, entry, back, d)) {
            have_entry = true;
            ++hits;
            Keep k{entry_keep & pos.black(), entry_keep & pos.white(), entry.boards};
            if (entry.lower >= beta) return keep = k, dep = d, Outcome{High, entry.lower};
            if (entry.upper < beta) return keep = k, dep = d, Outcome{Low, entry.upper};
        }
    }
    // An open test of the same beta searched at least as deep by this thread stays open
    // (transpositions within one iteration are searched once); its most promising move, whoever
    // found it, goes first otherwise. (Another thread's open test, searched in another order,
    // says little about this one's, and taking it as open made 3x4 with 2 threads up to 10 times
    // slower.)
    Move hint = NoMove;
    OpenData open_entry;
    if (options_.use_table && open_.probe(c.key, open_entry)) {
        if (open_entry.beta == beta && open_entry.depth >= depth &&
            open_entry.owner == static_cast<u8>(helper_)) {
            ++open_hits;
            return {Unknown, 0};
        }
        hint = map_move(back, open_entry.move);
    }

    // Step 3. Move ordering: table move, pass, killers, then points by history counts.
    std::array<Move, MaxPoints + 1> moves;
    std::array<u32, MaxPoints + 1> score;
    int count = 0;
    const int me = static_cast<int>(pos.to_move);
    auto& killers = killers_[std::min(ply, 1023)];
    for (Bitboard empty = pos.empty(g_); empty; empty &= empty - 1) {
        Move m = static_cast<Move>(std::countr_zero(empty));
        moves[count] = m;
        score[count++] = m == tt_move ? 1u << 31
                         : m == hint  ? (1u << 31) - 1
                         : (m == killers[0] || m == killers[1])
                             ? (1u << 29)
                             : history_[me][m] * 16 + centrality_[m];
    }
    moves[count] = Pass;
    score[count++] = tt_move == Pass ? 1u << 31 : hint == Pass ? (1u << 31) - 1 : pass_score_;
    for (int i = 1; i < count; ++i)
        for (int j = i; j > 0 && score[j] > score[j - 1]; --j)
            std::swap(score[j], score[j - 1]), std::swap(moves[j], moves[j - 1]);
    if (helper_ && ply <= root_turns_ + RotatedPlies)
        std::rotate(moves.begin(), moves.begin() + count * helper_ / threads_,
                    moves.begin() + count);

    // Step 4. The moves. One child at or above beta proves High: that proof needs only this
    // child (its board and its proof). Every child below beta proves Low: that proof needs the
    // proofs of all children, but not their legality, since a move another history forbids
    // only removes an option. Under simple ko a repetition is a draw instead, which can raise a
    // child's value: there every candidate board counts. Any child unknown leaves the test open.
    Keep keep_all;
    Dep dep_all;
    int best_low = -Infinity;
    Move low_move = NoMove, open_move = NoMove;
    bool open = false;
    for (int i = 0; i < count; ++i) {
        const Move m = moves[i];
        Position next;
        int match = -1;
        if (m == Pass) {
            next = pos.after_pass();
        } else {
            Verdict v = h_.check(m, next, &match);
            if (v == Verdict::Occupied || v == Verdict::Suicide) continue;
            if (v != Verdict::Legal) {  // ko or superko: the answer came from record `match`
                if (draws_possible_) keep_all.meet(next, board_bits(next));
                dep_all.add(match, rules_.ko == KoRule::Simple ? KoQuery : RepeatQuery, next);
                continue;
            }
        }
        if (draws_possible_) keep_all.meet(next, board_bits(next));
        Keep ck;
        Dep cd;
        int value;
        bool known = true;
        if (next.passes >= 2) {
            value = side(pos, terminal_x2(next));
        } else if (m != Pass && draws_possible_ && (match = h_.cycle_match(next)) >= 0) {
            value = 0;  // the repetition ends the game as a draw
            cd.add(match, RepeatQuery, next);
        } else {
            // Once a child stays open, the rest get half the depth: any proof they find is as
            // good, and the open child, ordered first next time (the open-test cache), gets the
            // depth. Every child still gets any depth as the iterations deepen.
            h_.push(next, m != Pass);
            Outcome r = test(1 - beta, open ? (depth - 1) / 2 : depth - 1, ck, cd);
            h_.pop();
            known = r.kind != Unknown;
            value = -r.value;  // child High (>= 1 - beta) means this move is below beta
        }
        if (stopped_) return {Unknown, 0};
        if (!known) {
            if (!open) open_move = m;
            open = true;
            continue;
        }
        if (value >= beta) {
            keep = ck;
            keep.meet(next, board_bits(next));
            dep = cd;
            if (m != Pass && m != killers[0]) killers[1] = killers[0], killers[0] = m;
            if (m != Pass) history_[me][m] += 1;
            store(c, pos, ply, have_entry ? &entry : nullptr, value, Infinity, m, keep, dep);
            return {High, value};
        }
        keep_all.meet(ck);
        dep_all.merge(cd);
        if (value > best_low) best_low = value, low_move = m;
    }
    if (open) {
        if (options_.use_table)
            open_.store(c.key, {static_cast<i16>(beta), static_cast<u16>(depth),
                                map_move(c.sym, open_move), static_cast<u8>(helper_)});
        return {Unknown, 0};
    }
    keep = keep_all;
    dep = dep_all;
    store(c, pos, ply, have_entry ? &entry : nullptr, -Infinity, best_low, low_move, keep, dep);
    return {Low, best_low};
}

void Searcher::store(const Canonical& c, const Position& pos, int ply, const TTData* old, int lower,
                     int upper, Move move, const Keep& keep, const Dep& dep) {
    // Step 5. Stored only if no position before this one decided a query of the proof.
    const int threshold = own_threshold(ply, pos);
    if (!options_.use_table || dep.second < threshold) return;
    TTData d;
    d.lower = static_cast<i16>(lower);
    d.upper = static_cast<i16>(upper);
    d.move = map_move(c.sym, move);
    d.keep = map(c.sym, (keep.black & pos.black()) | (keep.white & pos.white()));
    d.boards = keep.boards;
    if (dep.first < threshold) {
        d.req_kind = dep.kind;
        d.req_to_move = dep.query.to_move;
        d.req_black = map(c.sym, dep.query.black());
        d.req_white = map(c.sym, dep.query.white());
    }
    // A usable entry is merged only when it has no requirement (one entry holds one).
    if (old && old->req_kind) old = nullptr;
    if (old) {  // a usable entry: both proofs hold here, so both bounds do, under both keeps
        d.lower = std::max(d.lower, old->lower);
        d.upper = std::min(d.upper, old->upper);
        d.keep &= old->keep;
        d.boards |= old->boards;
    }
    d.work = static_cast<u8>(std::bit_width(nodes));
    tt_.store(c.key, c.pos, d);
    ++stores;
}

int Searcher::exact(int lower, int upper) {
    const Position pos = h_.current();
    int lo, hi;
    Keep k;
    static_bounds(pos, h_.turns(), lo, hi, k);
    lower = std::max(lower, lo), upper = std::min(upper, hi);
    // MTD-style steps: first "does the side to move win?" (beta 0, or the nearest bound), then
    // the test at the bound just proven, so every test is close to the value; the depth is kept
    // from one test to the next.
    int depth = first_depth_, beta = std::clamp(0, lower + 1, upper);
    while (lower < upper && !stopped_) {
        Dep d;
        Outcome r = test(beta, depth, k, d);
        report(depth, r.kind);
        if (r.kind == High)
            lower = std::max(lower, r.value), beta = lower + 1;
        else if (r.kind == Low)
            upper = std::min(upper, r.value), beta = upper;
        else
            depth = next_depth(depth);
    }
    return lower;
}

bool Searcher::at_least(int beta) {
    for (int depth = first_depth_; !stopped_; depth = next_depth(depth)) {
        Keep k;
        Dep d;
        Outcome r = test(beta, depth, k, d);
        report(depth, r.kind);
        if (r.kind != Unknown) return r.kind == High;
    }
    return false;
}

void Searcher::report(int depth, Kind kind) const {
    if (options_.progress && h_.turns() == root_turns_ + 1)
        options_.progress({root_move_, depth, static_cast<int>(kind), nodes});
}

// Applies m at the root of a query: Illegal, Ended (the game is over and `value` is its result,
// mover's view), or Entered (m is pushed; the caller pops).
Searcher::Step Searcher::enter(Move m, int& value) {
    const Position pos = h_.current();
    Position next;
    root_move_ = m;
    if (h_.check(m, next) != Verdict::Legal) return Step::Illegal;
    if (next.passes >= 2) {
        value = side(pos, terminal_x2(next));
        return Step::Ended;
    }
    if (m != Pass && draws_possible_ && h_.cycle_match(next) >= 0) {
        value = 0;
        return Step::Ended;
    }
    h_.push(next, m != Pass);
    return Step::Entered;
}

bool Searcher::child_value(Move m, int& value) {
    Step step = enter(m, value);
    if (step == Step::Entered) {
        value = -exact(-Infinity, Infinity);
        h_.pop();
    }
    return step != Step::Illegal;
}

bool Searcher::child_at_least(Move m, int target) {
    int value = 0;
    switch (enter(m, value)) {
        case Step::Illegal:
            return false;
        case Step::Ended:
            return value >= target;
        case Step::Entered:
            break;
    }
    bool child_high = at_least(1 - target);  // the child reaches 1 - target: this move is below
    h_.pop();
    return !child_high;
}

// Symmetries of the board that map every position of the history onto itself.
std::vector<int> history_symmetries(const History& h) {
    std::vector<int> syms;
    const Geometry& g = h.geometry();
    for (int s = 1; s < g.symmetry_count(); ++s) {
        bool ok = true;
        for (int i = 0; i <= h.turns() && ok; ++i)
            ok = g.map(s, h.at(i).black()) == h.at(i).black() &&
                 g.map(s, h.at(i).white()) == h.at(i).white();
        if (ok) syms.push_back(s);
    }
    return syms;
}

}  // namespace

SolveResult solve(History& h, const SolveOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    // The table of proofs takes 7/8 of the memory, the cache of open tests the rest.
    TranspositionTable tt(o.hash_bytes / 8 * 7);
    OpenTable open(o.hash_bytes / 8);
    Searcher s(h, tt, open, o);
    SolveResult r;
    const Geometry& g = h.geometry();
    const Position root = h.current();
    const int sign = root.to_move == Color::Black ? 1 : -1;
    const int n = g.points();
    r.lower_x2 = std::min(-2 * n - h.rules().komi_x2, 0);
    r.upper_x2 = std::max(2 * n - h.rules().komi_x2, 0);
    u64 worker_nodes = 0, worker_hits = 0, worker_stores = 0;
    r.threads = std::max(1, o.threads);
    // Helper threads (Lazy SMP, below): told to halt and joined before any result is returned.
    std::atomic<bool> halt{false};
    std::mutex helper_mutex;
    std::optional<tbb::global_control> allow;
    std::optional<tbb::task_arena> arena;
    tbb::task_group helpers;
    auto finish = [&] {
        if (arena) {
            halt.store(true);
            arena->execute([&] { helpers.wait(); });
        }
        r.nodes = s.nodes + worker_nodes;
        r.main_nodes = s.nodes;
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        r.table_bytes = tt.bytes() + open.bytes();
        r.table_capacity = tt.capacity();
        r.table_used = tt.used();
        r.table_hits = s.hits + worker_hits;
        r.table_stores = s.stores + worker_stores;
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
            for (int sym : syms)
                canon = std::min<Move>(canon, static_cast<Move>(g.map_point(sym, m)));
        if (canon == m) reps.push_back(m);
        rep_of[m == Pass ? MaxPoints : m] = canon;
    }
    // Central points first (the first move solved exactly sets the bar the others must beat),
    // the pass last.
    auto off_centre = [&](Move m) {
        if (m == Pass) return INT_MAX;
        return std::abs(2 * g.row_of(m) - (g.rows() - 1)) +
               std::abs(2 * g.col_of(m) - (g.cols() - 1));
    };
    std::stable_sort(reps.begin(), reps.end(),
                     [&](Move a, Move b) { return off_centre(a) < off_centre(b); });

    // More threads: Lazy SMP. This thread searches exactly as it would alone; each helper solves
    // the first moves itself, with its own path, killers and counts, the replies to them in
    // another order (make_helper), even helpers deepening on another schedule (from depth 3)
    // with the first moves rotated too, and all share both tables. A helper's proofs are proofs
    // wherever they are found (every entry is checked against the reader's own path,
    // transposition.hpp), and open-test entries never decide a value, so the value cannot depend
    // on the thread count; node counts can.
    const SolveOptions helper_options = [&] {
        SolveOptions ho = o;
        ho.progress = nullptr;
        return ho;
    }();
    std::vector<History> paths;
    if (o.threads > 1) {
        paths.assign(static_cast<std::size_t>(o.threads - 1), h);
        // Allow more threads than cores when asked (the tests oversubscribe on purpose).
        allow.emplace(tbb::global_control::max_allowed_parallelism,
                      static_cast<std::size_t>(o.threads));
        arena.emplace(o.threads);
        arena->execute([&] {
            for (int k = 1; k < o.threads; ++k)
                helpers.run([&, k] {
                    if (halt.load()) return;
                    Searcher w(paths[static_cast<std::size_t>(k - 1)], tt, open, helper_options);
                    w.make_helper(&halt, k % 2 ? 1 : 3, k, o.threads);
                    const std::size_t shift = k % 2 ? 0 : static_cast<std::size_t>(k / 2);
                    for (std::size_t i = 0; i < reps.size() && !w.stopped(); ++i) {
                        int v;
                        w.child_value(reps[(i + shift) % reps.size()], v);
                    }
                    std::lock_guard<std::mutex> lock(helper_mutex);
                    worker_nodes += w.nodes, worker_hits += w.hits, worker_stores += w.stores;
                });
        });
    }

    // The value: a representative is solved exactly only when it beats the best so far (a
    // proof that it does not reach best + 1 is cheaper); the lower bound grows as moves finish,
    // so a stop still reports what is proven.
    std::vector<std::pair<Move, int>> exact;  // representatives with exact values (side's view)
    int best = -Infinity;
    for (Move m : reps) {
        if (!o.all_moves && best > -Infinity && !s.child_at_least(m, best + 1)) {
            if (s.stopped()) break;
            continue;
        }
        int v;
        if (!s.child_value(m, v) || s.stopped()) break;
        exact.emplace_back(m, v);
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
        bool optimal = v >= best;
        if (v == -Infinity) {  // not known exactly: test "value >= best"
            optimal = s.child_at_least(canon, best);
            if (s.stopped()) return finish();
        }
        if (o.all_moves) r.move_values.push_back({m, sign * v});
        if (optimal) r.best_moves.push_back(m);
    }

    // A principal variation: at each turn the first optimal move, passes first, then points in
    // order A1, B1, ...; each step is proven by a search, and the line ends when the game does.
    int target = best;  // side-to-move's view at the current node
    while (!h.game_over() && !s.stopped()) {
        std::vector<Move> order{Pass};
        for (Move m = 0; m < g.points(); ++m) order.push_back(m);
        Move chosen = NoMove;
        for (Move m : order) {
            if (s.child_at_least(m, target)) {  // reaching the value means equal to it
                chosen = m;
                break;
            }
            if (s.stopped()) break;
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
