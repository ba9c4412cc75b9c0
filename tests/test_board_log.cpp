// The BoardLog (solver/board_log.hpp) against a plain model: every list read back intact equals
// what was appended, a list always may hold its own fingerprints, an intact list holds no other,
// and a list that the ring has gone round past reads as lost (may hold anything), never as
// another list.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "case_budget.hpp"
#include "solver/board_log.hpp"

using namespace smallgo;

TEST_CASE("board log: lists read back, and lost ones are never taken for others", "[solver]") {
    std::mt19937_64 rng(test::seed(20261126));
    // A ring of 256 fingerprints, so that lists of up to 64 are kept and it wraps often.
    BoardLog log(256 * sizeof(u32));
    REQUIRE(log.append(nullptr, 0) == BoardLog::NoList);
    std::vector<u16> too_long(65, 1);
    REQUIRE(log.append(too_long.data(), too_long.size()) == BoardLog::NoList);
    REQUIRE(log.may_hold(BoardLog::NoList, 7));

    struct Kept {
        u64 ref;
        std::vector<u16> fps;
    };
    std::vector<Kept> kept;
    int intact = 0, lost = 0, some_with = 0, some_without = 0;
    for (int round = 0; round < 2000; ++round) {
        std::vector<u16> fps(std::uniform_int_distribution<std::size_t>(1, 64)(rng));
        for (u16& f : fps) f = static_cast<u16>(std::uniform_int_distribution<int>(0, 300)(rng));
        std::sort(fps.begin(), fps.end());
        fps.erase(std::unique(fps.begin(), fps.end()), fps.end());
        const u64 ref = log.append(fps.data(), fps.size());
        REQUIRE(ref != BoardLog::NoList);
        kept.push_back({ref, fps});
        // Every list so far: read back whole or lost; membership as the model says.
        if (round % 50 != 49) continue;
        for (const Kept& k : kept) {
            std::vector<u16> out{42};
            const bool read = log.read(k.ref, out);
            if (read) {
                ++intact;
                REQUIRE(out.size() == k.fps.size() + 1);
                REQUIRE(std::equal(k.fps.begin(), k.fps.end(), out.begin() + 1));
            } else {
                ++lost;
                REQUIRE(out == std::vector<u16>{42});
            }
            for (int fp = 0; fp <= 300; ++fp) {
                const bool member = std::binary_search(k.fps.begin(), k.fps.end(), fp);
                const bool may = log.may_hold(k.ref, static_cast<u16>(fp));
                if (member || !read) REQUIRE(may);
                if (read && !member) REQUIRE(!may);
            }
            // Several at once, by binary searches or by one walk (few or many against the
            // list's length), unsorted, with members among them or none.
            for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{40},
                                  std::size_t{200}}) {
                std::vector<u16> some(n);
                bool any = false;
                for (u16& f : some) {
                    f = static_cast<u16>(std::uniform_int_distribution<int>(0, 600)(rng));
                    any = any || std::binary_search(k.fps.begin(), k.fps.end(), f);
                }
                const bool may = log.may_hold_any(k.ref, some.data(), some.size());
                if (any || (!read && n > 0)) REQUIRE(may);
                if (read && !any) REQUIRE(!may);
                ++(any ? some_with : some_without);
            }
        }
        if (kept.size() > 20) kept.erase(kept.begin(), kept.end() - 20);
    }
    REQUIRE(intact >= 100);
    REQUIRE(lost >= 100);
    REQUIRE(some_with >= 100);
    REQUIRE(some_without >= 100);
}

