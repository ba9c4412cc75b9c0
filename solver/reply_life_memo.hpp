// Two per-thread caches of the walk of life after a reply (reply_life.cpp), each returning
// exactly what the computation it replaces would, so that no node count depends on them.
//
// ReplyFailureMemo: the walks that failed where no record refused a reply, by board, colour and
// depth, with the least `need` that failed. A top walk that failed with no reply refused by a
// record of the path ran as it would on a path that refuses nothing (the boards of the lines it
// pushes, after y and z, are the same on every path), and another path can only refuse more
// replies, which turns no failure into a success: the walk asks that every opponent move have an
// answer, and each answer tries every reply. So the failure holds on every path. A walk
// below depth 2 (at the position after y and z) is remembered only where no record at all
// refused a reply, since another line reaches the same board with other records above the path.
// A failure at `need` is one at every larger need: a reply that reaches more reaches `need`. So
// a hit answers false exactly as the walk would (the test "the memo of depth 2's failures
// changes no node count" compares searches with it and without it). Half the failures of a 4x4
// search at depth 2 are repeats, and each costs four to eight of Benson's lookups.
//
// AliveCache: one colour's alive stones by board (Benson's algorithm for that colour alone; the
// walk's boards are mostly new to the search, and SafetyCache computes both colours on a miss).
//
// Both are direct-mapped and answer for one board size and rule (a lookup under others empties
// them first); a slot holds the stones of both colours, so a collision only replaces it.
#pragma once

#include <atomic>
#include <vector>

#include "rules/history.hpp"

namespace smallgo {

class ReplyFailureMemo {
  public:
    static std::atomic<bool> enabled;  // off: the walk every time (the tests' oracle)
    // The answers given by the memos of threads that have ended (for the tests: a solve's
    // thread ends before solve returns).
    static std::atomic<u64> ended_hits;

    ReplyFailureMemo() = default;
    ReplyFailureMemo(const ReplyFailureMemo&) = delete;
    ReplyFailureMemo& operator=(const ReplyFailureMemo&) = delete;
    ~ReplyFailureMemo() { ended_hits.fetch_add(hits_, std::memory_order_relaxed); }

    // Whether the walk of this depth failed at p for c at `need` or less.
    bool fails(const History& h, const Position& p, Color c, int need, int depth);
    void record(const History& h, const Position& p, Color c, int need, int depth);

  private:
    struct Slot {
        Bitboard black = 0, white = 0;
        u16 need = 0;  // 0: empty (the walk runs only for a need of at least 1)
        u8 depth = 0;
        u8 colour = 0;
        // Whether it holds a failure of this board, colour and depth at `at_need` or less.
        bool fails(const Position& p, Color c, int at_need, int at_depth) const;
    };
    Slot& slot(const History& h, const Position& p, Color c, int depth);
    // 192 KiB, to stay in a core's second-level cache (as AliveCache): a larger memo answers
    // more often but waits for memory on most lookups, and is slower in all.
    std::vector<Slot> slots_ = std::vector<Slot>(std::size_t{1} << 13);
    u32 context_ = 0;  // board size, suicide and ko rule the slots answer for
    u64 hits_ = 0;
};

// This thread's memo.
ReplyFailureMemo& reply_failure_memo();

// c's unconditionally alive stones at p (Benson's algorithm, as `unconditional` finds them),
// through this thread's AliveCache.
Bitboard cached_alive_stones(const Geometry& g, const Position& p, Color c, bool suicide_allowed);

}  // namespace smallgo
