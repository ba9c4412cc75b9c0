// The ranks of a distributed count over MPI (Open MPI from Debian): an MpiSession initialises
// MPI for the life of a count run under `mpirun`, and its exchange() implements RankExchange
// with MPI collectives on MPI_COMM_WORLD. Built only where CMake finds MPI
// (SMALLGO_HAVE_MPI); the program started without mpirun never initialises MPI.
#pragma once

#include <memory>

#include "count/rank_exchange.hpp"

namespace smallgo {

class MpiSession {
  public:
    // Whether this process was started by mpirun (Open MPI's or a PMIx launcher's variables).
    static bool launched();
    // MPI_Init_thread (funneled: only the thread that made the session calls MPI).
    MpiSession();
    // MPI_Finalize.
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    RankExchange& exchange() { return *exchange_; }

  private:
    std::unique_ptr<RankExchange> exchange_;
};

}  // namespace smallgo
