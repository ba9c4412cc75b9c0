// Count arithmetic of the legal-position counter. The transfer only ever adds counts (a successor
// state receives the count of each state it comes from), so two policies suffice:
//
//   | policy      | a count is                            | used for                          |
//   |-------------|---------------------------------------|-----------------------------------|
//   | WideSum<K>  | K 64-bit limbs, least significant first | exact counts; K from 3^points    |
//   | ModSum      | one residue modulo P, 2 <= P < 2^64    | `--modulus P`, CRT cross-checks   |
//
// A wide count never overflows: after t points all counts together are at most 3^t, and K is
// chosen from 3^(rows * width). Each policy adds plainly (one thread) or atomically (several
// threads on one shared table): the wide atomic add propagates each limb's carry as a separate
// atomic add to the next limb, which is exact because integer addition is associative. Counts leave
// the hot path as boost::multiprecision::cpp_int.
#pragma once

#include <array>
#include <atomic>

#include <boost/multiprecision/cpp_int.hpp>

#include "rules/types.hpp"

namespace smallgo {

using BigCount = boost::multiprecision::cpp_int;

// The limbs needed for exact counts on a board of `points` points (3^points < 2^(64 K)).
int limbs_for_points(int points);

// `limbs` little-endian limbs as a big integer.
BigCount big_from_limbs(const u64* limbs, int count);

template <int K>
struct WideSum {
    static constexpr int Limbs = K;
    // Accumulator of row sums: one limb more than a count (it adds up to 2^64 counts).
    using Acc = std::array<u64, K + 1>;

    // *d += *s; returns the carry out of the top limb.
    u64 add(u64* d, const u64* s) const {
        u64 carry = 0;
        for (int i = 0; i < K; ++i) {
            u64 a = s[i] + carry;
            carry = a < carry;
            u64 r = d[i] + a;
            carry += r < a;
            d[i] = r;
        }
        return carry;
    }
    // *d += *s, where other threads may add to *d at the same time.
    void atomic_add(u64* d, const u64* s) const {
        u64 carry = 0;
        for (int i = 0; i < K; ++i) {
            u64 a = s[i] + carry;
            carry = a < carry;
            if (a == 0) continue;
            u64 old = std::atomic_ref<u64>(d[i]).fetch_add(a, std::memory_order_relaxed);
            carry += old + a < old;
        }
    }
    void accumulate(Acc& acc, const u64* s) const { acc[K] += add(acc.data(), s); }
    void merge(Acc& acc, const Acc& other) const {
        // The carry out of the low K limbs goes into the top limb, which cannot itself carry out:
        // the total is below 2^(64 (K+1)).
        acc[K] += other[K] + add(acc.data(), other.data());
    }
    static Acc zero() { return Acc{}; }
    BigCount to_big(const u64* s) const { return big_from_limbs(s, K); }
    BigCount to_big(const Acc& acc) const { return big_from_limbs(acc.data(), K + 1); }
};

struct ModSum {
    static constexpr int Limbs = 1;
    using Acc = u64;
    u64 p = 0;

    u64 sum(u64 a, u64 b) const {
        u64 r = a + b;
        return (r < a || r >= p) ? r - p : r;
    }
    void add(u64* d, const u64* s) const { *d = sum(*d, *s); }
    void atomic_add(u64* d, const u64* s) const {
        std::atomic_ref<u64> ref(*d);
        u64 old = ref.load(std::memory_order_relaxed);
        while (!ref.compare_exchange_weak(old, sum(old, *s), std::memory_order_relaxed)) {
        }
    }
    void accumulate(Acc& acc, const u64* s) const { acc = sum(acc, *s); }
    void merge(Acc& acc, const Acc& other) const { acc = sum(acc, other); }
    static Acc zero() { return 0; }
    BigCount to_big(const u64* s) const { return BigCount(*s); }
    BigCount to_big(const Acc& acc) const { return BigCount(acc); }
};

}  // namespace smallgo
