// Chinese remaindering of residues of a count: the independent check of the exact counter (the
// residues come from sweeps modulo different P) and the way to exact values when only
// residues fit in memory. The moduli must be pairwise coprime; the result is the unique value in
// [0, product of the moduli).
#pragma once

#include <optional>
#include <span>

#include "count/legal_counts.hpp"

namespace smallgo {

// The value congruent to residues[i] modulo moduli[i] for every i; nullopt when the moduli are
// not pairwise coprime or the spans differ in length.
std::optional<BigCount> chinese_remainder(std::span<const u64> residues,
                                          std::span<const u64> moduli);

// The largest primes below 2^64, first the largest: moduli for residue sweeps.
u64 large_prime(int index);

}  // namespace smallgo
