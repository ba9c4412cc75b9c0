// The solver's transposition table: bounded memory, full keys verified, safe to share between
// threads.
//
// Why a stored value may be reused under superko (the graph history interaction problem)
// ------------------------------------------------------------------------------------------
// Under every preset the legal moves depend on earlier positions, so the value of a position
// depends on how it was reached. The solver stores a result for position n only when its proof
// is independent of the positions before n, and reuses it only where that stays true:
//
//  1. While searching n, every repetition query ("does this candidate position repeat a record
//     of the history?") whose answer came from a record older than n marks the result as
//     dependent; dependent results are never stored (the search reports the oldest such record
//     up the tree, and every node above it may store again).
//  2. The search also keeps `keep`: the stones present in every position its proof generated
//     (the intersection of all candidate boards, and of the keeps of table results it used).
//  3. Under another history H', the same proof stays valid if no position in H' can equal a
//     candidate it generated. A candidate contains every stone of `keep`; so if every earlier
//     position p of H' lacks at least one stone of `keep` (keep is not a subset of p), no
//     query of the proof can get another answer, the proof is the same proof, and the bound
//     holds. The solver checks exactly this, against the whole path, before it uses an entry.
//
// Symmetry: the rules read the same on every symmetric copy of a board, so a proof for position
// n under history H is, mapped by a symmetry s, a proof for s(n) under s(H), with keep s(keep).
// The solver stores each position in its canonical frame (the least copy) with keep and move
// mapped there, and maps them back before the check of step 3, which is made on the real path.
//
// The key is the full position (both bitboards, side to move, consecutive passes), compared
// exactly. The position just before a pass is always the same board with the other side to move,
// so it is part of the key and need not be checked (except under the 1996 rule, whose verdicts
// also depend on whether that turn was a play; see Solver).
//
// Entry layout (4 words, 32 bytes; a bucket is 2 entries and a sequence word, 72 bytes):
//   word 0  black stones              word 2  keep (a subset of black | white)
//   word 1  white stones              word 3  data, bit fields below
//     bits  0-15  lower bound (half points, side to move's view)   bits 40-47  meta: to_move |
//     passes << 1 | 0x80 bits 16-31  upper bound                                      bits 48-55
//     work: log2 of nodes bits 32-39  best move + 2 (0 = none)                          bits 56-63
//     generation
// Concurrent access uses a sequence lock per bucket (odd while being written): readers retry a
// torn read, writers skip a bucket that another thread is writing. Costs: one probe reads one
// bucket; memory is exactly the bucket count times 72 bytes.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

#include "rules/position.hpp"

namespace smallgo {

struct TTData {
    i16 lower = 0, upper = 0;
    Move move = NoMove;
    u8 work = 0;
    Bitboard keep = 0;
};

class TranspositionTable {
  public:
    // A table of at most `bytes` bytes (at least one bucket).
    explicit TranspositionTable(std::size_t bytes);
    static constexpr std::size_t BucketBytes = 72;

    // The entry for p, if stored.
    bool probe(u64 hash, const Position& p, TTData& out) const;
    // Stores a result for p, replacing the same position, else the older or smaller of the two.
    void store(u64 hash, const Position& p, const TTData& d);
    // Starts a new search generation (older entries are replaced first).
    void new_search() { generation_ = static_cast<u8>(generation_ + 1); }
    void clear();

    std::size_t bytes() const { return buckets_count_ * BucketBytes; }
    std::size_t capacity() const { return buckets_count_ * 2; }
    // Entries in use, counted over the whole table (slow: for reports).
    std::size_t used() const;

  private:
    struct Bucket {
        std::atomic<u64> seq{0};
        std::atomic<u64> w[2][4];
    };
    static_assert(sizeof(Bucket) == BucketBytes);
    Bucket& bucket(u64 hash) const {
        return buckets_[static_cast<std::size_t>((static_cast<u128>(hash) * buckets_count_) >> 64)];
    }
    std::size_t buckets_count_;
    std::unique_ptr<Bucket[]> buckets_;
    u8 generation_ = 0;
};

// A lossy cache of open tests: "the test of beta at this position was searched to `depth` plies and
// stayed open", with the move that looked most promising. An entry is never a proof: reusing it
// can only return "open" (the caller deepens later) or reorder moves, so a wrong or stale entry
// costs time but cannot change a value. Hence 64-bit keys without position verification, one
// entry per slot (always replaced), and lock-free reads checked by the key-xor-data trick.
struct OpenData {
    i16 beta = 0;
    u16 depth = 0;
    Move move = NoMove;
    u8 owner = 0;  // the thread that stored it (0: the main thread)
};

class OpenTable {
  public:
    explicit OpenTable(std::size_t bytes);
    static constexpr std::size_t SlotBytes = 16;
    bool probe(u64 key, OpenData& out) const;
    void store(u64 key, const OpenData& d);
    std::size_t bytes() const { return count_ * SlotBytes; }

  private:
    struct Slot {
        std::atomic<u64> check{0};  // key ^ data
        std::atomic<u64> data{0};   // 0: empty
    };
    static_assert(sizeof(Slot) == SlotBytes);
    Slot& slot(u64 key) const {
        return slots_[static_cast<std::size_t>((static_cast<u128>(key) * count_) >> 64)];
    }
    std::size_t count_;
    std::unique_ptr<Slot[]> slots_;
};

}  // namespace smallgo
