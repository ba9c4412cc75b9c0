// The search. Each node is a numbered sequence of steps, as in the header's description.
#include "solver/search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <optional>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "rules/scoring.hpp"
#include "solver/benson.hpp"
#include "solver/retrograde.hpp"

namespace smallgo {

namespace {
// Depths of the iterations: 1, 2, 4, 7, 11, 17, 26, 40, ... (x1.5; x1.25 and +1 cost more on 4x4).
int next_depth(int d) {
    return d + 1 + d / 2;
}

// The Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...; i from 1): the lengths of the search's
// runs between restarts, in units of SolveOptions::restart_nodes.
u64 luby(u64 i) {
    for (u64 k = 1;; ++k) {
        if (i == (u64{1} << k) - 1) return u64{1} << (k - 1);
        if (i < (u64{1} << k) - 1) i -= (u64{1} << (k - 1)) - 1, k = 0;
    }
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

// Proofs held per position. A proof holds only on the paths that its keep allows, and on a
// small board the same positions recur under ever new histories: 1x8 under `tromp-taylor` used
// 3,398 entries of 62 million after 268 million stores, each position's one entry replaced again
// and again. Where the table could hold every position (3^n boards, side to move, passes) many
// times over, each position gets up to that many entries, each one a whole proof checked alone.
int proofs_per_position(const Geometry& g, const TranspositionTable& tt, int asked) {
    if (asked > 0) return asked;
    constexpr int Most = 16;
    if (g.points() > 14) return 1;
    double positions = 4;
    for (int p = 0; p < g.points(); ++p) positions *= 3;
    return static_cast<double>(tt.capacity()) >= 2.0 * Most * positions ? Most : 1;
}

// Young brothers wait (more than one thread): at a node near the root, or anywhere while a thread
// is idle, whose first searched child did not prove it High, the other children are handed out in
// move order to the arena's threads, each searched by a Searcher of its own on a copy of the path.
// A child that proves the node High cancels its siblings and everything below them: each searcher
// checks the chain of split points above it.
struct Split {
    std::atomic<bool> cut{false};   // a child proved the node High
    std::atomic<bool> open{false};  // a child stayed open: children started later get half depth
    const Split* parent = nullptr;
    bool cancelled() const {
        for (const Split* s = this; s; s = s->parent)
            if (s->cut.load(std::memory_order_relaxed)) return true;
        return false;
    }
};
struct Parallel {
    // Nodes up to this many plies below the root split; below them a node splits only while a
    // thread is idle (README, "Parallel search", for the choice).
    int split_plies = 2;
    int threads = 1;
    // Threads searching: all but those waiting at a split point whose jobs are all taken. A
    // thread idle there takes the helper task of the next split anywhere below (oneTBB runs
    // other tasks of the arena in a wait), so the tail of a split is shared.
    std::atomic<int> working{1};
    bool idle() const { return working.load(std::memory_order_relaxed) < threads; }
    std::atomic<bool> halt{false};  // a stop or the node limit: every searcher stops
    // A restart (Searcher::restart): due once `counted` reaches restart_at; every searcher then
    // drops its test, and the root searcher starts the next run.
    std::atomic<u64> restart_at{~u64{0}};
    std::atomic<bool> restart{false};
    std::atomic<u64> counted{0};  // nodes of every searcher, counted in steps of 4,096
    // The history counts of every searcher (atomic_ref, relaxed): a task's cutoffs order the
    // moves of the tasks after it, as they would in one thread.
    std::array<std::array<u32, MaxPoints>, 2> history{};
};

class Searcher {
  public:
    Searcher(History& h, TranspositionTable& tt, OpenTable& open, const SolveOptions& o,
             const CycleBounds* cycle)
        : h_(&h),
          g_(h.geometry()),
          rules_(h.rules()),
          tt_(tt),
          open_(open),
          options_(o),
          cycle_(cycle) {
        draws_possible_ = rules_.ko == KoRule::Simple;
        if (o.restart_nodes) restart_at_ = o.restart_nodes * luby(1);
        // Static order: points nearer the centre first (0..15), a fixed tie-break by index.
        for (int p = 0; p < g_.points(); ++p) {
            int dr = 2 * g_.row_of(p) - (g_.rows() - 1), dc = 2 * g_.col_of(p) - (g_.cols() - 1);
            int d = std::abs(dr) + std::abs(dc);
            centrality_[p] = static_cast<u32>(std::max(0, 15 - d));
        }
        variants_ = proofs_per_position(g_, tt_, o.proofs_per_position);
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

    // A searcher for one child task at a split point: the parent's tables, options, killers and
    // counts, its own path and counters.
    Searcher(const Searcher& parent, History& path, const Split* split) : Searcher(parent) {
        h_ = &path, split_ = split;
        nodes = hits = stores = open_hits = 0, tick_ = 0;
    }
    void make_parallel(Parallel* p, int threads) {
        par_ = p;
        p->history = history_;
        p->threads = threads;
        p->restart_at.store(restart_at_);
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
    u64 restarts() const { return runs_; }
    void report(int depth, Kind kind) const;

    u64 nodes = 0, hits = 0, stores = 0, open_hits = 0;

  private:
    Searcher(const Searcher&) = default;
    // Whether this search must stop: Ctrl-C, a halt of every searcher, or a sibling's proof
    // above this task.
    bool interrupted() const {
        return (options_.stop && options_.stop->load(std::memory_order_relaxed)) ||
               (par_ && par_->halt.load(std::memory_order_relaxed)) ||
               (split_ && split_->cancelled());
    }
    // Whether the run in progress has used its nodes (SolveOptions::restart_nodes).
    bool restart_due() {
        if (!options_.restart_nodes) return false;
        if (!par_) return nodes >= restart_at_;
        if (par_->restart.load(std::memory_order_relaxed)) return true;
        if (par_->counted.load(std::memory_order_relaxed) < par_->restart_at.load()) return false;
        par_->restart.store(true);
        return true;
    }
    // Every 4,096 nodes: counts them where all searchers see it, and says whether to stop.
    bool tick() {
        if (par_) par_->counted.fetch_add(TickMask + 1, std::memory_order_relaxed);
        return interrupted() || over_limit();
    }
    bool over_limit() {
        if (!options_.node_limit) return false;
        if (!par_) return nodes > options_.node_limit;
        if (par_->counted.load(std::memory_order_relaxed) <= options_.node_limit) return false;
        par_->halt.store(true);
        return true;
    }
    // The nodes searched so far, by every searcher (in steps of 4,096 with more than one).
    u64 searched() const { return par_ ? par_->counted.load(std::memory_order_relaxed) : nodes; }
    u32 history(int me, Move m) const {
        if (!par_) return history_[me][m];
        return std::atomic_ref<u32>(par_->history[me][m]).load(std::memory_order_relaxed);
    }
    void add_history(int me, Move m) {
        if (!par_)
            ++history_[me][m];
        else
            std::atomic_ref<u32>(par_->history[me][m]).fetch_add(1, std::memory_order_relaxed);
    }
    static constexpr u32 TickMask = 0xFFF;  // checks for a stop every 4,096 nodes
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
    // The children moves[0..count) of a node whose first searched child did not prove it High,
    // searched in parallel at depth - 1, or half of it once a child stays open (young brothers
    // wait); prepare and proves_high are the node's steps (test). High when one of them proves
    // the node High (stored), Unknown when stopped; otherwise every child is accounted for (open
    // or below beta) and the caller concludes.
    enum class Child { Skip, Decided, Search };  // a child before its search (test)
    template <class Prepare, class ProvesHigh>
    Outcome split(const Move* moves, int count, int beta, int depth, Prepare& prepare,
                  ProvesHigh& proves_high, bool& open, Move& open_move);
    enum class Step { Illegal, Ended, Entered };
    Step enter(Move m, int& value);
    // Score bounds (side to move's view) of the path's current position `pos`. Benson's hold
    // under any history; the simple-ko ones (retrograde.hpp) under any history with the same
    // previous position, which fixes the plays the ko rule forbids. A node returns them without
    // storing them, so they reach the table only inside a parent's proof, and the parent is that
    // previous position wherever the proof is used.
    void static_bounds(const Position& pos, int& lo, int& hi,
                       const CycleBounds::State* state = nullptr) const;
    void store(const Canonical& c, int slot, const Position& pos, int ply, const TTData* old,
               int lower, int upper, Move move, const Keep& keep, const Dep& dep);
    int terminal_x2(const Position& p) const { return 2 * area_score(g_, p) - rules_.komi_x2; }
    int side(const Position& p, int black_view) const {
        return p.to_move == Color::Black ? black_view : -black_view;
    }
    // Index of the oldest record that a result at this node may depend on and still be stored.
    int own_threshold(int ply, const Position& p) const {
        return (p.passes == 1 && !rules_.start_left_by_nobody()) ? ply - 1 : ply;
    }
    // Whether the table may hold a proof for the node at `ply`: not for the start under the
    // 1996 readings, whose verdicts differ from those of a later record of the same position.
    bool tabled(int ply) const { return ply > 0 || !rules_.start_left_by_nobody(); }
    // Whether an entry is valid on the current path: no earlier position can be a board its proof
    // generated (it holds the keep and its bits are all in the filter), and its requirement, if
    // any, is met by an earlier record, which is then added to `dep`.
    bool usable(Bitboard keep_mask, const Position& p, int ply, const TTData& e, int back,
                Dep& dep) const {
        if (!tabled(ply)) return false;
        Bitboard kb = keep_mask & p.black(), kw = keep_mask & p.white();
        int skip = own_threshold(ply, p);
        for (int i = 0; i < skip; ++i) {
            const Position& q = h_->at(i);
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
            return ply >= 1 && ply - 1 < skip && h_->at(ply - 1).same_board(y) ? ply - 1
                                                                               : NoDependency;
        const int record = h_->repetition(y, skip);
        return record >= 0 ? record : NoDependency;
    }

    History* h_;  // the path: the history up to the current position
    int root_turns_ = h_->turns();
    Move root_move_ = NoMove;  // the first move whose value is being searched (for reports)
    const Geometry& g_;
    const Rules& rules_;
    TranspositionTable& tt_;
    OpenTable& open_;
    const SolveOptions& options_;
    const CycleBounds* cycle_ = nullptr;  // simple ko: bounds from the history-free game
    bool draws_possible_ = false;
    int variants_ = 1;  // proofs held per position (the constructor's comment)
    bool stopped_ = false;
    // Restarts: the test in progress is being dropped; the salt of the open-test cache's keys
    // (a new one each run, so the cache starts empty); the runs so far and where this one ends.
    bool abort_ = false;
    u64 salt_ = 0;
    u64 runs_ = 0, restart_at_ = ~u64{0};
    void start_run();
    u32 tick_ = 0;
    Parallel* par_ = nullptr;
    const Split* split_ = nullptr;
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
    // Side to move and passes are xored into the white stones, so the four positions that differ
    // only in them and in White's stones on the two lowest points share a key: a bucket of the
    // table (which compares positions whole) and an entry of the open-test cache (which never
    // decides a value). Keeping them apart, with a hash of their own for side and passes, was
    // measured (2026-11-24, `--threads 1`) and cost nodes: 3x3 34,039 -> 103,546 (with any of
    // eight seeds), 4x4 101.8M -> 118.0M at 2048 MB and 106.3M -> 222.5M at 1024 MB, 3x4 a
    // geometric mean over eight seeds of 1.98M -> 2.33M. Why the sharing helps is not known.
    c.key = zobrist::splitmix64(
        c.pos.stones[0] ^
        zobrist::splitmix64(c.pos.stones[1] ^ (u64{p.passes} << 1 | static_cast<u64>(p.to_move))));
    return c;
}

void Searcher::static_bounds(const Position& pos, int& lo, int& hi,
                             const CycleBounds::State* state) const {
    // Bounds from unconditional life: alive stones and the one-point eyes they enclose stay
    // their owner's to the end whatever the history, so a result resting on them needs nothing
    // of the path. (Larger enclosed regions were counted too, where no earlier board held the
    // alive stones and a stone of the owner inside: soundly guarded, that bound made the table
    // refuse so many entries that 4x4 took twice the nodes, and 3x3, 3x4 and 4x4 all search
    // fewer nodes without it; README, "The solver".)
    const int n = g_.points();
    int count[2] = {0, 0};
    if (options_.use_bounds) {
        count[0] = unconditional(g_, pos, Color::Black, rules_.suicide_allowed).count();
        count[1] = unconditional(g_, pos, Color::White, rules_.suicide_allowed).count();
    }
    lo = 2 * (2 * count[0] - n) - rules_.komi_x2;
    hi = 2 * (n - 2 * count[1]) - rules_.komi_x2;
    if (draws_possible_) lo = std::min(lo, 0), hi = std::max(hi, 0);
    // Simple ko: the value lies between 0 and W of the node's state, whatever the history
    // (retrograde.hpp); pos is the path's current position.
    int w;
    if (cycle_ && (state ? cycle_->value(*state, w) : cycle_->value(*h_, w)))
        lo = std::max(lo, std::min(w, 0)), hi = std::min(hi, std::max(w, 0));
    if (pos.to_move == Color::White) std::swap(lo, hi), lo = -lo, hi = -hi;
}

Outcome Searcher::test(int beta, int depth, Keep& keep, Dep& dep) {
    ++nodes;
    keep = Keep{};
    dep = Dep{};
    if ((++tick_ & TickMask) == 0) {
        if (tick()) stopped_ = true;
        if (restart_due()) abort_ = true;
    }
    if (stopped_ || abort_) return {Unknown, 0};
    const Position pos = h_->current();
    const int ply = h_->turns();

    // Step 1. Static bounds; past the horizon nothing more is known. Before them, where the table
    // will be read, its entries are asked for, so that the memory reads overlap the bounds' work
    // (reads from a table of gigabytes took a quarter of the time on 4x4).
    const bool probing = options_.use_table && depth > 0;
    const Canonical c = probing ? canonical(pos) : Canonical{pos, 0, 0};
    if (probing) tt_.prefetch(c.key), open_.prefetch(c.key ^ salt_);
    CycleBounds::State cs;
    if (cycle_) cs = cycle_->state(*h_), cycle_->prefetch(cs);
    int lo, hi;
    static_bounds(pos, lo, hi, cycle_ ? &cs : nullptr);
    if (lo >= beta) return {High, lo};
    if (hi < beta) return {Low, hi};
    if (depth <= 0) return {Unknown, 0};

    // Step 2. The table: a usable proven bound may decide the test; any entry supplies a move.
    // Entries are in the canonical frame; `back` maps them to this position's.
    const int back = inverse_[c.sym];
    TTData entry;
    Move tt_move = NoMove;
    bool have_entry = false;
    int slot = 0;  // where a proof found here is stored: the usable entry's, or a free one
    if (options_.use_table) {
        int free = -1;
        for (int v = 0; v < variants_; ++v) {
            TTData e;
            if (!tt_.probe(c.key, c.pos, e, static_cast<unsigned>(v))) {
                free = v;
                break;
            }
            if (v == 0) tt_move = map_move(back, e.move);
            const Bitboard entry_keep = map(back, e.keep);
            Dep d;
            if (!usable(entry_keep, pos, ply, e, back, d)) continue;
            ++hits;
            Keep k{entry_keep & pos.black(), entry_keep & pos.white(), e.boards};
            if (e.lower >= beta) return keep = k, dep = d, Outcome{High, e.lower};
            if (e.upper < beta) return keep = k, dep = d, Outcome{Low, e.upper};
            if (!have_entry)
                have_entry = true, entry = e, slot = v, tt_move = map_move(back, e.move);
        }
        // Every proof held here rests on another history: replace one in turn.
        if (!have_entry) slot = free >= 0 ? free : static_cast<int>(nodes % variants_);
    }
    // An open test of the same beta searched at least as deep stays open (transpositions within
    // one iteration are searched once; with more threads every searcher works on the same
    // iteration's tree); its most promising move goes first otherwise. An open entry never
    // decides a value: it only sends the search to a deeper iteration.
    Move hint = NoMove;
    OpenData open_entry;
    if (options_.use_table && open_.probe(c.key ^ salt_, open_entry)) {
        if (open_entry.beta == beta && open_entry.depth >= depth) {
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
                             : history(me, m) * 16 + centrality_[m];
    }
    moves[count] = Pass;
    score[count++] = tt_move == Pass ? 1u << 31 : hint == Pass ? (1u << 31) - 1 : pass_score_;
    for (int i = 1; i < count; ++i)
        for (int j = i; j > 0 && score[j] > score[j - 1]; --j)
            std::swap(score[j], score[j - 1]), std::swap(moves[j], moves[j - 1]);

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
    // A child before its search: Skip (not a legal option; a ko or superko answer is recorded),
    // Decided (the game ends there: `value`, mover's view), or Search (`next` is the position).
    auto prepare = [&](Move m, Position& next, int& value, Dep& cd) {
        int match = -1;
        if (m == Pass) {
            next = pos.after_pass();
        } else {
            Verdict v = h_->check(m, next, &match);
            if (v == Verdict::Occupied || v == Verdict::Suicide) return Child::Skip;
            if (v != Verdict::Legal) {  // ko or superko: the answer came from record `match`
                if (draws_possible_) keep_all.meet(next, board_bits(next));
                dep_all.add(match, rules_.ko == KoRule::Simple ? KoQuery : RepeatQuery, next);
                return Child::Skip;
            }
        }
        if (draws_possible_) keep_all.meet(next, board_bits(next));
        if (next.passes >= 2) {
            value = side(pos, terminal_x2(next));
            return Child::Decided;
        }
        if (m != Pass && draws_possible_ && (match = h_->cycle_match(next)) >= 0) {
            value = 0;  // the repetition ends the game as a draw
            cd.add(match, RepeatQuery, next);
            return Child::Decided;
        }
        return Child::Search;
    };
    // A child's proven value (mover's view): true when it proves this node High (then stored).
    auto proves_high = [&](Move m, const Position& next, int value, const Keep& ck, const Dep& cd) {
        if (value >= beta) {
            keep = ck;
            keep.meet(next, board_bits(next));
            dep = cd;
            if (m != Pass && m != killers[0]) killers[1] = killers[0], killers[0] = m;
            if (m != Pass) add_history(me, m);
            store(c, slot, pos, ply, have_entry ? &entry : nullptr, value, Infinity, m, keep, dep);
            return true;
        }
        keep_all.meet(ck);
        dep_all.merge(cd);
        if (value > best_low) best_low = value, low_move = m;
        return false;
    };
    int searched = 0;
    for (int i = 0; i < count; ++i) {
        if (par_ && searched > 0 && count - i >= 2 && depth > 2 &&
            (ply - root_turns_ <= par_->split_plies || par_->idle())) {
            // Young brothers wait: the first child did not prove High; the rest in parallel.
            Outcome r = split(moves.data() + i, count - i, beta, depth, prepare, proves_high, open,
                              open_move);
            if (r.kind == High || stopped_ || abort_) return r;
            break;
        }
        const Move m = moves[i];
        Position next;
        Keep ck;
        Dep cd;
        int value = 0;
        const Child step = prepare(m, next, value, cd);
        if (step == Child::Skip) continue;
        if (step == Child::Search) {
            // Once a child stays open, the rest get half the depth: any proof they find is as
            // good, and the open child, ordered first next time (the open-test cache), gets the
            // depth. Every child still gets any depth as the iterations deepen.
            h_->push(next, m != Pass);
            Outcome r = test(1 - beta, open ? (depth - 1) / 2 : depth - 1, ck, cd);
            h_->pop();
            ++searched;
            if (stopped_ || abort_) return {Unknown, 0};
            if (r.kind == Unknown) {
                if (!open) open_move = m;
                open = true;
                continue;
            }
            value = -r.value;  // child High (>= 1 - beta) means this move is below beta
        }
        if (proves_high(m, next, value, ck, cd)) return {High, value};
    }
    if (open) {
        if (options_.use_table)
            open_.store(c.key ^ salt_, {static_cast<i16>(beta), static_cast<u16>(depth),
                                        map_move(c.sym, open_move)});
        return {Unknown, 0};
    }
    keep = keep_all;
    dep = dep_all;
    store(c, slot, pos, ply, have_entry ? &entry : nullptr, -Infinity, best_low, low_move, keep,
          dep);
    return {Low, best_low};
}

template <class Prepare, class ProvesHigh>
Outcome Searcher::split(const Move* moves, int count, int beta, int depth, Prepare& prepare,
                        ProvesHigh& proves_high, bool& open, Move& open_move) {
    struct Job {
        Move m;
        Position next;
        Keep keep;
        Dep dep;
        Outcome r{Unknown, 0};
        u64 nodes = 0, hits = 0, stores = 0, open_hits = 0;
    };
    std::vector<Job> jobs;
    jobs.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Job j{moves[i], {}, {}, {}};
        int value = 0;
        const auto step = prepare(j.m, j.next, value, j.dep);
        if (step == Child::Skip) continue;
        if (step == Child::Decided) {
            if (proves_high(j.m, j.next, value, j.keep, j.dep)) return {High, value};
            continue;
        }
        jobs.push_back(j);
    }
    Split here;
    here.parent = split_;
    here.open.store(open);
    auto proves = [&](const Job& j) { return j.r.kind != Unknown && -j.r.value >= beta; };
    // The jobs go out in move order (a task per job would run the worst-ordered first: oneTBB's
    // owner takes its newest task): every worker, this thread included, takes the next job.
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
            Job* j = &jobs[i];
            if (here.cancelled() || interrupted() || par_->restart.load()) return;
            History path = *h_;  // h_ is not changed until every task has finished
            path.push(j->next, j->m != Pass);
            Searcher w(*this, path, &here);
            j->r =
                w.test(1 - beta, here.open.load() ? (depth - 1) / 2 : depth - 1, j->keep, j->dep);
            j->nodes = w.nodes, j->hits = w.hits, j->stores = w.stores, j->open_hits = w.open_hits;
            // The nodes since its last step of 4,096 (a short task has no step at all), and the
            // node limit checked with them: when a thread is idle most tasks are that short.
            par_->counted.fetch_add(w.tick_ & TickMask, std::memory_order_relaxed);
            over_limit();
            if (j->r.kind == Unknown && !w.stopped_) here.open.store(true);
            if (proves(*j)) here.cut.store(true);
        }
    };
    tbb::task_group group;
    const int helpers =
        std::min<int>(static_cast<int>(jobs.size()), tbb::this_task_arena::max_concurrency()) - 1;
    for (int k = 0; k < helpers; ++k)
        group.run([&] {
            par_->working.fetch_add(1, std::memory_order_relaxed);
            work();
            par_->working.fetch_sub(1, std::memory_order_relaxed);
        });
    work();
    par_->working.fetch_sub(1, std::memory_order_relaxed);  // idle unless it runs another task
    group.wait();
    par_->working.fetch_add(1, std::memory_order_relaxed);
    for (const Job& j : jobs)
        nodes += j.nodes, hits += j.hits, stores += j.stores, open_hits += j.open_hits;
    // A proof is a proof, whatever stopped the others: the first proving child in move order.
    for (const Job& j : jobs)
        if (proves(j)) {
            proves_high(j.m, j.next, -j.r.value, j.keep, j.dep);
            return {High, -j.r.value};
        }
    if (interrupted()) {
        stopped_ = true;
        return {Unknown, 0};
    }
    if (par_->restart.load()) {
        abort_ = true;
        return {Unknown, 0};
    }
    for (const Job& j : jobs) {
        if (j.r.kind == Unknown) {
            if (!open) open_move = j.m;
            open = true;
            continue;
        }
        proves_high(j.m, j.next, -j.r.value, j.keep, j.dep);  // below beta: no proof of High
    }
    return {Low, 0};
}

void Searcher::store(const Canonical& c, int slot, const Position& pos, int ply, const TTData* old,
                     int lower, int upper, Move move, const Keep& keep, const Dep& dep) {
    // Step 5. Stored only if no position before this one decided a query of the proof.
    const int threshold = own_threshold(ply, pos);
    if (!options_.use_table || dep.second < threshold || !tabled(ply)) return;
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
    d.work = static_cast<u8>(std::bit_width(searched()));
    tt_.store(c.key, c.pos, d, static_cast<unsigned>(slot));
    ++stores;
}

int Searcher::exact(int lower, int upper) {
    const Position pos = h_->current();
    int lo, hi;
    Keep k;
    static_bounds(pos, lo, hi);
    lower = std::max(lower, lo), upper = std::min(upper, hi);
    // MTD-style steps: first "does the side to move win?", then the test at the bound just
    // proven, so every test is close to the value; the depth is kept from one test to the next.
    // Without draws komi shifts every final score alike, so the first test asks it before komi
    // (the side gets at least half the board) and every later test is that of komi 0, shifted:
    // asked with komi, the first test was far from the value and left 4x4 under `aga` undecided
    // after a billion nodes (95M from the komi-free start; README). With draws (simple ko) a
    // repetition scores 0 whatever the komi, and the first test stays "wins with komi".
    const int first = draws_possible_ ? 0 : side(pos, -rules_.komi_x2);
    int depth = 1, beta = std::clamp(first, lower + 1, upper);
    while (lower < upper && !stopped_) {
        Dep d;
        Outcome r = test(beta, depth, k, d);
        if (abort_) {
            start_run(), depth = 1;
            continue;
        }
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
    for (int depth = 1; !stopped_; depth = next_depth(depth)) {
        Keep k;
        Dep d;
        Outcome r = test(beta, depth, k, d);
        if (abort_) {
            start_run(), depth = 0;  // the loop's step makes it 1
            continue;
        }
        report(depth, r.kind);
        if (r.kind != Unknown) return r.kind == High;
    }
    return false;
}

// Restarts. One search's node count depends heavily on what the open-test cache holds when a
// test is made: the same 4x4 search took 102M to 279M nodes with six table sizes, 3x4 1.4M to
// 19.2M, and 1x8 under `tromp-taylor` stayed undecided after 991M (README). Those are the long
// tails of a heavy-tailed distribution, which restarts cut short (Luby, Sinclair and Zuckerman,
// 1993, for the schedule; Gomes, Selman and Kautz, 1998, for restarts of tree search): after
// each run of restart_nodes times luby(run), the test in progress is dropped and the depth starts
// again at 1 with fresh open-test keys. Dropping is sound: the dropped test returns "open" up the
// tree, which stores no proof. Proofs found before stay in the table, so no run starts from
// nothing.
void Searcher::start_run() {
    abort_ = false;
    ++runs_;
    salt_ = zobrist::splitmix64(salt_ + runs_);
    const u64 length = options_.restart_nodes * luby(runs_ + 1);
    if (!par_) {
        restart_at_ = nodes + length;
    } else {
        par_->restart_at.store(par_->counted.load() + length);
        par_->restart.store(false);
    }
}

void Searcher::report(int depth, Kind kind) const {
    if (options_.progress && h_->turns() == root_turns_ + 1)
        options_.progress({root_move_, depth, static_cast<int>(kind), nodes});
}

// Applies m at the root of a query: Illegal, Ended (the game is over and `value` is its result,
// mover's view), or Entered (m is pushed; the caller pops).
Searcher::Step Searcher::enter(Move m, int& value) {
    const Position pos = h_->current();
    Position next;
    root_move_ = m;
    if (h_->check(m, next) != Verdict::Legal) return Step::Illegal;
    if (next.passes >= 2) {
        value = side(pos, terminal_x2(next));
        return Step::Ended;
    }
    if (m != Pass && draws_possible_ && h_->cycle_match(next) >= 0) {
        value = 0;
        return Step::Ended;
    }
    h_->push(next, m != Pass);
    return Step::Entered;
}

bool Searcher::child_value(Move m, int& value) {
    Step step = enter(m, value);
    if (step == Step::Entered) {
        value = -exact(-Infinity, Infinity);
        h_->pop();
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
    h_->pop();
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
    // Simple ko: the history-free game's values (retrograde.hpp), where they fit in half of the
    // memory. The table of proofs takes 7/8 of the rest, the cache of open tests 1/8.
    std::optional<CycleBounds> cycle;
    if (o.use_cycle_bounds && h.rules().ko == KoRule::Simple)
        cycle = CycleBounds::build(h, o.hash_bytes / 2, o.stop);
    const double cycle_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::size_t rest = o.hash_bytes - (cycle ? cycle->bytes() : 0);
    TranspositionTable tt(rest / 8 * 7);
    OpenTable open(rest / 8);
    Searcher s(h, tt, open, o, cycle ? &*cycle : nullptr);
    SolveResult r;
    const Geometry& g = h.geometry();
    const Position root = h.current();
    const int sign = root.to_move == Color::Black ? 1 : -1;
    const int n = g.points();
    r.lower_x2 = std::min(-2 * n - h.rules().komi_x2, 0);
    r.upper_x2 = std::max(2 * n - h.rules().komi_x2, 0);
    r.threads = std::max(1, o.threads);
    auto finish = [&] {
        r.nodes = s.nodes;  // with more threads, every task's nodes are added at its split point
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        r.table_bytes = tt.bytes() + open.bytes();
        r.table_capacity = tt.capacity();
        r.table_used = tt.used();
        r.table_hits = s.hits;
        r.table_stores = s.stores;
        r.restarts = s.restarts();
        r.cycle_seconds = cycle_seconds;
        if (cycle) {
            r.cycle_states = cycle->states(), r.cycle_decided = cycle->zero;
            r.table_bytes += cycle->bytes();
        }
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

    // More threads: young brothers wait (Searcher::split), in an arena of exactly that many
    // threads (more than the cores when asked: the tests oversubscribe on purpose). Proofs found
    // by any task are proofs on every path (each entry is checked against the reader's own path,
    // transposition.hpp) and open-test entries never decide a value, so the value cannot depend
    // on the thread count; node counts can.
    Parallel par;
    std::optional<tbb::global_control> allow;
    std::optional<tbb::task_arena> arena;
    if (o.threads > 1) {
        allow.emplace(tbb::global_control::max_allowed_parallelism,
                      static_cast<std::size_t>(o.threads));
        arena.emplace(o.threads);
        s.make_parallel(&par, o.threads);
    }

    int best = -Infinity;
    auto search = [&] {
        // The value: a representative is solved exactly only when it beats the best so far (a
        // proof that it does not reach best + 1 is cheaper); the lower bound grows as moves finish,
        // so a stop still reports what is proven.
        std::vector<std::pair<Move, int>> exact;  // representatives with exact values (side's view)
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
        if (s.stopped()) return;

        // Every optimal first move: a move is optimal when its value reaches the best.
        for (Move m : legal) {
            Move canon = rep_of[m == Pass ? MaxPoints : m];
            int v = -Infinity;
            for (auto& [em, ev] : exact)
                if (em == canon) v = ev;
            bool optimal = v >= best;
            if (v == -Infinity) {  // not known exactly: test "value >= best"
                optimal = s.child_at_least(canon, best);
                if (s.stopped()) return;
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
            if (chosen == NoMove)
                break;  // cannot happen for a correct search; the test suite checks
            r.pv.push_back(chosen);
            h.play(chosen);
            target = -target;
            if (h.ended_by_cycle()) break;
        }
        for (std::size_t i = 0; i < r.pv.size(); ++i) h.pop();
    };
    if (arena)
        arena->execute(search);
    else
        search();
    if (s.stopped()) return finish();

    r.complete = true;
    r.value_x2 = r.lower_x2 = r.upper_x2 = sign * best;
    return finish();
}

}  // namespace smallgo
