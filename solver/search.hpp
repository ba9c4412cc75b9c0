// The exact solver: null-window alpha-beta tests ("does the value reach beta?") with three
// answers (proven yes, proven no, open within the depth searched), deepened iteratively and
// driven by MTD-style steps on beta (each test at the bound just proven), so the shortest proofs
// are found first and search paths stay short. A transposition table of proven bounds, made safe
// under superko (see solver/transposition.hpp for the argument: what a proof rests on is kept
// with it as a keep set, a Bloom filter of boards and at most one earlier repetition it needs),
// holds one entry for all the symmetric copies of a position (up to 16 proofs per position, under
// different histories, on boards small enough that the table has room); a lossy cache of open tests
// (OpenTable) searches each transposition once per iteration and puts the most promising move first
// in the next. Once a child stays open, its remaining siblings get less depth. Move
// ordering: table move, open move, a pass that ends the game, killers, captures and saves, history
// counts with the centre first, the pass, eye fills; before its children are searched a node looks
// them up (enhanced transposition cutoffs). Score bounds from unconditional life and territory (the
// latter where its condition on the path holds: solver/benson.hpp); symmetry at the
// root, where moves decided without a search come first. Values are in half points, Black minus
// White minus komi (0 for a draw by repetition). solve() searches from the current position of a
// History and uses that history as its path; it allocates only the tables.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

#include "rules/history.hpp"
#include "solver/board_log.hpp"
#include "solver/transposition.hpp"

