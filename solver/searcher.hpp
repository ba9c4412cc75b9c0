// The Searcher, the search's engine (private to solver/; search.hpp is the interface). One
// Searcher works on one path (a History) with the shared tables; with more threads each task of
// a split point gets a copy with its own path and counters. The methods live in several files,
// one job each, named above each group below.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <vector>

#include "rules/history.hpp"
#include "rules/symmetry.hpp"
#include "solver/board_log.hpp"
#include "solver/parallel.hpp"
#include "solver/proof.hpp"
#include "solver/reply_life.hpp"
#include "solver/retrograde.hpp"
#include "solver/search.hpp"
#include "solver/transposition.hpp"

namespace smallgo {

// Proofs held per position: `asked` if set, else as many as the table has room for (proof.cpp).
int proofs_per_position(const Geometry& g, const TranspositionTable& tt, int asked);

class Searcher {
  public:
    // solver/driver.cpp: the root driver (iterative deepening, MTD steps, restarts).
    Searcher(History& h, TranspositionTable& tt, BoardLog& lists, OpenTable& open,
             const SolveOptions& o, const CycleBounds* cycle);
    // A searcher for one child task at a split point: the parent's tables, options, killers and
    // counts, its own path and counters.
    Searcher(const Searcher& parent, History& path, const Split* split) : Searcher(parent) {
        h_ = &path, split_ = split;
        nodes = hits = stores = open_hits = lookup_cutoffs = lean_cutoffs = list_saves = 0;
        stack_cutoffs = reply_leaves = 0;
        tick_ = 0;
    }
    void make_parallel(Parallel* p, int threads);
    // Where solve() keeps the bounds proven so far, for SolveOptions::at_rest.
    void report_bounds_from(const SolveResult* r) { result_ = r; }
    // Entries stored are aged from `searched` nodes on (SolveTables::searched).
    void age_entries_from(u64 searched) { age_base_ = searched; }
    // The exact value of the current position within known bounds [lower, upper]: MTD steps, each
    // test at the bound the last one proved, deepening whenever a test is left open.
    int exact(int lower, int upper);
    // The same within about `cap` more nodes (all threads; NoCap for none): narrows [lower,
    // upper] to what its tests prove; they meet once the value is proven. A test left open at
    // the cap or by a stop changes neither bound. `proven`, where given, is told the bounds
    // after each test that ends, on this thread.
    void narrow_within(int& lower, int& upper, u64 cap,
                       const std::function<void(int, int)>& proven = {});
    // Whether the current position's value reaches beta (deepening until proven).
    bool at_least(int beta);
    // The same within about `cap` more nodes (all threads; NoCap for none): High or Low when
    // proven, Unknown when the cap or a stop comes first. No proof is lost to the cap: what was
    // proven before it stays in the table. `proven`, where given, receives the bound the answer
    // proves: the value is at least it (High) or at most it (Low).
    Kind at_least_within(int beta, u64 cap, int* proven = nullptr);
    static constexpr u64 NoCap = ~u64{0};
    // Exact value after the side to move plays m (side to move's view); false if m is illegal.
    bool child_value(Move m, int& value);
    // narrow_within for the value after m (mover's view): [lower, upper] narrowed to what the
    // tests prove within about `cap` nodes, each test's bound as it is proven, so that a
    // checkpoint written during the tests (SolveOptions::at_rest, from this thread) holds it. An
    // illegal m gets -Infinity for both.
    void child_narrow_within(Move m, int& lower, int& upper, u64 cap);
    // Whether m is legal and the value after it reaches target (mover's view).
    bool child_at_least(Move m, int target);
    // The same within about `cap` nodes: High (m reaches target), Low (m is illegal or below
    // it), Unknown (the cap or a stop came first); `proven` as for at_least_within (the move's
    // bound, mover's view).
    Kind child_at_least_within(Move m, int target, u64 cap, int* proven = nullptr);
    // Whether the value after m (mover's view) is known without a search: m ends the game, or
    // the child's static bounds meet. False for an illegal m.
    bool child_decided(Move m, int& value);
    // Of the moves in moves[0..count), the first after which the value (mover's view) is known
    // to reach target without a search: the game ends there with it, or the child's static
    // bounds or a usable table entry show the child below 1 - target. NoMove if none.
    Move move_known_to_reach(int target, const Move* moves, int count);
    // The move of a usable table entry that proves the current position's value reaches target
    // (side to move's view): the move the search's own proof took here. NoMove if none.
    Move table_move_reaching(int target);
    // The static upper bound of the current position's value (side to move's view).
    int static_upper() const {
        int lo, hi;
        path_bounds(lo, hi);
        return hi;
    }
    // The moves of `pos` in the order the principal variation tries them: the points in order
    // A1, B1, ..., with the pass first where `pass_first` (a side that does not lose: the game
    // ends sooner) and last otherwise (a losing side resists); returns their count.
    int pv_order(const Position& pos, bool pass_first,
                 std::array<Move, MaxPoints + 1>& moves) const;
    bool stopped() const { return stopped_; }
    // The path: the history up to the current position (the root's, between queries).
    History& history() { return *h_; }
    u64 restarts() const { return runs_ - options_.first_run; }

