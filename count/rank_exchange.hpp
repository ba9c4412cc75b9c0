// The collective operations that the distributed sweep (shard_sweep.hpp) needs from the ranks
// of a count, so that the sweep knows nothing of MPI: mpi_exchange.cpp implements them with MPI
// (built only where Open MPI is found), LocalExchange with one rank in one process, for the tests
// and for the build without MPI. Every rank calls each operation in the same order (collective).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/types.hpp"

namespace smallgo {

class RankExchange {
  public:
    virtual ~RankExchange() = default;
    virtual int rank() const = 0;
    virtual int ranks() const = 0;

    // Every rank sends send[r * n .. r * n + n) to rank r and receives rank r's block to it in
    // recv[r * n ..): n words per pair.
    virtual void all_to_all(const u64* send, u64* recv, int n) = 0;
    // Records of `words` words each: send_counts[r] records from send (rank 0's first, then
    // rank 1's, ...) go to rank r; recv_counts[r] records come from rank r into recv, in rank
    // order. The counts must agree (all_to_all them first).
    virtual void all_to_all_records(const u64* send, const u64* send_counts, u64* recv,
                                    const u64* recv_counts, int words) = 0;
    // Every rank's `n` words, rank 0's first, on every rank.
    virtual void all_gather(const u64* mine, u64* all, int n) = 0;
    // The sum and the maximum over the ranks; whether any rank says true.
    virtual u64 sum(u64 mine) = 0;
    virtual u64 max(u64 mine) = 0;
    bool any(bool mine) { return max(mine ? 1 : 0) != 0; }
    // The message of the lowest rank that has one, on every rank (nullopt when none has).
    virtual std::optional<std::string> first_message(const std::optional<std::string>& mine) = 0;
};

// One rank: every operation is a copy.
class LocalExchange final : public RankExchange {
  public:
    int rank() const override { return 0; }
    int ranks() const override { return 1; }
    void all_to_all(const u64* send, u64* recv, int n) override { std::copy(send, send + n, recv); }
    void all_to_all_records(const u64* send, const u64* send_counts, u64* recv, const u64*,
                            int words) override {
        std::copy(send, send + send_counts[0] * u64(words), recv);
    }
    void all_gather(const u64* mine, u64* all, int n) override { std::copy(mine, mine + n, all); }
    u64 sum(u64 mine) override { return mine; }
    u64 max(u64 mine) override { return mine; }
    std::optional<std::string> first_message(const std::optional<std::string>& mine) override {
        return mine;
    }
};

}  // namespace smallgo
