// Region (rules/region.hpp), the memory of the counter's arrays and the solver's tables: fresh
// memory reads as zero, growing keeps the contents, discard() gives zeros back, and a refusal set
// by a test (refuse_above) is met like a refusal of the system, then lifted.
#include <catch2/catch.hpp>

#include "rules/region.hpp"

using namespace smallgo;

namespace {
// Whether words [from, to) of r hold `value(i)` at each i.
template <class F>
bool holds(const Region& r, std::size_t from, std::size_t to, F value) {
    for (std::size_t i = from; i < to; ++i)
        if (r.data()[i] != value(i)) return false;
    return true;
}
u64 zero(std::size_t) {
    return 0;
}
u64 pattern(std::size_t i) {
    return i * 0x9E3779B97F4A7C15ULL + 1;
}
}  // namespace

TEST_CASE("rules: a region reads as zero, keeps its contents as it grows and discards them",
          "[rules]") {
    Region r;
    REQUIRE(r.bytes() == 0);
    REQUIRE(r.reserve(1000));
    REQUIRE(r.bytes() >= 1000);
    const std::size_t words = r.bytes() / sizeof(u64);
    REQUIRE(holds(r, 0, words, zero));
    for (std::size_t i = 0; i < words; ++i) r.data()[i] = pattern(i);
    REQUIRE(r.reserve(r.bytes() * 3));  // may move: the contents go with it
    REQUIRE(holds(r, 0, words, pattern));
    REQUIRE(holds(r, words, r.bytes() / sizeof(u64), zero));
    const std::size_t grown = r.bytes();
    REQUIRE(r.reserve(10));  // already there: nothing changes
    REQUIRE(r.bytes() == grown);
    r.discard();
    REQUIRE(r.bytes() == grown);
    REQUIRE(holds(r, 0, grown / sizeof(u64), zero));
}

TEST_CASE("rules: a region refuses what a test's limit refuses, and only while it is set",
          "[rules]") {
    Region r;
    {
        const RefusalAbove limit(100'000);
        REQUIRE_FALSE(r.reserve(100'001));
        REQUIRE(r.bytes() == 0);  // a refusal leaves the region as it was
        REQUIRE(r.reserve(100'000));
        const std::size_t held = r.bytes();
        REQUIRE(held >= 100'000);
        r.data()[0] = 7;
        REQUIRE(r.reserve(held));  // what it holds is never refused
        REQUIRE_FALSE(r.reserve(held + 1));
        REQUIRE(r.bytes() == held);
        REQUIRE(r.data()[0] == 7);
    }
    REQUIRE(r.reserve(r.bytes() + 1));  // lifted with the RefusalAbove
    REQUIRE(r.data()[0] == 7);
}
