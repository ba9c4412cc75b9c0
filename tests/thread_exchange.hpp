// Ranks as threads of one process, for the tests of the distributed sweep without MPI: every
// collective of RankExchange is a meeting at a barrier, where each rank posts what it sends and
// then reads what the others posted for it.
#pragma once

#include <algorithm>
#include <barrier>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "count/rank_exchange.hpp"

namespace smallgo::test {

class ThreadGroup {
  public:
    explicit ThreadGroup(int ranks)
        : ranks_(ranks),
          barrier_(ranks),
          send_(ranks),
          counts_(ranks),
          values_(ranks),
          messages_(ranks) {}

    // Runs body(exchange) on `ranks` threads, one per rank, and waits for them.
    template <class Body>
    void run(Body body);

  private:
    friend class ThreadExchange;
    int ranks_;
    std::barrier<> barrier_;
    std::vector<const u64*> send_, counts_;
    std::vector<u64> values_;
    std::vector<std::optional<std::string>> messages_;
};

class ThreadExchange final : public RankExchange {
  public:
    ThreadExchange(ThreadGroup& group, int rank) : g_(group), rank_(rank) {}
    int rank() const override { return rank_; }
    int ranks() const override { return g_.ranks_; }
    void all_to_all(const u64* send, u64* recv, int n) override {
        g_.send_[rank_] = send;
        g_.barrier_.arrive_and_wait();
        for (int r = 0; r < g_.ranks_; ++r)
            std::copy_n(g_.send_[r] + std::size_t(rank_) * n, n, recv + std::size_t(r) * n);
        g_.barrier_.arrive_and_wait();
    }
    void all_to_all_records(const u64* send, const u64* send_counts, u64* recv,
                            const u64* recv_counts, int words) override {
        g_.send_[rank_] = send;
        g_.counts_[rank_] = send_counts;
        g_.barrier_.arrive_and_wait();
        u64 at = 0;
        for (int r = 0; r < g_.ranks_; ++r) {
            u64 offset = 0;
            for (int d = 0; d < rank_; ++d) offset += g_.counts_[r][d];
            std::copy_n(g_.send_[r] + offset * words, recv_counts[r] * words, recv + at * words);
            at += recv_counts[r];
        }
        g_.barrier_.arrive_and_wait();
    }
    void all_gather(const u64* mine, u64* all, int n) override {
        g_.send_[rank_] = mine;
        g_.barrier_.arrive_and_wait();
        for (int r = 0; r < g_.ranks_; ++r) std::copy_n(g_.send_[r], n, all + std::size_t(r) * n);
        g_.barrier_.arrive_and_wait();
    }
    u64 sum(u64 mine) override {
        return reduce(mine, [](u64 a, u64 b) { return a + b; });
    }
    u64 max(u64 mine) override {
        return reduce(mine, [](u64 a, u64 b) { return std::max(a, b); });
    }
    std::optional<std::string> first_message(const std::optional<std::string>& mine) override {
        g_.messages_[rank_] = mine;
        g_.barrier_.arrive_and_wait();
        std::optional<std::string> first;
        for (const auto& m : g_.messages_)
            if (m && !first) first = m;
        g_.barrier_.arrive_and_wait();
        return first;
    }

  private:
    template <class Op>
    u64 reduce(u64 mine, Op op) {
        g_.values_[rank_] = mine;
        g_.barrier_.arrive_and_wait();
        u64 out = g_.values_[0];
        for (int r = 1; r < g_.ranks_; ++r) out = op(out, g_.values_[r]);
        g_.barrier_.arrive_and_wait();
        return out;
    }
    ThreadGroup& g_;
    int rank_;
};

template <class Body>
void ThreadGroup::run(Body body) {
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks_; ++r)
        threads.emplace_back([this, r, &body] {
            ThreadExchange exchange(*this, r);
            body(static_cast<RankExchange&>(exchange));
        });
    for (auto& t : threads) t.join();
}

}  // namespace smallgo::test