    // solver/node.cpp: one node. Whether the current position's value (side to move's view)
    // reaches beta, searching at most `depth` plies: High with a proven lower bound, Low with a
    // proven upper bound, or Unknown. `keep` and `dep` describe what the proof rests on
    // (transposition.hpp). `sym`: the symmetry to the position's least copy where the caller
    // already knows it (cutoff_by_lookup found it for each child), else -1.
    Outcome test(int beta, int depth, Keep& keep, Dep& dep, int sym = -1);

    u64 nodes = 0, hits = 0, stores = 0, open_hits = 0;
    u64 lookup_cutoffs = 0;  // nodes proven by cutoff_by_lookup
    u64 lean_cutoffs = 0;    // nodes left open at a child leaning their way (LeanDepth)
    u64 stack_cutoffs = 0;   // tests left open for want of stack (solver/stack.hpp)
    u64 reply_leaves = 0;    // tests decided by life after one reply (decide_by_reply)
    // Entries usable only thanks to a fingerprint list: an earlier position passed the filter.
    mutable u64 list_saves = 0;

  private:
    Searcher(const Searcher&) = default;

    // solver/proof.cpp: proofs and the table. A position as the table holds it: its least copy
    // over the board's symmetries, and the symmetry that maps the position there. The rules are
    // the same on every symmetric copy, so a proof for one holds for the other with its keep and
    // move mapped (and the keep is then checked against the real path, as always).
    struct Canonical {
        Position pos;
        int sym;
        u64 key;
    };
    Canonical canonical(const Position& p) const;
    // The same, where the symmetry to the least copy is known (from canonical() of p before).
    Canonical canonical_by(const Position& p, int sym) const;
    // A board's hash (stones only): the least over the board's symmetries, so every symmetric
    // copy has the same one and entries need no mapping. Its Bloom filter bits are two bits of
    // it, its fingerprint (board_log.hpp) 16 others.
    u64 board_hash(Bitboard black, Bitboard white) const;
    u64 board_hash(const Position& p) const { return board_hash(p.black(), p.white()); }
    static u64 bloom_bits(u64 hash) {
        return u64{1} << (hash >> 58) | u64{1} << ((hash >> 52) & 63);
    }
    static u16 fingerprint(u64 hash) { return static_cast<u16>(hash); }
    u64 board_bits(const Position& p) const { return bloom_bits(board_hash(p)); }
    // board_hash of the path's record i (whose board is q), computed once while the record's
    // board stays the same: usable() asks it of every earlier record that holds an entry's keep,
    // and under the simple-ko presets, whose paths are long, that took a fifth of the time.
    u64 record_hash(int i, const Position& q) const;

