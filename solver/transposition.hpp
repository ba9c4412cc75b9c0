// The solver's transposition table: bounded memory, full keys verified, safe to share between
// threads.
//
// Why a stored value may be reused under superko (the graph history interaction problem)
// ------------------------------------------------------------------------------------------
// Under every preset the legal moves depend on earlier positions, so the value of a position
// depends on how it was reached. A proof at position n asks the history two kinds of question:
// "is this candidate a repetition?" (which makes a play illegal, or under simple ko ends the game
// as a draw), answered yes by some record or no. The solver stores a result with what makes those
// answers the same on another path H' to n, and checks it, against the whole path, before use:
//
//  1. Answers "yes" from a record at or after n stay yes: those records are the proof's own path.
//     Answers "yes" from a record before n are requirements. A result resting on two different
//     such queries is not stored; one resting on one is stored with it (kind: the simple-ko
//     comparison with the position before n, or a repetition by the preset's criterion; and the
//     candidate position), and is used only where that query again finds a record before n. The
//     search reports the queries up the tree; a node above the oldest record has none.
//  2. Answers "no" must stay no. The search keeps the set S of candidate boards whose "no"
//     the proof needs: the board of the move that proves a High node; under simple ko every
//     candidate (a draw can raise a value). A Low node needs no candidate of its own: a move
//     that another history forbids only removes an option. (A pass asks nothing, but its board
//     is counted too: leaving it out cost 4x4 a quarter more nodes.) S is summarised
//     three times: `keep`, the stones present in every board of S; `boards`, a 64-bit Bloom
//     filter of S (two bits of a hash of each board, the same for all its symmetric copies); and
//     `list`, the sorted 16-bit fingerprints of S (16 other bits of that hash) in the BoardLog,
//     or none (board_log.hpp). An earlier position p of H' can be a board of S only if it holds
//     every stone of keep, its bits are all in the filter and its fingerprint is in the list (a
//     lost list holds every one); if no earlier position passes all three, every "no" stays no.
//  3. With the answers unchanged the proof is the same proof under H', and the bound holds.
//     Bounds from unconditional life (alive stones and the one-point eyes they enclose) hold
//     under any history and add nothing to S.
//  4. Unconditional territory (benson.hpp) holds at a leaf D with the alive set A of colour c
//     where the records holding A form one run ending at D; territory_holds checked that on the
//     whole path where the proof was made. A proof above D carries a condition on the records
//     before its node n, per colour (Keep, proof.hpp): `Run` (every record holding `from` is
//     followed only by records holding `through`) or `Absent` (no record holds `from`), with
//     from a subset of every such A and through a superset. At D it is Run with from = through
//     = A. Passed up to a parent m it stays Run where m holds `through`, else becomes Absent;
//     an Absent one stays Absent; merging takes the intersection of froms, the union of
//     throughs and the stricter kind (Absent). Why that suffices on another path: the records
//     from n down to each leaf D are the proof's own, the same on every path, and among them
//     those holding A already form a final stretch ending at D. Absent at n: no earlier record
//     holds from, so none holds A, and the run is that stretch. Run at n: no lift made it
//     Absent, so every record from n to D holds through, hence A; an earlier record holding A
//     holds from and is followed only by records holding through, hence A: one run. (The
//     parent's condition need not imply the child's: a merge can make a node Absent where one
//     of its leaves needed Run only, and Absent is still enough, by the first case.)
// Merging two proofs' bounds into one entry
// takes the intersection of keeps and the union of filters; an entry with a requirement is not
// merged with another proof. On small boards a position may hold several entries (the solver
// files its v-th one in the v-th bucket after the key's own): each is a whole proof with its own
// keep, filter and requirement, checked alone on the reader's path as above, so holding more of
// them only adds proofs that may be used; one that is usable is the one merged into.
//
// Symmetry: the rules read the same on every symmetric copy of a board, so a proof for position
// n under history H is, mapped by a symmetry s, a proof for s(n) under s(H), with keep s(keep).
// The solver stores each position in its canonical frame (the least copy) with keep, move and the
// requirement's candidate mapped there, and maps them back before the checks above, which are
// made on the real path.
//
// The key is the full position (both bitboards, side to move, consecutive passes), compared
// exactly. The position just before a pass is always the same board with the other side to move,
// so it is part of the key and need not be checked.
//
// The 1996 readings (Rules::start_left_by_nobody). A play's candidate is an earlier record with
// its board and the same player to move, left by that player: under `tromp-taylor-1996` any
// such record but the start (every turn, pass or play, leaves its grid); under
// `tromp-taylor-1996-plays` only one that a play produced (passes leave none). A record after
// the start came from a play exactly when its passes count is 0, so in both readings a record
// answers a query from its own position, as the argument above needs, with one exception: the
// start, left by no one, answers no where a later record of the same position answers yes.
// Hence, under these readings only: (a) no proof is stored or used at the start, so every
// record at or after a node with a proof is a later record, the same on every path; (b) the
// record just before a pass node may be the start, so it is an earlier record there: it is
// tested against the filter, and an answer from it is a requirement, asked again of the History
// (which knows the start) wherever the entry is used. The filter test takes every earlier
// record as a candidate, a superset of what either reading can match, so (1)-(3) hold as
// stated; passes need nothing more, being part of the key and of the records.
//
// Entry layout (8 words, 64 bytes; a bucket is 2 entries and a sequence word, 136 bytes):
//   word 0  black stones      word 3  data, bit fields below       word 5  requirement: black
//   word 1  white stones      word 4  Bloom filter of S             word 6  requirement: white
//   word 2  keep (a subset of black | white)                        word 7  S's fingerprint list
//     bits  0-15  lower bound (half points, side to move's view)   bits 40-47  meta: to_move |
//     bits 16-31  upper bound                                        passes << 1 | requirement
//     bits 32-39  best move + 2 (0 = none)                           kind << 2 | its side to move
//     bits 48-55  age: bit width of the nodes searched before it     << 4 | 0x80
//     bits 56-59  land: territory kinds, 2 bits per colour (point 4); words 5-6 then hold its
//                 from and through stones instead of a requirement
//     bits 60-63  size: bit width of the nodes its own search took (of the searcher that stored
//                 it, with more threads), at most 15
// Replacement: a store goes to the same position's entry or an empty one, else it replaces the
// entry of the two with the least age, or, once half the table is in use, the least age + size.
// By age alone (the rule until 2026-12-03) the proofs of large subtrees went as soon as two later
// stores met their bucket, and a table too small for the search fell off a cliff: 4x4 at --hash
// 16M took 393 million nodes, 6.7 million now. Counting the size in a roomy table too cost 1x13
// its optimal first moves (open after 141 million nodes, solved in 12 million by age alone).
// Concurrent access uses a sequence lock per bucket (odd while being written): readers retry a
// torn read, writers skip a bucket that another thread is writing; every word is accessed through
// std::atomic_ref. Costs: one probe reads one bucket; memory is exactly the bucket count times 136
// bytes, in a Region (region.hpp): all zero, that is all empty, when made, with its pages
// committed as the search first touches them.
#pragma once

