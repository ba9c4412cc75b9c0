// The boards of the solver's proofs, exactly: for each stored proof, the sorted list of 16-bit
// fingerprints of the boards its "no" answers need (the set S of transposition.hpp, point 2).
//
// Why: a table entry summarises S by `keep` and a 64-bit Bloom filter, and refuses itself on a
// path where an earlier position passes both. Large proofs fill the filter, and then nearly every
// earlier position holding `keep` passes it: on 1x8 under tromp-taylor, 97% of the refusals came
// from positions that were in no proof's S (measured against the exact sets; results.md,
// 2026-11-26).
// A fingerprint list refines the filter: a board of S has its fingerprint in the list, so a board
// whose fingerprint is missing is not in S, and the entry is usable where the filter alone refused.
//
// The lists live in one ring of fingerprints shared by every thread, bounded in memory: a list
// is appended at the head and is lost once the head has gone round past it. A list is named by a
// reference (its absolute position, never reused, and its length), so a reference can only ever
// name the fingerprints written for it; one whose list is lost, or being overwritten while read,
// reads as "may hold anything", and the entry falls back on its filter. So a lost list costs
// time, never a value.
//
// Concurrency: a writer reserves its place (an atomic add to the head) before writing, and
// publishes the reference only after (in a table entry, under that table's lock). Two writers
// can write the same slot: one that reserved it a lap later, and one that reserved it a lap
// earlier and was held up before writing. The reader catches both: it reads the list, then the
// head, and if the head has gone round past the list a later writer may have written over it;
// and each slot holds, beside its fingerprint, the lap of the position written there (16 bits),
// so a late writer's slot shows an older lap. (Only a writer held up for 65,536 laps of the ring,
// billions of fingerprints, would pass unseen.)
#pragma once

#include <atomic>
#include <cstddef>
#include <vector>

#include "rules/region.hpp"
#include "rules/types.hpp"

namespace smallgo {

class BoardLog {
  public:
    // A ring of at most `bytes` bytes, 4 per fingerprint (none at all for 0: every append then
    // returns NoList);
    // std::bad_alloc when the system refuses the address space.
    explicit BoardLog(std::size_t bytes);
    static constexpr u64 NoList = 0;
    // The longest list kept: longer ones would push many shorter ones out of the ring.
    static constexpr std::size_t MaxLength = 1024;

    // Appends the sorted fingerprints fps[0..count) and returns their reference; NoList when
    // count is 0 or above MaxLength, or the ring is smaller than that.
    u64 append(const u16* fps, std::size_t count);
    // Whether the list `ref` may hold fp: it does, or the list is lost.
    bool may_hold(u64 ref, u16 fp) const;
    // Whether the list `ref` may hold any of fps[0..count): one walk along the list where that
    // reads fewer slots than a binary search for each.
    bool may_hold_any(u64 ref, const u16* fps, std::size_t count) const;
    // Asks the processor for the first cache lines of the list `ref`, which may_hold_any() will
    // likely read: a list is seldom in cache, and on 1x12 the wait for its slots was most of
    // may_hold_any()'s time. Reads nothing, changes nothing.
    void prefetch(u64 ref) const;
    // Appends the list `ref` to out and returns true; false (out unchanged) when it is lost.
    bool read(u64 ref, std::vector<u16>& out) const;
    // Whether the head has gone more than half round the ring past the list `ref` (whole or
    // not): a list still in use is then copied to the head (renew), or it is lost within the
    // next half lap.
    bool aging(u64 ref) const;
    // Appends a copy of the list `ref` and returns the copy's reference: the same fingerprints,
    // so an entry may name either. NoList when `ref` is lost (or NoList, or the ring too small to
    // append it).
    u64 renew(u64 ref);

    std::size_t bytes() const { return capacity_ * sizeof(u32); }
    // The ring's memory, rounded up to whole words, and its head, for checkpoints
    // (solver/checkpoint.hpp): read or written only while no search runs.
    u64* words() { return reinterpret_cast<u64*>(data_); }
    std::size_t word_count() const { return data_ ? (capacity_ + 1) / 2 : 0; }
    u64 head() const { return head_.load(std::memory_order_relaxed); }
    void set_head(u64 h) { head_.store(h, std::memory_order_relaxed); }

  private:
    static std::size_t length_of(u64 ref) { return static_cast<std::size_t>(ref & 0xFFFF); }
    static u64 start_of(u64 ref) { return ref >> 16; }
    // Whether no later writer has reserved the list's slots (read after reading them).
    bool intact(u64 ref) const;
    // Where a position lies in the ring: its slot, and its lap's low 16 bits, which the slot
    // records beside the fingerprint. A list is walked from the place of its first position, one
    // addition a step: the capacity is no power of two, and a division per step took a third of
    // 1x12's time.
    struct Place {
        std::size_t slot;
        u32 lap;
    };
    Place place(u64 position) const {
        return {static_cast<std::size_t>(position % capacity_),
                static_cast<u32>((position / capacity_) & 0xFFFF)};
    }
    // The place k positions after p, for k below the capacity.
    Place after(Place p, std::size_t k) const {
        p.slot += k;
        if (p.slot >= capacity_) p.slot -= capacity_, p.lap = (p.lap + 1) & 0xFFFF;
        return p;
    }
    // A slot's word for the fingerprint fp at place p: the lap in the high half.
    static u32 slot_word(Place p, u16 fp) { return p.lap << 16 | fp; }
    // The fingerprint at p, false if its slot holds another lap's.
    bool fingerprint_at(Place p, u16& fp) const;

    std::size_t capacity_;  // slots, one fingerprint each
    Region region_;
    u32* data_ = nullptr;  // in region_
    // The next free position, counted from the start and never wrapped. Position 0 is never
    // used, so no list has the reference NoList.
    std::atomic<u64> head_{1};
};

}  // namespace smallgo