namespace smallgo {

struct CycleBoundsBuild;  // solver/retrograde.hpp

// A step of a long search, for progress reports: a test of the value of the first move `move`
// finished at this depth (answer 1: the value reaches beta, -1: it does not, 0: still open).
// With it, where solve() reports (`bounds`), the bounds of the whole position's value proven so
// far, Black's view, as SolveResult has them.
struct Progress {
    Move move;
    int depth;
    int answer;
    u64 nodes;  // of the thread that reports
    bool bounds = false;
    int lower_x2 = 0, upper_x2 = 0;
};

// A table of proofs and a cache of open tests that outlive one solve: a game (GTP) keeps them
// from move to move, so later moves reuse earlier proofs. Sound across solves for the reason it
// is sound within one: every entry is checked against the reader's own path from the start of
// its History (transposition.hpp), and entries are replaced by their age and the size of their
// search, never cleared between solves. Hand them only to solves of one game's History (same board
// and rules). Of `bytes`, the proofs take 5/8, their boards' fingerprint lists 1/4 and the open
// tests 1/8; without lists (`board_lists` false) the proofs take 7/8.
struct SolveTables {
    explicit SolveTables(std::size_t bytes, bool board_lists = true)
        : proofs(bytes / 8 * (board_lists ? 5 : 7)),
          lists(board_lists ? bytes / 4 : 0),
          open(bytes / 8) {}
    TranspositionTable proofs;
    BoardLog lists;
    OpenTable open;
    // The nodes the solves before searched into these tables (a checkpoint's runs included).
    // Entries are aged by it plus the current solve's count, so that when a bucket is full the
    // entries of earlier solves go first: a count started at zero again would make every new
    // entry look older than those read from a checkpoint, and each would be the first replaced.
    u64 searched = 0;
};

// What the root's tests proved of one first move (a representative of its symmetry class): lo <=
// its value <= hi, the side to move's view, half points; exact once they meet.
struct RootBound {
    Move move = Pass;
    int lo = 0, hi = 0;
};

struct SolveOptions {
    // Memory of the tables a solve makes for itself (the retrograde analysis included).
    std::size_t hash_bytes = std::size_t{64} << 20;
    // Tables kept across solves (above); null: the solve makes its own from hash_bytes.
    SolveTables* tables = nullptr;
    bool all_moves = false;  // exact value of every legal first move
    bool use_table = true;   // off: plain alpha-beta (a test oracle)
    bool use_bounds = true;  // off: no unconditional-life bounds
    // Unconditional territory (solver/benson.hpp) beside unconditional life. Off: alive stones
    // and one-point eyes only (a measurement and a test oracle).
    bool use_territory = true;
    // Life after one reply (solver/reply_life.hpp): at a node of the superko presets, the side
    // not to move keeps the safe points it reaches with one answer to any move. Off: Benson's
    // and territory's bounds alone, as before 2026-12-06, kept to measure the gain.
    bool reply_life = true;
    // How many answers the side keeping its points may make (1 or 2, ReplyLife::MaxDepth): with
    // 2, a reply after which one more answer to any move suffices counts too. 0: by the board
    // (default_reply_depth in solver/reply_life.hpp).
    int reply_depth = 0;
    // Benson's results looked up by board in a cache per thread (solver/benson.hpp), which
    // returns exactly what the computation would. Off: computed at every node (a test oracle).
    bool safety_cache = true;
    // Enhanced transposition cutoffs: a node first looks its children up (the game's end, their
    // static bounds, the table) for one that refutes beta. Off: search them in order.
    bool lookup_children = true;
    // Exact boards: each proof's boards as a list of fingerprints beside the table's Bloom filter
    // (solver/board_log.hpp), so that an entry is refused only where an earlier position may
    // really be one of them. Off: the filter alone, with the table's memory to the proofs.
    bool board_lists = true;
    // A used entry's list is copied to the ring's head once it is half a lap old, so that the
    // ring forgets only the lists of replaced entries (Searcher::renew_list). Off: every list is
    // lost a lap after it was written, in use or not (the rule before 2026-12-05; a measurement).
    bool renew_lists = true;
    // Move order with tactics (captures, saves; the pass late, eye fills last;
    // solver/move_order.cpp). Off: the order before 2026-11-25 (the pass right after the table
    // move, no tactics), kept to measure the gain.
    bool tactical_order = true;
    // Siblings searched after an open child get a quarter of the depth where Searcher's rule
    // allows it (one thread, two rows or more, at most 20 points, territory on;
    // solver/searcher.hpp). Off: half everywhere, the rule before 2026-11-28, kept to measure
    // the gain.
    bool quarter_siblings = true;
    // An open test carries a lean, the side to move's likely answer, and a node near the horizon
    // stops at the first open child that leans its way (solver/node.cpp, step 5; one thread
    // only, solver/searcher.hpp). Off: every child of an open node is searched, as before
    // 2026-12-01, kept to measure the gain.
    bool lean_cutoffs = true;
    // Simple ko: bounds from a retrograde analysis of the game without its history
    // (solver/retrograde.hpp), where it fits in half of hash_bytes. Off: none (a test oracle).
    bool use_cycle_bounds = true;
    // Those bounds built by the caller (build_cycle_bounds below) before it made the tables it
    // keeps, so that it could give them the rest of hash_bytes as solve() does its own; null:
    // solve() builds them itself where use_cycle_bounds asks.
    const CycleBoundsBuild* cycle_bounds = nullptr;
    const std::atomic<bool>* stop = nullptr;  // set (e.g. by Ctrl-C) to stop early
    u64 node_limit = 0;                       // stop after about this many nodes (0: none)
    int threads = 1;  // >1: young brothers wait on that many oneTBB threads (parallel.hpp)
    // The stack of the search's thread and of its workers (solver/stack.hpp): address space,
    // used only as deep as the search goes; about 200,000 plies. A test sets it small.
    std::size_t stack_bytes = std::size_t{256} << 20;
    // Proofs the table holds per position (0: 16 where the table has room for all positions many
    // times over, else 1; solver/proof.cpp); a test sets it to check the other way too.
    int proofs_per_position = 0;
    // Restarts (0: none): the search drops the test in progress and starts the depth again at 1
    // with an open-test cache of new keys, after this many nodes times the Luby sequence 1, 1, 2,
    // 1, 1, 2, 4, ... Proofs stay in the table. Node counts of one search depend heavily on what
    // the open-test cache holds (docs/solver.md, "Restarts"); restarts cut the long runs short.
    u64 restart_nodes = u64{1} << 17;
    // Restarts made by earlier searches of this game whose tables this one goes on with (a
    // checkpoint resumed): the Luby sequence goes on from there, so the runs are as long as in
    // one uninterrupted search. A run shorter than the work of a proof the table cannot keep
    // (one resting on two earlier records) would never finish it.
    u64 first_run = 0;
    // The nodes a test of a first move gets in the root's first round before the next move is
    // tried; the cap doubles each round (search.cpp, root_value). A test sets it small to make it
    // bite.
    u64 race_cap = u64{1} << 20;
    // The race's tests of a first move race the opponent's replies (search.cpp,
    // replies_reach_within). Off: one null-window test of the child, as before 2026-11-28.
    bool reply_race = true;
    // The rounds of the root's race that earlier searches of this same position after this same
    // history made (a checkpoint resumed: SolveResult::race_round): the first round's cap is
    // race_cap times 2^race_first_round (at most 2^62), so a resumed race goes on with the caps
    // it had reached instead of searching its moves again with small ones. Its tests and what
    // they prove are as in the first round; only how many nodes each may take changes. The race
    // of the optimal first moves, after the value, goes on from the round the value's ended in.
    int race_first_round = 0;
    // The same for the tests of the principal variation (search.cpp, principal_variation). Small,
    // so that a step whose first move in the order takes a long proof and a later one a short
    // proof costs the short one: 2^12 instead of 2^20 (with a resisting pass held back,
    // pv_pass_held_until) cut the line's nodes on 4x4 from 108,599 to 39,580 and on 2x7 from 5.7
    // million to 0.5 million (docs/results.md, 2026-12-05 (late)).
    u64 pv_test_cap = u64{1} << 12;
    // A side that resists holds back a pass proven optimal while a play is still open, until the
    // plays have been tested with this cap (search.cpp, principal_variation); 2^20, the first cap
    // before it became 2^12. Changed only by tests.
    u64 pv_pass_held_until = u64{1} << 20;
    // A conjectured value (Black's view, komi included, half points): the first test of the root's
    // tests asks whether Black reaches it, instead of whether the side to move gets more than half
    // the board. Each test is a proof whatever it asks, so the value is exact either way; only the
    // order of the tests changes. Where the conjecture is the whole board (5x5), one proof is the
    // value (docs/solver.md, "The root"). Unset: the half-board test.
    std::optional<int> aim_x2;
    // With aim_x2: ask only whether Black reaches it, and stop once that is proven either way
    // (SolveResult::aim_answered). Every first move is tested at the aim alone, in the race's
    // rounds, none solved exactly; no value, optimal moves or principal variation follow. For
    // callers that want a yes or no (tools/prove_by_parts.py), whose budget the exact value's
    // tests would spend on questions they do not ask (search.cpp, root_value).
    bool aim_only = false;
    // Called after every test of a first move's value, from the thread that made it.
    std::function<void(const Progress&)> progress;
    // What earlier searches of this same position after this same history proved of its first
    // moves (a checkpoint resumed: solver/checkpoint.hpp): the root's race starts from them
    // instead of proving them again. Each is a proof about this very node, so it holds here.
    std::vector<RootBound> root_bounds;
    // Called between two runs of the search (at a restart), when no thread is searching and the
    // tables hold only whole proofs, with the nodes searched so far, the restarts (first_run's
    // included), the bounds proven so far, those of each first move and the race's round (as
    // SolveResult's): checkpoints (solver/checkpoint.hpp) are written then.
    std::function<void(u64 nodes, u64 restarts, int lower_x2, int upper_x2,
                       const std::vector<RootBound>& root, int race_round)>
        at_rest;
};

// The last round a resumed race may start from (SolveOptions::race_first_round), whose cap is
// race_cap times 2^62; a checkpoint's header holds no later one.
constexpr int MaxRaceRound = 62;

// The least number of nodes the principal variation may spend on resisting (SolveResult::pv).
constexpr u64 PvBudgetFloor = u64{1} << 20;

struct MoveValue {
    Move move;
    int value_x2;
};

struct SolveResult {
    bool complete = false;           // false when stopped: only the bounds hold
    int value_x2 = 0;                // exact value when complete, or when lower == upper
    int lower_x2 = 0, upper_x2 = 0;  // proven bounds (equal to value when complete)
    // SolveOptions::aim_only: the bounds answer whether Black reaches the aim (lower >= aim or
    // upper < aim); not complete, though the search was not stopped.
    bool aim_answered = false;
    std::vector<Move> best_moves;  // every optimal first move
    // A legal game from the position that scores the value, every move optimal: a side that
    // loses prefers plays to a pass (it resists: a play whose test ends within
    // SolveOptions::pv_pass_held_until nodes), any other side takes an optimal pass first (among
    // the moves whose test ends within SolveOptions::pv_test_cap nodes); the resisting stops once
    // the line has cost PvBudgetFloor nodes or as many as the search of the value, whichever is
    // more (search.cpp).
    std::vector<Move> pv;
    std::vector<MoveValue> move_values;  // with all_moves: every legal first move
    // Stopped after the value was proven (lower == upper): the legal first moves not yet known
    // to be optimal or not (best_moves holds those found optimal so far).
    std::vector<Move> undecided_moves;
    // What the root proved of each first move, one of each symmetry class, by a test or without a
    // search (SolveOptions::root_bounds).
    std::vector<RootBound> root_bounds;
    // The round of the root's race in progress, or the last one made: the value's race, then the
    // optimal first moves' race, which goes on from it (SolveOptions::race_first_round, where a
    // resumed search of this position goes on).
    int race_round = 0;
    u64 nodes = 0;           // all threads, the principal variation's included
    u64 value_nodes = 0;     // of nodes, those spent until the value was proven
    u64 pv_nodes = 0;        // of nodes, those that proved the principal variation
    u64 pv_passed_over = 0;  // tests of the principal variation cut short by their cap
    // steps of the principal variation whose move is the only one not proven below the value
    u64 pv_by_elimination = 0;
    double seconds = 0;
    std::size_t table_bytes = 0, table_capacity = 0, table_used = 0;
    u64 table_hits = 0, table_stores = 0;
    u64 lookup_cutoffs = 0;  // nodes proven by looking their children up (lookup_children)
    u64 lean_cutoffs = 0;    // nodes left open at a child leaning their way (lean_cutoffs)
    u64 reply_leaves = 0;    // tests decided by life after one reply (reply_life)
    u64 list_saves = 0;      // entries used thanks to their boards' lists (board_lists)
    u64 list_renewals = 0;   // entries pointed at a copy of their list (Searcher::renew_list)
    u64 stack_cutoffs = 0;   // tests left open for want of stack (SolveOptions::stack_bytes)
    int threads = 1;
    u64 restarts = 0;  // runs ended by a restart (SolveOptions::restart_nodes), first_run's not
    // Tests of first moves that a race of the opponent's replies decided (SolveOptions::
    // reply_race), after one test of the child stayed open.
    u64 reply_races = 0;
    // Simple ko: states of the retrograde analysis (0 when none was made) and those it decides.
    std::size_t cycle_states = 0, cycle_decided = 0;
    double cycle_seconds = 0;  // building them (or finding that they do not fit)
};

// The scores a game on h's board can end with, in half points, Black minus White minus komi:
// from White owning the whole board to Black owning it, and 0 whatever the komi (a draw by
// repetition under simple ko). solve()'s bounds before anything is proven; an aim or a reported
// bound lies within them.
struct ScoreRange {
    int lower_x2, upper_x2;
};
ScoreRange score_range(const History& h);

// The legal first moves of h's current position that a symmetry of the whole history maps onto
// the legal move m, m first: the moves a RootBound of m stands for.
std::vector<Move> first_move_class(const History& h, Move m);

// Solves the game from h's current position (the history before it counts for the ko rules).
// h is used as the search path and is unchanged on return.
SolveResult solve(History& h, const SolveOptions& options);

// What solve() would build of simple ko's history-free bounds from h's current position (none
// unless options.use_cycle_bounds and h's rules are simple ko), in at most half of hash_bytes,
// stopped by options.stop; for a caller that sizes its own tables by what is left.
CycleBoundsBuild build_cycle_bounds(const History& h, const SolveOptions& options);

}  // namespace smallgo