#include <atomic>
#include <cstddef>

#include "rules/position.hpp"
#include "rules/region.hpp"

namespace smallgo {

struct TTData {
    i16 lower = 0, upper = 0;
    Move move = NoMove;
    u8 age = 0;   // bit width of the nodes searched before the store (the table's clock)
    u8 size = 0;  // bit width of the nodes searched for the proof, at most 15
    Bitboard keep = 0;
    u64 boards = 0;  // Bloom filter of the proof's boards
    u64 list = 0;    // their fingerprints in the BoardLog (board_log.hpp); 0 (NoList) if none
    // A query of the proof answered by a record before the position (at most one is stored):
    // kind 0 none, 1 the simple-ko comparison with the previous position, 2 a repetition of an
    // earlier record by the preset's criterion; the candidate position it asked about.
    u8 req_kind = 0;
    Color req_to_move = Color::Black;
    Bitboard req_black = 0, req_white = 0;
    // A proof resting on unconditional territory (point 4 above): per colour c, bits 2c..2c+1
    // hold its TerritoryNeed kind; req_black then holds the `from` stones and req_white the
    // `through` stones of both colours (a subset of the position's, read by its colours), in
    // place of a requirement (an entry holds one or the other).
    u8 land = 0;
};

class TranspositionTable {
  public:
    // A table of at most `bytes` bytes (at least one bucket); std::bad_alloc when the system
    // refuses the address space.
    explicit TranspositionTable(std::size_t bytes);
    static constexpr int Ways = 2;  // entries per bucket
    static constexpr std::size_t EntryWords = 8;
    static constexpr std::size_t BucketBytes = 8 + Ways * 8 * EntryWords;

