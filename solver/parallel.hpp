// Young brothers wait, the search's parallelism (private to solver/; Searcher::split in
// solver/parallel.cpp). With more than one thread, at a node near the root, or anywhere while a
// thread is idle, whose first searched child did not prove it High, the other children are
// handed out in move order to the arena's threads, each searched by a Searcher of its own on a
// copy of the path. A child that proves the node High (or, near the horizon, stays open leaning
// its way: Searcher::ParallelLeanDepth) cancels its siblings and everything below them: each
// searcher checks the chain of split points above it.
#pragma once

#include <array>
#include <atomic>

#include "rules/types.hpp"

namespace smallgo {

// A node whose children are being searched in parallel.
struct Split {
    std::atomic<bool> cut{false};   // a child proved the node High, or leaned its way: stop
    std::atomic<bool> open{false};  // a child stayed open: children started later get less depth
    std::atomic<int> leaning{-1};   // the first job left open leaning the node's way (a lean cut)
    const Split* parent = nullptr;
    bool cancelled() const {
        for (const Split* s = this; s; s = s->parent)
            if (s->cut.load(std::memory_order_relaxed)) return true;
        return false;
    }
};

// What every searcher of one solve shares.
struct Parallel {
    // Nodes up to this many plies below the root split; below them a node splits only while a
    // thread is idle (docs/solver.md, "Parallel search", for the choice).
    int split_plies = 2;
    int threads = 1;
    // Threads searching: all but those waiting at a split point whose jobs are all taken. A
    // thread idle there takes the helper task of the next split anywhere below (oneTBB runs
    // other tasks of the arena in a wait), so the tail of a split is shared.
    std::atomic<int> working{1};
    bool idle() const { return working.load(std::memory_order_relaxed) < threads; }
    std::atomic<bool> halt{false};  // a stop or the node limit: every searcher stops
    // A restart (Searcher::restart_due): due once `counted` reaches restart_at; every searcher
    // then drops its test, and the root searcher starts the next run.
    std::atomic<u64> restart_at{~u64{0}};
    std::atomic<bool> restart{false};
    std::atomic<u64> counted{0};  // nodes of every searcher, counted in steps of 4,096
    // The history counts of every searcher (atomic_ref, relaxed): a task's cutoffs order the
    // moves of the tasks after it, as they would in one thread.
    std::array<std::array<u32, MaxPoints>, 2> history{};
};

}  // namespace smallgo