    // The boards of the proofs being built, as fingerprints on a stack: a node's are those from
    // the stack's size when it was entered (its `base`) to the top when it returns a proof; a
    // child's proof leaves its own on top. Keep::inexact marks a proof whose list is not whole.
    // A copy for a parallel task starts empty.
    struct BoardStack {
        std::vector<u16> fps;
        BoardStack() = default;
        BoardStack(const BoardStack&) {}
        BoardStack& operator=(const BoardStack&) { return *this; }
    };
    // record_hash's slots, one per record; a copy for a parallel task starts empty.
    struct RecordHashes {
        struct Slot {
            Bitboard black = 0, white = 0;
            u64 hash = 0;
        };
        std::vector<Slot> slots;
        RecordHashes() = default;
        RecordHashes(const RecordHashes&) {}
        RecordHashes& operator=(const RecordHashes&) { return *this; }
    };
    std::size_t boards_top() const { return stack_.fps.size(); }
    // A node's list is kept sorted and without repeats, so that it is stored as it is and a
    // parent merges its children's in linear time.
    // Adds p's board to k: its filter bits, and its fingerprint to the list from base up.
    void meet_board(Keep& k, const Position& p, std::size_t base);
    // A proof that rests on one child's list (from child_base up): moved down to `base`.
    void take_boards(std::size_t base, std::size_t child_base);
    // A Low proof's list (base to mark) and a child's (mark up) merged. One too long for the log,
    // or of an inexact k, is dropped (k inexact).
    void merge_boards(std::size_t base, std::size_t mark, Keep& k);
    // Adds an entry's list to a proof k that rests on the entry (inexact if the list is lost).
    void read_boards(const TTData& e, Keep& k);
    // Copies the fingerprint list of e, the entry in `slot` for c, to the ring's head and points
    // the entry (and e) at the copy; nothing if the list is lost.
    void renew_list(const Canonical& c, int slot, TTData& e);
    // Index of the oldest record that a result at this node may depend on and still be stored.
    int own_threshold(int ply, const Position& p) const {
        return (p.passes == 1 && !rules_.start_left_by_nobody()) ? ply - 1 : ply;
    }
    // Whether the table may hold a proof for the node at `ply`: not for the start under the
    // 1996 readings, whose verdicts differ from those of a later record of the same position
    // (transposition.hpp); nor for a start right after a pass (History's third constructor),
    // which lacks the record before the pass that own_threshold counts as the proof's own.
    bool tabled(int ply) const {
        return ply > 0 || (!rules_.start_left_by_nobody() && h_->at(0).passes == 0);
    }
    // Whether an entry is valid on the current path: no earlier position can be a board its proof
    // generated (it holds the keep and its bits are all in the filter), and its requirement, if
    // any, is met by an earlier record, which is then added to `dep`.
    bool usable(Bitboard keep_mask, const Position& p, int ply, const TTData& e, int back,
                Dep& dep) const;
    // An entry's territory condition as a Keep in this frame (`back` maps the canonical frame to
    // it; p is the entry's position), and whether the records before `ply` meet it.
    Keep land_of(const TTData& e, int back, const Position& p) const;
    bool land_usable(const TTData& e, int back, const Position& p, int ply) const;
    // The latest record before `skip` that answers the query (kind, candidate) of a proof at the
    // node at `ply` as it was answered there: a repetition (NoDependency if none).
    int repeat_record(const Position& y, u8 kind, int ply, int skip) const;
    // Stores a proven bound of the node unless it rests on two queries answered before it.
    // Its boards' fingerprints are the stack's from `base` up (compacted here).
    void store(const Canonical& c, int slot, const Position& pos, int ply, const TTData* old,
               int lower, int upper, Move move, Keep& keep, const Dep& dep, std::size_t base,
               u64 entered);