    // The entry for p, if stored, in the bucket `offset` places after the one of `hash` (the
    // solver keeps a position's several proofs in consecutive buckets, which one scan of
    // neighbouring memory reads).
    bool probe(u64 hash, const Position& p, TTData& out, unsigned offset = 0) const;
    // Stores a result for p there, replacing the same position, else the one of the two with the
    // least age (+ size once half the table is in use; the layout above says why).
    void store(u64 hash, const Position& p, const TTData& d, unsigned offset = 0);
    // Points p's entry there at the fingerprint list `now` if it still names `was`, a list of the
    // same fingerprints (BoardLog::renew): the proof is unchanged. Whether it did: not where the
    // entry was replaced meanwhile, nor where another thread is writing the bucket (skipped, as
    // store() skips it).
    bool relist(u64 hash, const Position& p, u64 was, u64 now, unsigned offset = 0);
    // The entries relist() has pointed at a new list, all threads together.
    u64 relists() const { return relists_.load(std::memory_order_relaxed); }
    // Asks the processor to load the bucket of `hash` (a hint: a later probe waits less).
    void prefetch(u64 hash) const {
        const char* b = reinterpret_cast<const char*>(&bucket(hash));
        __builtin_prefetch(b);
        __builtin_prefetch(b + 64);
        __builtin_prefetch(b + BucketBytes - 1);
    }

    std::size_t bytes() const { return buckets_count_ * BucketBytes; }
    std::size_t capacity() const { return buckets_count_ * 2; }
    // Entries in use: the stores that filled an empty slot (an entry is replaced, never removed).
    std::size_t used() const { return filled_.load(std::memory_order_relaxed); }
    // Whether used() equals the entries found by reading the whole table (slow: for tests).
    bool is_ok() const;
    // The table's memory as words and its count of entries in use, for checkpoints
    // (solver/checkpoint.hpp): read or written only while no search runs.
    u64* words() { return reinterpret_cast<u64*>(buckets_); }
    std::size_t word_count() const { return buckets_count_ * BucketBytes / 8; }
    void set_used(std::size_t n) { filled_.store(n, std::memory_order_relaxed); }

  private:
    struct Bucket {
        u64 seq;
        u64 w[Ways][EntryWords];
    };
    static_assert(sizeof(Bucket) == BucketBytes);
    Bucket& bucket(u64 hash, unsigned offset = 0) const {
        std::size_t i = static_cast<std::size_t>((static_cast<u128>(hash) * buckets_count_) >> 64);
        i += offset;
        return buckets_[i < buckets_count_ ? i : i % buckets_count_];
    }
    std::size_t buckets_count_;
    Region region_;
    Bucket* buckets_;  // in region_
    std::atomic<std::size_t> filled_{0};
    std::atomic<u64> relists_{0};
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
    i8 lean = 0;  // the open test's lean (node.cpp): +1 towards High, -1 towards Low, 0 none
};

class OpenTable {
  public:
    // A cache of at most `bytes` bytes (at least one slot); std::bad_alloc as above.
    explicit OpenTable(std::size_t bytes);
    static constexpr std::size_t SlotBytes = 16;
    bool probe(u64 key, OpenData& out) const;
    void store(u64 key, const OpenData& d);
    void prefetch(u64 key) const { __builtin_prefetch(&slot(key)); }  // as the table's
    std::size_t bytes() const { return count_ * SlotBytes; }

  private:
    struct Slot {
        u64 check;  // key ^ data
        u64 data;   // 0: empty
    };
    static_assert(sizeof(Slot) == SlotBytes);
    Slot& slot(u64 key) const {
        return slots_[static_cast<std::size_t>((static_cast<u128>(key) * count_) >> 64)];
    }
    std::size_t count_;
    Region region_;
    Slot* slots_;  // in region_
};

}  // namespace smallgo
