// The small table of the legal-position counter that adds up the counts of one partition of
// successor states (legal_sweep.hpp), on a Region (region.hpp).
//
// Every array of the counter is a run of entries of Stride = 1 + Limbs words:
//
//   | word      | 0                         | 1 .. Limbs                          |
//   |-----------|---------------------------|-------------------------------------|
//   | in arrays | the border word           | its count (see legal_counts.hpp)    |
//   | in tables | ~border word (0: empty)   | its count                           |
//
// ~word is never 0 (a border word never has all nibbles 15), so a key of 0 marks an empty slot
// of a table and a freshly mapped (zero) region is an empty table. A table is meant to stay in
// the core's L2 cache: the sweep sizes its partitions so that one partition's table fits. Its
// capacity is a power of two and its home slot the low bits of border_hash(word), whose high
// bits choose the partition; it lists the slots it claims, so that draining it costs the
// entries, not the capacity. A Region commits pages only when they are touched, so reserving an
// upper bound costs address space, not memory.
#pragma once

#include <cassert>
#include <cstddef>

#include "count/border_state.hpp"
#include "rules/region.hpp"
#include "rules/types.hpp"

namespace smallgo {

// A well-mixed 64-bit hash of a border word (all bits usable: high ones pick the partition,
// low ones the slot).
constexpr u64 border_hash(BorderWord w) {
    u64 h = w * 0x9E37'79B9'7F4A'7C15ull;
    h ^= h >> 32;
    h *= 0xD6E8'FEB8'6659'FD93ull;
    return h ^ (h >> 32);
}

// Open addressing with linear probing, one thread, from a border word to its count, added up.
template <int Limbs>
class BorderTable {
  public:
    static constexpr int Stride = 1 + Limbs;  // words per entry

    // Makes room for up to `entries` distinct words at a load of at most 1/2; the table must be
    // empty. False when the system refuses the memory. (The sweep passes the number of records
    // of a partition, several times its distinct words, so the load stays well below 1/2.)
    bool prepare(u64 entries) {
        u64 cap = 16;
        while (cap < entries * 2) cap *= 2;
        if (!region_.reserve(cap * Stride * 8) || !list_.reserve(cap * 4)) return false;
        mask_ = cap - 1;
        used_ = 0;
        claimed_ = reinterpret_cast<u32*>(list_.data());
        return true;
    }
    u64 capacity() const { return mask_ + 1; }
    u64 size() const { return used_; }
    std::size_t bytes() const { return region_.bytes() + list_.bytes(); }

    // Adds `count` (Limbs words) to the count of w, `hash` = border_hash(w), through `add`.
    template <class Add>
    void add(BorderWord w, u64 hash, const u64* count, Add&& add) {
        used_ = put(region_.data(), mask_, claimed_, used_, w, hash, count, add);
    }

    // add() for every record (word, then count: Stride words) of [r, end). The table is in L2,
    // not L1: the slot of the record a few ahead is prefetched, so that the probes overlap.
    template <class Add>
    void add_records(const u64* r, const u64* end, Add&& add) {
        constexpr std::ptrdiff_t Ahead = 8 * Stride;
        u64* data = region_.data();
        const u64 mask = mask_;
        u64 used = used_;
        for (; r != end; r += Stride) {
            if (end - r > Ahead)
                __builtin_prefetch(data + (border_hash(r[Ahead]) & mask) * Stride, 1);
            used = put(data, mask, claimed_, used, r[0], border_hash(r[0]), r + 1, add);
        }
        used_ = used;
    }
    // Writes every entry (word plain, then its count) to `out`, grouped by the byte
    // (word >> group_shift) & 255 in increasing order (within a group in the order the words
    // came), empties the table, and returns the number written. The sweep groups by the two
    // cells that the next point reads, so that the branches of border::successors() see long
    // runs of the same case instead of a random mix (about half the time of a step otherwise).
    u64 drain(u64* out, int group_shift = 0) {
        u64* data = region_.data();
        u32 start[257] = {};
        for (u64 i = 0; i < used_; ++i) {
            const u64 key = (~data[u64(claimed_[i]) * Stride] >> group_shift) & 255;
            ++start[key + 1];
        }
        for (int k = 0; k < 256; ++k) start[k + 1] += start[k];
        for (u64 i = 0; i < used_; ++i) {
            u64* e = data + u64(claimed_[i]) * Stride;
            const BorderWord w = ~e[0];
            u64* o = out + u64(start[(w >> group_shift) & 255]++) * Stride;
            o[0] = w;
            for (int l = 0; l < Limbs; ++l) o[1 + l] = e[1 + l];
            for (int l = 0; l < Stride; ++l) e[l] = 0;
        }
        const u64 n = used_;
        used_ = 0;
        return n;
    }

    // Empties the table without reading it.
    void clear() {
        for (u64 i = 0; i < used_; ++i)
            for (int l = 0; l < Stride; ++l) region_.data()[u64(claimed_[i]) * Stride + l] = 0;
        used_ = 0;
    }

  private:
    // The addition of add(), on the table's fields passed as values (so that the compiler keeps
    // them in registers across a loop of adds); returns the new number of entries. An empty
    // slot holds a zero count, so claiming it is the same addition: the one branch (is this
    // slot w's or free?) is nearly always taken at the table's low load, which keeps the
    // probes of successive words overlapping in the pipeline.
    template <class Add>
    static u64 put(u64* data, u64 mask, u32* claimed, u64 used, BorderWord w, u64 hash,
                   const u64* count, Add& add) {
        const u64 key = ~w;
        for (u64 s = hash & mask;; s = (s + 1) & mask) {
            u64* e = data + s * Stride;
            const u64 seen = e[0];
            if (seen == key || seen == 0) {
                e[0] = key;
                add(e + 1, count);
                claimed[used] = u32(s);
                return used + (seen == 0);
            }
        }
    }

    Region region_, list_;  // the slots; the slots claimed, in order
    u32* claimed_ = nullptr;
    u64 mask_ = 0, used_ = 0;
};

}  // namespace smallgo