    // solver/node.cpp: a node while its children are searched, and what its proof rests on so far.
    struct Node {
        Position pos;
        int beta, ply, me;
        Canonical c;
        int slot;           // where a proof found here is stored
        const TTData* old;  // the usable entry found here, if any
        std::array<Move, 2>& killers;
        Keep& keep;  // the node's answer: what a proof of High rests on
        Dep& dep;
        std::size_t base;  // the stack of boards' size when the node was entered
        u64 entered;       // the searcher's nodes when the node was entered
        Keep keep_all{};   // what a proof of Low rests on: every child's
        Dep dep_all{};
        int best_low = -Infinity;
        Move low_move = NoMove;
    };
    // What step 2 of a node found in the table besides a decision: the move of its first entry
    // (of the entry that proved High, where one did), a usable entry whose bounds did not decide
    // the test, and the slot a new proof goes to.
    struct TableRead {
        Move tt_move = NoMove;
        bool have_entry = false;
        TTData entry;
        int slot = 0;
    };
    // Step 2 of a node at `pos` (the path's current position, canonical copy c): a usable proven
    // bound that decides the test against beta (its keep and dep set), else Unknown with `read`.
    Outcome read_table(const Canonical& c, const Position& pos, int ply, int beta, Keep& keep,
                       Dep& dep, TableRead& read);
    // A child's own steps 1 and 2 at the null window child_beta, the child being the path's current
    // position `next` at `ply`: Low or High from its static bounds or a usable table entry (its
    // keep and dep set), else Unknown. Nothing is searched. `sym`: next's canonical symmetry where
    // already known, else -1. `next` must not refer into the path's records: life after a reply
    // pushes on the path and pops (solver/reply_life.hpp), which may move them.
    Outcome look_up_child(const Position& next, int ply, int child_beta, Keep& keep, Dep& dep,
                          int sym = -1);
    // Enhanced transposition cutoffs: High (stored) when one of the children moves[0..count),
    // with its value read from the game's end, its static bounds or the table, proves n High;
    // else Unknown. Nothing is searched; a child that decides nothing is left to step 5.
    // syms[i]: the symmetry to child i's least copy, for its search (a pass: the node's; -1
    // where the move could not be played).
    Outcome cutoff_by_lookup(Node& n, const Move* moves, int count,
                             std::array<i8, MaxPoints + 1>& syms);
    // Children are looked up only where the node searches them at least this deep: nearer the
    // horizon the lookups cost more time than the searches they save.
    static constexpr int LookupDepth = 2;
    // Lean cutoffs (node.cpp, step 5) are made only where the node searches at most this deep.
    // Why they cannot change a value: a node that stops at a leaning open child returns open,
    // which stores no proof and decides nothing, so only the order in which proofs are found
    // changes. Why every test still ends where it did: a node on a given path gets more depth at
    // every iteration, so from some iteration on every node of a finite proof tree searches all
    // its children, as it did without them. Why a bound: near the horizon a lean is a fair guess
    // (the area as it stands) and the siblings' shallow searches rarely prove anything, while
    // far from it the siblings are where proofs come from: without one, 4x4 took 2.1 million
    // value nodes and 1x10 stayed open for 5 minutes. Over nine boards (3x3 to 4x4, 2x7, 1x10,
    // 1x11) the geometric mean of the value nodes against the search without cutoffs was 0.76
    // with 5, 0.56 with 10, 0.50 with 16, 0.57 with 20, 0.60 with 32, 0.68 with 48
    // (docs/results.md, 2026-12-01).
    static constexpr int LeanDepth = 16;
    // With more threads the bound is 8, and a split point too stops at the first job left open
    // leaning its way, cancelling the others as a proof does (solver/parallel.cpp). With 16 on
    // both cores 4x5 (--hash 16G) was at [14, 20] after 720 s, where the search without them
    // found its value in 6-10 minutes. With 8, on both cores, 2x9 (--hash 8G) took 362 s against
    // 529 without, 2x8 13-14 s against 18-21, 3x6 62 against 66, 4x4 `simple` (--hash 48) 3.5
    // against 5.1; 4x5 (--hash 12G) was open after 590 s either way, [13, 20] and [12, 20]. Where
    // the table is tight under simple ko they cost: 4x4 `simple` at --hash 24 (231,302 entries)
    // was at [-16, 16] after 120 s against 19 s without (tromp-taylor at that size: 8.1 s
    // against 7.3; docs/results.md, 2026-12-02).
    static constexpr int ParallelLeanDepth = 8;
    int lean_depth() const { return par_ ? ParallelLeanDepth : LeanDepth; }
    // The depth of a child searched after a sibling stayed open at `depth`: a quarter of the
    // child's with one thread on a board of two rows or more and at most 20 points, else a half.
    // A proof found with less depth is as good, and the open sibling, first in the next
    // iteration, gets the depth. One thread, over 26 solves (2x5 to 4x4, 1x10, 1x11; two presets,
    // two table sizes), the geometric mean of value nodes was 674,682 with half, 541,471 with a
    // third, 485,214 with a quarter, 486,752 with a fifth, 528,690 with a sixth, 561,635 with an
    // eighth; with none (0) 4x4 took 135 million. But with a quarter 1x13 was open after 404
    // million nodes where half proves its 0 in 42 million (superko games on a line are long, and
    // the siblings need the depth), and two threads on 2x9 (--hash 4G) were at [9, 18] after 654
    // s where half finds the value in 471 s (docs/results.md, 2026-11-28). Without territory (the
    // search of solve --proof) half too: with a quarter the certificate of 4x4 was not written in
    // 19 minutes. Above 20 points half again: on 5x5 after 12 to 15 moves of a game a quarter
    // took 3.4-5.6 times the value nodes of half, or did not finish, where on seven smaller boards
    // (3x3 to 4x4, 2x7, 2x8, 3x6) either is within 1.9x of the other (docs/results.md,
    // 2026-12-06, "Half-depth siblings above 20 points"). The divisor is fixed when the searcher
    // is built and when it is made parallel.
    static constexpr int QuarterMaxPoints = 20;
    int sibling_depth(int depth) const { return (depth - 1) / sibling_divisor_; }
    int sibling_divisor() const {
        const bool quarter = options_.quarter_siblings && !par_ && options_.use_territory &&
                             g_.rows() > 1 && g_.cols() > 1 && g_.points() <= QuarterMaxPoints;
        return quarter ? 4 : 2;
    }
    // A child before its search: Skip (not a legal option; a ko or superko answer is recorded),
    // Decided (the game ends there: `value`, mover's view), or Search (`next` is the position).
    enum class Child { Skip, Decided, Search };
    Child prepare(Node& n, Move m, Position& next, int& value, Dep& cd);
    // A child's proven value (mover's view): true when it proves the node High (then stored).
    // The child's boards are the stack's from child_base up.
    bool proves_high(Node& n, Move m, const Position& next, int value, const Keep& ck,
                     const Dep& cd, std::size_t child_base);
    // Score bounds (side to move's view) of the path's current position `pos`. Benson's hold
    // under any history; the simple-ko ones (retrograde.hpp) under any history with the same
    // previous position, which fixes the plays the ko rule forbids. A node returns them without
    // storing them, so they reach the table only inside a parent's proof, and the parent is that
    // previous position wherever the proof is used.
    // With unconditional territory too (benson.hpp): `land_lo`/`land_hi`, at least as tight,
    // hold where territory_holds(path, alive[c], c) for the colour c they count (lo_colour: the
    // side to move's, hi_colour: the other's); a decision resting on one carries that condition.
    struct Bounds {
        int lo = 0, hi = 0, land_lo = 0, land_hi = 0;
        Color lo_colour = Color::Black, hi_colour = Color::White;
        std::array<Bitboard, 2> alive{0, 0};  // by colour
    };
    Bounds static_bounds(const Position& pos, const CycleBounds::State* state = nullptr) const;
    // High or Low where the bounds decide the test against beta at the path's current position
    // (a territory bound only where its condition holds there, and then recorded in `keep`),
    // else Unknown.
    Outcome decide_statically(const Bounds& b, int beta, Keep& keep);
    // The bound of life after one reply (solver/reply_life.hpp) for the side not to move, where
    // it decides the test: Low, the replies' boards met in `keep`.
    Outcome decide_by_reply(const Bounds& b, int beta, Keep& keep);
    // The tightest bounds of the path's current position that hold on this path.
    void path_bounds(int& lo, int& hi) const;
    int terminal_x2(const Position& p) const;
    // The lean of a test left open at the horizon: +1 (likely High) where the area score of p as
    // it stands, the side to move's view, reaches beta, else -1. A lean orders work and never
    // decides a test: an open answer stays open whatever it leans to, so no value depends on it.
    i8 horizon_lean(const Position& p, int beta) const;
    int side(const Position& p, int black_view) const {
        return p.to_move == Color::Black ? black_view : -black_view;
    }

