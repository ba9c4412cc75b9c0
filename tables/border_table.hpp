// The state table of the legal-position counter: open addressing with linear probing, from a
// border word to its count. Entries are stored inline, one after another:
//
//   | word      | 0            | 1 .. Limbs                          |
//   |-----------|--------------|-------------------------------------|
//   | holds     | ~border word | the count (see legal_counts.hpp)   |
//
// ~word is never 0 (a border word never has all nibbles 15), so a key of 0 marks an empty slot
// and a freshly mapped (zero) region is an empty table that the kernel commits lazily. The home
// slot is the high half of mix(word) * capacity, so the capacity need not be a power of two.
// Several threads may claim slots at once (a compare-exchange on the key); counts are added by
// the caller. The caller keeps the load below MaxLoad, so a probe always ends.
#pragma once

#include <atomic>
#include <cassert>
#include <cstddef>

#include "rules/types.hpp"
#include "tables/border_state.hpp"

namespace smallgo {

// Zero-filled memory of `bytes` bytes (mmap, huge pages advised); nullptr when refused.
u64* map_zeroed(std::size_t bytes);
void unmap(u64* p, std::size_t bytes);

__extension__ typedef unsigned __int128 U128;

template <int Limbs>
class BorderTable {
  public:
    static constexpr int Stride = 1 + Limbs;  // words per entry
    static constexpr double MaxLoad = 0.75;

    BorderTable() = default;
    explicit BorderTable(u64 capacity) : capacity_(capacity) {
        data_ = map_zeroed(bytes());
        if (!data_) capacity_ = 0;
    }
    BorderTable(BorderTable&& o) noexcept { swap(o); }
    BorderTable& operator=(BorderTable&& o) noexcept {
        swap(o);
        return *this;
    }
    BorderTable(const BorderTable&) = delete;
    BorderTable& operator=(const BorderTable&) = delete;
    ~BorderTable() {
        if (data_) unmap(data_, bytes());
    }
    void swap(BorderTable& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(capacity_, o.capacity_);
    }

    bool ok() const { return data_ != nullptr; }
    u64 capacity() const { return capacity_; }
    std::size_t bytes() const { return std::size_t(capacity_) * Stride * sizeof(u64); }
    // Entries beyond this load make probing slow; callers grow the table first.
    u64 load_limit() const { return u64(double(capacity_) * MaxLoad); }
    static std::size_t bytes_for(u64 capacity) { return std::size_t(capacity) * Stride * 8; }

    u64* entry(u64 slot) { return data_ + slot * Stride; }
    const u64* entry(u64 slot) const { return data_ + slot * Stride; }
    bool empty_slot(u64 slot) const { return data_[slot * Stride] == 0; }
    BorderWord word(u64 slot) const { return ~data_[slot * Stride]; }

    // The slot where the search for w starts.
    u64 home(BorderWord w) const {
        u64 h = (w ^ (w >> 29)) * 0x9E37'79B9'7F4A'7C15ull;
        return u64(U128(h) * capacity_ >> 64);
    }
    void prefetch(u64 slot) const { __builtin_prefetch(data_ + slot * Stride, 1, 0); }

    // The count of w, searched from `slot` = home(w), claiming an empty slot when w is absent
    // (then `claimed` is set). With Concurrent, other threads may claim at the same time.
    template <bool Concurrent>
    u64* find_or_claim(BorderWord w, u64 slot, bool& claimed) {
        const u64 key = ~w;
        for (;;) {
            u64* e = data_ + slot * Stride;
            if constexpr (Concurrent) {
                std::atomic_ref<u64> k(e[0]);
                u64 seen = k.load(std::memory_order_relaxed);
                if (seen == 0 && k.compare_exchange_strong(seen, key, std::memory_order_relaxed)) {
                    claimed = true;
                    return e + 1;
                }
                if (seen == key) return e + 1;
            } else {
                if (e[0] == 0) {
                    e[0] = key;
                    claimed = true;
                    return e + 1;
                }
                if (e[0] == key) return e + 1;
            }
            if (++slot == capacity_) slot = 0;
        }
    }

    // Empties slot `slot` (its key and count).
    void clear(u64 slot) {
        u64* e = entry(slot);
        for (int i = 0; i < Stride; ++i) e[i] = 0;
    }

  private:
    u64* data_ = nullptr;
    u64 capacity_ = 0;
};

}  // namespace smallgo
