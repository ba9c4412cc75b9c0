// RankExchange over MPI_COMM_WORLD. Records travel as an MPI datatype of `words` u64, so that a
// count of records, not of words, must fit MPI's int (2^31 records a pair of ranks: far beyond a
// rank's memory).
#include "count/mpi_exchange.hpp"

#include <mpi.h>

#include <cassert>
#include <climits>
#include <cstdlib>
#include <vector>

namespace smallgo {

namespace {
class MpiExchange final : public RankExchange {
  public:
    MpiExchange() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
    }
    int rank() const override { return rank_; }
    int ranks() const override { return ranks_; }
    void all_to_all(const u64* send, u64* recv, int n) override {
        MPI_Alltoall(send, n, MPI_UINT64_T, recv, n, MPI_UINT64_T, MPI_COMM_WORLD);
    }
    void all_to_all_records(const u64* send, const u64* send_counts, u64* recv,
                            const u64* recv_counts, int words) override {
        MPI_Datatype record;
        MPI_Type_contiguous(words, MPI_UINT64_T, &record);
        MPI_Type_commit(&record);
        std::vector<int> sc(ranks_), sd(ranks_), rc(ranks_), rd(ranks_);
        u64 s = 0, r = 0;
        for (int i = 0; i < ranks_; ++i) {
            assert(send_counts[i] <= INT_MAX && recv_counts[i] <= INT_MAX);
            sc[i] = int(send_counts[i]);
            rc[i] = int(recv_counts[i]);
            // Displacements are ints too, in records: 2^31 records a rank at most.
            assert(s <= INT_MAX && r <= INT_MAX);
            sd[i] = int(s);
            rd[i] = int(r);
            s += send_counts[i];
            r += recv_counts[i];
        }
        MPI_Alltoallv(send, sc.data(), sd.data(), record, recv, rc.data(), rd.data(), record,
                      MPI_COMM_WORLD);
        MPI_Type_free(&record);
    }
    void all_gather(const u64* mine, u64* all, int n) override {
        MPI_Allgather(mine, n, MPI_UINT64_T, all, n, MPI_UINT64_T, MPI_COMM_WORLD);
    }
    u64 sum(u64 mine) override {
        u64 out = 0;
        MPI_Allreduce(&mine, &out, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        return out;
    }
    u64 max(u64 mine) override {
        u64 out = 0;
        MPI_Allreduce(&mine, &out, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
        return out;
    }
    std::optional<std::string> first_message(const std::optional<std::string>& mine) override {
        int from = mine ? rank_ : ranks_, lowest = 0;
        MPI_Allreduce(&from, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (lowest == ranks_) return std::nullopt;
        std::string text = rank_ == lowest ? *mine : std::string();
        int length = int(text.size());
        MPI_Bcast(&length, 1, MPI_INT, lowest, MPI_COMM_WORLD);
        text.resize(std::size_t(length));
        MPI_Bcast(text.data(), length, MPI_CHAR, lowest, MPI_COMM_WORLD);
        return text;
    }

  private:
    int rank_ = 0, ranks_ = 1;
};
}  // namespace

bool MpiSession::launched() {
    return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMIX_RANK");
}

MpiSession::MpiSession() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    exchange_ = std::make_unique<MpiExchange>();
}

MpiSession::~MpiSession() {
    exchange_.reset();
    MPI_Finalize();
}

}  // namespace smallgo