    // solver/move_order.cpp: the children of a node in the order searched (table move, open
    // move, pass, killers, history counts, centre first); returns their count.
    int order_moves(const Node& n, Move tt_move, Move hint, std::array<Move, MaxPoints + 1>& moves);
    // A cutoff of move m by the side to move `me`: its killer slot and history count.
    void add_cutoff(Node& n, Move m);
    u32 history(int me, Move m) const {
        if (!par_) return history_[me][m];
        return std::atomic_ref<u32>(par_->history[me][m]).load(std::memory_order_relaxed);
    }

    // solver/parallel.cpp: young brothers wait. The children moves[0..count) of a node whose
    // first searched child did not prove it High, searched in parallel at depth - 1, or half of
    // it once a child stays open. High when one of them proves the node High (stored), Unknown
    // when stopped; otherwise every child is accounted for (open or below beta) and the caller
    // concludes. syms[0..count): each child's symmetry where the lookup pass found it, else -1.
    Outcome split(Node& n, const Move* moves, int count, int depth, bool& open, Move& open_move,
                  const i8* syms);

    // solver/driver.cpp: stops, limits and restarts.
    // Whether this search must stop: Ctrl-C, a halt of every searcher, or a sibling's proof
    // above this task.
    bool interrupted() const {
        return (options_.stop && options_.stop->load(std::memory_order_relaxed)) ||
               (par_ && par_->halt.load(std::memory_order_relaxed)) ||
               (split_ && split_->cancelled());
    }
    // Whether the run in progress has used its nodes (SolveOptions::restart_nodes).
    bool restart_due();
    // Every 4,096 nodes: counts them where all searchers see it, and says whether to stop.
    bool tick() {
        if (par_) par_->counted.fetch_add(TickMask + 1, std::memory_order_relaxed);
        return interrupted() || over_limit();
    }
    bool over_limit();
    // The nodes searched so far, by every searcher (in steps of 4,096 with more than one).
    u64 searched() const { return par_ ? par_->counted.load(std::memory_order_relaxed) : nodes; }
    // Starts the next run after a restart: new open-test keys, the next run's length.
    void start_run();
    void report(int depth, Kind kind) const;
    enum class Step { Illegal, Ended, Entered };
    // Applies m at the root of a query: Illegal, Ended (the game is over and `value` is its
    // result, mover's view), or Entered (m is pushed; the caller pops).
    Step enter(Move m, int& value);

