// The legal-position counter: L(m, n), the number of m x n positions in which every string has a
// liberty, exactly (or modulo P), by one sweep of the border-state transfer (legal_sweep.hpp)
// along the longer side, so that the border is the shorter side. The sweep of an m x n board
// also yields L(k, n) for every k <= m. Exact counts are multi-limb integers that start in one
// limb and widen as the counts grow (at most 3^points after that many points), so that the
// early rows move fewer bytes.
//
// An exact count can also be made of residues: one sweep modulo each of the k largest primes
// below 2^64, enough that their product exceeds 3^points (so every count), recombined by the
// Chinese remainder theorem (legal_crt.hpp). It costs k sweeps of one-limb counts instead of one
// sweep of multi-limb counts: slower, but in about a third of the memory on big boards, so it is
// how an exact count proceeds where the multi-limb tables would not fit (choose_exact_method).
//
// A count can also run on several ranks (MPI processes; shard_sweep.hpp), each holding the
// states whose hash it owns, and can write checkpoints of its state tables as it goes, from
// which a later count resumes (checkpoint.hpp; the code is in legal_run.cpp).
//
// Costs: time and memory grow about fivefold per unit of width (see max_states_estimate); the
// length only adds time linearly. Before starting, count_problem() says whether a board can be
// counted at all, and within a memory budget.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "count/legal_counts.hpp"
#include "count/rank_exchange.hpp"

namespace smallgo {

// The widest border counted: beyond it the tables would not fit any machine of ours.
constexpr int MaxCountWidth = 16;
// The most limbs of an exact count (3^points < 2^512).
constexpr int MaxCountLimbs = 8;

struct CountProgress {
    int row = 0, col = 0;  // the next point to decide
    int width = 0, length = 0;
    u64 states = 0;                         // states before that point
    int points_done = 0, points_total = 0;  // within this sweep
    int sweep = 0, sweeps = 1;  // the residue sweep under way (from 0) and how many there are
    double seconds = 0;         // since the count began
    u64 bytes_exchanged = 0;    // between ranks so far, all ranks together
};

struct CountOptions {
    int rows = 0, cols = 0;
    u64 modulus = 0;  // 0: the exact count; else the count modulo this (>= 2)
    int threads = 1;  // oneTBB threads; 1 is deterministic (the counts are exact either way)
    // Exact counts (modulus 0) only: 0 counts in multi-limb integers; k > 0 counts modulo
    // large_prime(0), ..., large_prime(k - 1) and recombines (at least residues_for_points()).
    int residues = 0;
    u64 memory_limit = 0;                     // bytes of state tables allowed; 0: no limit
    const std::atomic<bool>* stop = nullptr;  // checked between points
    std::function<void(const CountProgress&)> progress;  // called after every point
    // The ranks of a distributed count (all of them call count_legal with the same options);
    // nullptr: this process alone, with `threads` threads.
    RankExchange* exchange = nullptr;
    // Checkpoints: the directory to write them to ("": none), at every row end and at most
    // checkpoint_seconds apart; the directory to resume from ("": from the start); the
    // program's version, which a checkpoint must match.
    std::string checkpoint_dir, resume_dir;
    double checkpoint_seconds = 600;
    std::string version;
    std::function<void(const std::string&)> note;  // a line for the user (a checkpoint skipped)
};

enum class CountEnd : u8 { Complete, Interrupted, OutOfMemory, BadCheckpoint };

struct CountResult {
    int width = 0, length = 0;      // the border width and the number of rows swept
    std::vector<BigCount> per_row;  // L(k, width) for k = 1 .. rows completed (mod P if asked)
    u64 max_states = 0;             // the most states before any point
    u64 peak_bytes = 0;             // state tables at their largest
    int limbs = 0;                  // 64-bit words per count at the end
    int residues = 0;               // residue sweeps recombined; 0: counted in limbs
    double seconds = 0;
    CountEnd end = CountEnd::Complete;
    int stopped_row = 0, stopped_col = 0;  // the next point when not complete
    int stopped_sweep = 0;                 // and the residue sweep it was in
    int ranks = 1;                         // processes of a distributed count
    u64 bytes_exchanged = 0;               // between them, all ranks together
    int checkpoints = 0;                   // checkpoints written
    int resumed_point = -1;                // the point of the checkpoint resumed from, or -1
    int resumed_sweep = 0;
    std::string problem;  // CountEnd::BadCheckpoint: why

    bool complete() const { return end == CountEnd::Complete; }
    // L(rows, cols): the count of the whole board (complete runs only).
    const BigCount& value() const { return per_row.back(); }
};

// The number of states at the widest step for a border of `width` (measured up to 13, beyond
// extrapolated); an upper estimate for any length.
u64 max_states_estimate(int width);
// Bytes of state arrays and tables the count of this board is expected to need at its peak.
u64 bytes_estimate(int rows, int cols, u64 modulus, int threads = 1);
// Residue sweeps whose moduli's product exceeds 3^points, so recombining them is exact.
int residues_for_points(int points);
// For an exact count that cannot run in multi-limb integers (its tables over the memory limit,
// or its counts over MaxCountLimbs limbs), sets options.residues to residues_for_points(), the
// least memory an exact count can take (count_problem then says whether that fits); returns
// whether it did. Leaves every other count alone.
bool choose_exact_method(CountOptions& options);
// Why this count cannot be run (bad size, too wide, too big for the limbs, over the memory
// limit), or nullopt when it can.
std::optional<std::string> count_problem(const CountOptions& options);

// Counts the legal positions of options.rows x options.cols (count_problem() must be nullopt).
CountResult count_legal(const CountOptions& options);

// L(rows, cols) exactly; for tests and small boards (no limits, one thread).
BigCount legal_positions(int rows, int cols);

}  // namespace smallgo
