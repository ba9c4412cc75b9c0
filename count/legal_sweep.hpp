// One sweep of the legal-position transfer over a board of fixed width: the state arrays and
// the step that decides one point. After each completed row k it records L(k, width), the count
// of the states with no needing stone (border_state.hpp), so one sweep of `rows` rows yields
// L(k, width) for every k <= rows.
//
// The arrays hold one representative word of each class of states with the same future, and
// the count of the whole class (the sum of its states' counts):
//
//   | before the point       | a class is                         | representative          |
//   |------------------------|------------------------------------|-------------------------|
//   | inside a row           | a state and its colour swap        | border::swap_canonical  |
//   | first of a row (k > 0) | also the mirror images of both     | border::full_canonical  |
//
// Both maps commute with what is left of the sweep (the swap with every step; the mirror with
// whole rows, so only where the border is a full row), so every state of a class has the same
// number of completions and the answer, the sum of count times completions, is unchanged when
// a class is swept from its representative alone. So a step needs no weights: each successor
// of a representative receives the class count, under the representative of its own class.
// The row sums L(k, width) are sums of class counts. A class stored at a row end is about half
// as many states as without the mirror, but the classes of a row split up again as its points
// are decided: over a sweep about 3/4 of the source states remain.
//
// Each partition's states go to the destination grouped by the two cells the next point reads
// (BorderTable::drain), so that the branches of border::successors() are predictable.
//
// A step is a radix partitioning of the successor stream, so that no access goes at random
// into a table bigger than a core's cache:
//
//   source array  --Step 1 (scatter)-->  partition blocks  --Step 2 (add up)-->  dest array
//   (word, count)    successors, each      P chains of         one small table     (word, count)
//   dense, any order with its count, to    fixed-size blocks   per partition,       dense
//                    partition hash >> ..                      in L2, then drained
//
// Step 1 reads the source in order and appends every successor, with the count of its source,
// to the block of its partition (the high bits of border_hash); blocks come from one pool. The
// source is then dead: its pages go back to the system before the destination is written.
// Step 2 adds up each partition in a table that fits the L2 cache and appends its distinct
// states to the destination. With several threads (oneTBB), each thread scatters a range of the
// source into its own blocks and adds up whole partitions, so no count is ever shared: no
// atomics on counts, only on the pool and destination cursors. One thread gives a
// deterministic order; the counts are exact either way.
//
// Memory per step: the source or the destination array (n entries of 1 + Limbs words; both
// while the source is small enough to keep), plus the pool (at most 3 n records of the same
// size, about 2.7 n at the widest step), plus per thread one block per partition and a table.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "count/border_table.hpp"
#include "count/legal_counts.hpp"

namespace smallgo {

template <class Arith>
class LegalSweep {
  public:
    static constexpr int Stride = 1 + Arith::Limbs;  // words per state or record

    // A sweep of `rows` rows of `width` (1..MaxBorderWidth) points; `mirror`: merge mirror
    // images at row ends (false: colour swaps only, for tests and comparisons).
    LegalSweep(int width, int rows, Arith arith, bool mirror = true);
    ~LegalSweep();
    // The sweep `from`, at the same point, with its counts widened to this sweep's arithmetic
    // (more limbs; exact counts start narrow and widen as they grow, see legal_count.cpp);
    // nullptr when the system refuses the memory.
    template <class From>
    static std::unique_ptr<LegalSweep> widened(const LegalSweep<From>& from, Arith arith);

    int width() const { return width_; }
    int rows() const { return rows_; }
    // The next point to decide: row and column.
    int row() const { return point_ / width_; }
    int col() const { return point_ % width_; }
    int points_done() const { return point_; }
    bool done() const { return point_ == rows_ * width_; }
    // States (class representatives, see above) before the next point, and the most seen
    // before any point.
    u64 states() const { return states_; }
    u64 max_states() const { return max_states_; }
    // Bytes of memory in use at most so far (arrays, pool, tables: pages touched).
    u64 peak_bytes() const { return peak_bytes_; }
    // L(k, width) (mod P for ModSum) for k = 1 .. completed rows.
    const std::vector<BigCount>& per_row() const { return per_row_; }

    // Decides the next point with `threads` threads. Returns false when the step would need
    // more than `memory_limit` bytes (0: no limit) or the system refuses memory; the sweep is
    // then stuck halfway through the point and cannot go on.
    bool step(int threads = 1, u64 memory_limit = 0);

    // The states before the next point: states() entries of Stride words (checkpoints).
    u64 local_states() const { return states_; }
    const u64* entries() const { return src_.data(); }
    // Sets the sweep at `point` with `states` states, their entries and its row sums so far (a
    // checkpoint's resume).
    void restore(int point, u64 states, std::vector<BigCount> per_row, u64 max_states,
                 Region entries);

    // A deep copy (benchmarks and tests).
    std::unique_ptr<LegalSweep> clone() const;
    // The states before the next point, with their class counts as big integers (tests).
    std::vector<std::pair<BorderWord, BigCount>> snapshot() const;
    // Internal consistency: every stored word well formed and the representative of its
    // class, no word twice.
    bool is_ok() const;

  private:
    template <class>
    friend class LegalSweep;
    struct Threads;
    template <bool RowEnd>
    void scatter(u64 begin, u64 end, int col, bool first_row, u64** cur, u32* block);
    void add_up(u64 partition, BorderTable<Arith::Limbs>& table);
    bool next_block(u64*& cur, u32& block);
    BigCount legal_sum() const;
    void note_bytes(u64 bytes) { peak_bytes_ = std::max(peak_bytes_, bytes); }

    int width_, rows_, point_ = 0;
    bool mirror_;
    Arith arith_;
    Region src_, dst_, pool_;
    u64 states_ = 1, max_states_ = 1, peak_bytes_ = 0;
    // The step in progress: partitions, blocks, budgets.
    int part_bits_ = 0;
    u64 block_records_ = 0, max_blocks_ = 0, pool_budget_blocks_ = 0, dst_budget_ = 0;
    u64 pool_touched_ = 0;  // bytes of the pool ever written (its pages stay committed)
    std::atomic<u64> blocks_used_{0}, dst_used_{0};
    std::atomic<bool> overflow_{false};
    std::vector<u32> block_next_, block_fill_;  // chain and records of each block
    std::vector<u32> chain_head_;               // [thread * partitions + p]: first block
    std::unique_ptr<Threads> threads_;
    std::vector<BigCount> per_row_;
};

// Partition bits of a step from `states` states of `entry_bytes` bytes: as many as make each
// partition hold about 256 KB of successor records (its table then stays in a core's L2 cache).
int sweep_partition_bits(u64 states, u64 entry_bytes);

// Bytes the sweep is expected to need at its peak, when its widest step holds `states` states
// of counts of `limbs` words, with `threads` threads.
u64 sweep_bytes_estimate(u64 states, int limbs, int threads);

}  // namespace smallgo