    static constexpr u32 TickMask = 0xFFF;  // checks for a stop every 4,096 nodes

    History* h_;  // the path: the history up to the current position
    int root_turns_ = h_->turns();
    Move root_move_ = NoMove;  // the first move whose value is being searched (for reports)
    const Geometry& g_;
    const Symmetries& sym_;
    const Rules& rules_;
    TranspositionTable& tt_;
    BoardLog& lists_;
    OpenTable& open_;
    const SolveOptions& options_;
    const CycleBounds* cycle_ = nullptr;  // simple ko: bounds from the history-free game
    bool draws_possible_ = false;
    int reply_depth_ = 1;  // life after a reply: SolveOptions::reply_depth, or the board's default
    int variants_ = 1;     // proofs held per position (proofs_per_position in proof.cpp)
    bool stopped_ = false;
    // Restarts: the test in progress is being dropped; the salt of the open-test cache's keys
    // (a new one each run, so the cache starts empty); the runs so far and where this one ends.
    bool abort_ = false;
    u64 salt_ = 0;
    u64 runs_ = 0, restart_at_ = ~u64{0};
    u64 give_up_at_ = NoCap;  // at_least_within's or narrow_within's cap, in searched() nodes
    // A query's cap: give_up_at_ from `cap` more nodes (NoCap for none).
    void set_cap(u64 cap);
    // After an abort: whether the cap caused it (then the abort is cleared and the query ends
    // open) rather than a restart.
    bool cap_reached();
    u32 tick_ = 0;
    u64 age_base_ = 0;  // age_entries_from
    Parallel* par_ = nullptr;
    int sibling_divisor_ = 2;  // sibling_depth()
    // Lean cutoffs in force (SolveOptions::lean_cutoffs), with any number of threads, within
    // lean_depth() plies of the horizon; the bound is fixed, like the divisor, when the searcher
    // is built and when it is made parallel.
    bool lean_ = false;
    int lean_depth_ = LeanDepth;
    const Split* split_ = nullptr;
    const SolveResult* result_ = nullptr;  // report_bounds_from
    std::array<std::array<Move, 2>, 1024> killers_{};
    std::array<std::array<u32, MaxPoints>, 2> history_{};
    std::array<u32, MaxPoints> centrality_{};
    // The Zobrist keys of point p's image under symmetry s, for board_bits.
    std::array<std::array<std::array<u64, MaxPoints>, 2>, 8> board_key_{};
    BoardStack stack_, merged_;  // merged_: store()'s scratch list
    // decide_by_reply's scratch; a copy for a parallel task starts empty.
    struct ReplyScratch {
        ReplyLife life;
        ReplyScratch() = default;
        ReplyScratch(const ReplyScratch&) {}
        ReplyScratch& operator=(const ReplyScratch&) { return *this; }
    } reply_;
    mutable RecordHashes record_hashes_;
};

}  // namespace smallgo