TEST_CASE("board log: several at once over every bit of the fingerprints", "[solver]") {
    // may_hold_any's walk filters by the low and by the high bits of a fingerprint: queries that
    // differ from a member in one bit, or are members, over the whole 16-bit range, against the
    // model, on lists long enough for the walk.
    std::mt19937_64 rng(test::seed(20261203));
    BoardLog log(1 << 20);
    std::uniform_int_distribution<int> any_fp(0, 0xFFFF);
    int with = 0, without = 0;
    for (int round = 0; round < 400; ++round) {
        std::vector<u16> fps(std::uniform_int_distribution<std::size_t>(1, 1024)(rng));
        for (u16& f : fps) f = static_cast<u16>(any_fp(rng));
        std::sort(fps.begin(), fps.end());
        fps.erase(std::unique(fps.begin(), fps.end()), fps.end());
        const u64 ref = log.append(fps.data(), fps.size());
        REQUIRE(ref != BoardLog::NoList);
        for (std::size_t n :
             {std::size_t{1}, std::size_t{20}, std::size_t{100}, std::size_t{256}}) {
            std::vector<u16> some(n);
            for (u16& f : some) {
                const u16 member =
                    fps[std::uniform_int_distribution<std::size_t>(0, fps.size() - 1)(rng)];
                f = static_cast<u16>(member ^
                                     (1u << std::uniform_int_distribution<int>(0, 15)(rng)));
            }
            if (round % 2 == 0) some[n / 2] = fps[round % fps.size()];  // one member
            bool any = false;
            for (u16 f : some) any = any || std::binary_search(fps.begin(), fps.end(), f);
            REQUIRE(log.may_hold_any(ref, some.data(), some.size()) == any);
            ++(any ? with : without);
        }
    }
    REQUIRE(with >= 200);
    REQUIRE(without >= 200);
}

// Renewal (BoardLog::aging, renew): a list copied to the head once it is half a lap old is never
// lost, however far the ring goes round, while the lists kept that way fill at most half of it;
// the copy holds the same fingerprints; a lost list is not renewed.
TEST_CASE("board log: lists renewed at half a lap are never lost", "[solver]") {
    std::mt19937_64 rng(test::seed(20261205));
    constexpr std::size_t Capacity = 1024;
    BoardLog log(Capacity * sizeof(u32));
    auto random_list = [&](std::size_t most) {
        std::vector<u16> fps(std::uniform_int_distribution<std::size_t>(1, most)(rng));
        for (u16& f : fps) f = static_cast<u16>(std::uniform_int_distribution<int>(0, 999)(rng));
        std::sort(fps.begin(), fps.end());
        fps.erase(std::unique(fps.begin(), fps.end()), fps.end());
        return fps;
    };
    struct Kept {
        u64 ref;
        std::vector<u16> fps;
    };
    // Eight lists of at most 32 (256 fingerprints, a quarter of the ring) plus one append of at
    // most 64 between checks: less than half a lap.
    std::vector<Kept> kept;
    for (int i = 0; i < 8; ++i) {
        auto fps = random_list(32);
        kept.push_back({log.append(fps.data(), fps.size()), fps});
    }
    const u64 forgotten = kept[0].ref;  // never renewed: lost once the ring has gone round
    int renewed = 0;
    bool forgotten_lost = false;
    for (int round = 0; round < 5000; ++round) {
        auto other = random_list(64);
        REQUIRE(log.append(other.data(), other.size()) != BoardLog::NoList);
        for (std::size_t i = 1; i < kept.size(); ++i) {
            Kept& k = kept[i];
            std::vector<u16> out;
            REQUIRE(log.read(k.ref, out));
            REQUIRE(out == k.fps);
            if (!log.aging(k.ref)) continue;
            const u64 copy = log.renew(k.ref);
            REQUIRE(copy != BoardLog::NoList);
            REQUIRE(copy != k.ref);
            REQUIRE_FALSE(log.aging(copy));
            k.ref = copy, ++renewed;
        }
        std::vector<u16> out;
        if (!log.read(forgotten, out)) {
            forgotten_lost = true;
            CHECK(log.renew(forgotten) == BoardLog::NoList);
        }
        // Now and then one of the kept lists is replaced by a new one, as entries are.
        if (round % 100 == 99) {
            auto fps = random_list(32);
            kept[1 + static_cast<std::size_t>(round / 100) % 7] = {
                log.append(fps.data(), fps.size()), fps};
        }
    }
    CHECK(forgotten_lost);
    CHECK(renewed >= 1000);
    CHECK_FALSE(log.aging(BoardLog::NoList));
    CHECK(log.renew(BoardLog::NoList) == BoardLog::NoList);
}

TEST_CASE("board log: a log of no memory keeps nothing and refuses nothing", "[solver]") {
    BoardLog log(0);
    const u16 fps[] = {1, 2, 3};
    REQUIRE(log.append(fps, 3) == BoardLog::NoList);
    REQUIRE(log.bytes() == 0);
}
