// The legal-position sweep spread over the ranks of a RankExchange (MPI processes): each rank
// holds the states whose border_hash it owns, and deciding a point is
//
//   own states --Step 2 (count)--> records per (rank, partition) --Step 3 (exchange, by rounds)-->
//   received records, grouped by partition --Step 4 (add up, a table in L2 each)--> own states
//
// The owner of a state is the high half of (border_hash >> 32) * ranks (Stockfish's index, so
// any number of ranks), and within its owner a state falls in the partition of hash bits 20..31,
// (the top bits choose the owner), so that an owner adds up a partition at a time as LegalSweep
// does. A sender lays its records out by owner and partition, so the
// records arrive sorted by partition: no pass over them before adding up.
//
// Every successor is computed on the rank of its source, with its class count (the classes are
// those of legal_sweep.hpp), and added up only on its owner: the counts, and the row sums (every
// rank's sum gathered and added on every rank), are exactly those of the single-process sweep.
//
// Memory per rank: the own states, the next states (grown as they are added up), and the
// records sent and received in one round. Where both records would not fit the memory limit,
// the exchange goes in rounds, each a range of partitions, and the source is read once per round
// (the successors recomputed): a round costs a pass of successors, not more memory. One thread a
// rank: the ranks are the parallelism.
#pragma once

#include <memory>
#include <vector>

#include "count/border_table.hpp"
#include "count/legal_counts.hpp"
#include "count/rank_exchange.hpp"

namespace smallgo {

template <class Arith>
class ShardSweep {
  public:
    static constexpr int Stride = 1 + Arith::Limbs;  // words per state or record

    ShardSweep(int width, int rows, Arith arith, RankExchange& exchange);
    // The sweep `from` with its counts widened to more limbs (legal_sweep.hpp); nullptr when the
    // system refuses the memory (on some rank: all ranks agree).
    template <class From>
    static std::unique_ptr<ShardSweep> widened(const ShardSweep<From>& from, Arith arith);

    int width() const { return width_; }
    int rows() const { return rows_; }
    int row() const { return point_ / width_; }
    int col() const { return point_ % width_; }
    int points_done() const { return point_; }
    bool done() const { return point_ == rows_ * width_; }
    // States of all ranks before the next point, and the most before any point.
    u64 states() const { return states_; }
    u64 max_states() const { return max_states_; }
    // This rank's memory at its peak, and bytes it sent to other ranks so far.
    u64 peak_bytes() const { return peak_bytes_; }
    u64 bytes_sent() const { return bytes_sent_; }
    // Exchange rounds of the last step.
    int rounds() const { return rounds_; }
    const std::vector<BigCount>& per_row() const { return per_row_; }

    // Decides the next point; false on every rank when some rank would need more than
    // `memory_limit` bytes (0: no limit). `threads` is ignored (one thread a rank).
    bool step(int threads = 1, u64 memory_limit = 0);

    // This rank's own states: local_states() entries of Stride words (checkpoints).
    u64 local_states() const { return local_; }
    const u64* entries() const { return src_.data(); }
    // Sets the sweep at `point` with `local` own states, their entries and the row sums so far
    // (a checkpoint's resume). Collective: sums the states of all ranks.
    void restore(int point, u64 local, std::vector<BigCount> per_row, u64 max_states,
                 Region entries);

    // The owner of a class representative with this border_hash among `ranks` ranks.
    static int owner(u64 hash, int ranks) { return int(((hash >> 32) * u64(ranks)) >> 32); }

  private:
    template <class>
    friend class ShardSweep;
    template <bool RowEnd, class Emit>
    void for_each_successor(Emit&& emit) const;
    BigCount legal_sum();
    void note_bytes(u64 bytes) { peak_bytes_ = std::max(peak_bytes_, bytes); }

    int width_, rows_, point_ = 0;
    Arith arith_;
    RankExchange& exchange_;
    Region src_, dst_, send_, recv_;
    BorderTable<Arith::Limbs> table_;
    u64 local_ = 0, states_ = 1, max_states_ = 1, peak_bytes_ = 0, bytes_sent_ = 0;
    int rounds_ = 1;
    std::vector<BigCount> per_row_;
};

}  // namespace smallgo
