// One sweep of the legal-position transfer over a board of fixed width: the state tables and
// the step that decides one point. After each completed row k it records L(k, width), the count
// of the states with no needing stone (border_state.hpp), so one sweep of `rows` rows yields
// L(k, width) for every k <= rows.
//
// Exchanging black and white maps a state to one with the same count (border_state.hpp), so
// the tables hold one representative of each such pair, the smaller word: half the states.
// A step reads every state of the source table, writes its (at most three) successors into the
// destination table and empties the source slot, so the source ends empty and becomes the next
// destination. Successors are computed for a batch of source states and their slots prefetched
// before any is inserted, which hides most of the memory latency. With several threads (oneTBB)
// all insert into the one destination (atomic claims and adds); with one thread the adds are
// plain and the run is deterministic (the counts are exact either way). When the destination
// passes its load limit, the remaining source states wait, the destination grows (rehash), and
// the step resumes: a step never starts over. Memory: two tables of (1 + Limbs) words a slot.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "tables/border_table.hpp"
#include "tables/legal_counts.hpp"

namespace smallgo {

template <class Arith>
class LegalSweep {
  public:
    using Table = BorderTable<Arith::Limbs>;

    // A sweep of `rows` rows of `width` (1..MaxBorderWidth) points. The tables start small and
    // grow when needed; `expected_states` (0: unknown) lets them grow straight to their size.
    LegalSweep(int width, int rows, Arith arith, u64 expected_states = 0);
    ~LegalSweep();

    int width() const { return width_; }
    int rows() const { return rows_; }
    // The next point to decide: row and column.
    int row() const { return point_ / width_; }
    int col() const { return point_ % width_; }
    int points_done() const { return point_; }
    bool done() const { return point_ == rows_ * width_; }
    // States (representatives of colour-swap pairs) before the next point, and the most seen
    // before any point.
    u64 states() const { return states_; }
    u64 max_states() const { return max_states_; }
    // Bytes of the tables now, and at most so far (including a rehash's overlap).
    u64 bytes() const { return src_.bytes() + dst_.bytes(); }
    u64 peak_bytes() const { return peak_bytes_; }
    // L(k, width) (mod P for ModSum) for k = 1 .. completed rows.
    const std::vector<BigCount>& per_row() const { return per_row_; }

    // Decides the next point with `threads` threads. Returns false when the destination would
    // have to grow beyond `memory_limit` bytes (0: no limit) or the system refuses memory; the
    // sweep is then stuck halfway through the point and cannot go on.
    bool step(int threads = 1, u64 memory_limit = 0);

    // A deep copy (benchmarks and tests).
    std::unique_ptr<LegalSweep> clone() const;
    // The states before the next point, with their counts as big integers (tests).
    std::vector<std::pair<BorderWord, BigCount>> snapshot() const;
    // Internal consistency: every stored word well formed, the state count right.
    bool is_ok() const;

  private:
    template <bool Concurrent>
    void run_range(u64 begin, u64 end, int col, bool first_row);
    bool grow_destination(u64 memory_limit);
    BigCount legal_sum(int threads) const;
    void note_bytes(u64 extra = 0);

    int width_, rows_, point_ = 0;
    Arith arith_;
    Table src_, dst_;
    u64 states_ = 1, max_states_ = 1, peak_bytes_ = 0, capacity_hint_ = 0;
    std::atomic<u64> used_{0};           // claimed slots of dst_ in this step
    std::atomic<bool> overflow_{false};  // a batch waited for dst_ to grow
    std::vector<BigCount> per_row_;
    struct Arena;
    std::unique_ptr<Arena> arena_;
};

// Slots for a table that is to hold `states` states below its load limit.
u64 capacity_for_states(u64 states);

}  // namespace smallgo
