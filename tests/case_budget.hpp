// How many random cases the heaviest tests check: all of them in a plain build, a quarter under
// a sanitizer.
//
// AddressSanitizer and ThreadSanitizer run these tests 4 to 10 times slower than Release, and
// .ci/run runs them in both: in full in its Release stage, where they compare values, and again
// under the sanitizers, whose job is to catch memory errors, undefined behaviour and races on
// the same code paths, which a quarter of the cases walks as well. Checking every case there too
// took CI past its 90 minutes. tests/CMakeLists.txt defines SMALLGO_SANITIZED in a build whose
// SMALLGO_SANITIZE is set.
//
// The seeds of the random cases likewise: seed(base) is base in every run of the suite, and
// another draw for each K given as SMALLGO_TEST_SEED=K, so that a campaign can check many more
// cases than the default run without a rebuild (docs/solver.md, "How it is checked").
#pragma once

#include <cstdint>
#include <cstdlib>

namespace smallgo::test {

#ifdef SMALLGO_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
inline constexpr int kCaseDivisor = kSanitized ? 4 : 1;

// n cases (or a count of them that a test requires) in a plain build, n / 4 but at least 1
// under a sanitizer.
constexpr int cases(int n) {
    return n / kCaseDivisor > 0 ? n / kCaseDivisor : 1;
}

// The seed of a test's random cases (above).
inline std::uint64_t seed(std::uint64_t base) {
    const char* k = std::getenv("SMALLGO_TEST_SEED");
    return k ? base + 0x9E3779B97F4A7C15ULL * std::strtoull(k, nullptr, 10) : base;
}

}  // namespace smallgo::test
