// The solver's tables on their own: the transposition table keeps what was stored for exactly
// that position (both bitboards, side to move, passes) and nothing for another one with the same
// key; the open-test cache returns only what was stored under the same 64-bit key.
#include <atomic>

#include <catch2/catch.hpp>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "solver/transposition.hpp"

namespace smallgo::test {
namespace {

TEST_CASE("solver: transposition table: exact positions, bounds, move and keep", "[tables]") {
    TranspositionTable tt(TranspositionTable::BucketBytes);  // one bucket: every key collides
    Position p = make_position(0b0011, 0b1100);
    TTData d;
    d.lower = -6;
    d.upper = 4;
    d.move = 7;
    d.age = 9;
    d.size = 3;
    d.keep = 0b0101;
    tt.store(42, p, d);
    TTData out;
    REQUIRE(tt.probe(42, p, out));
    CHECK(out.lower == -6);
    CHECK(out.upper == 4);
    CHECK(out.move == 7);
    CHECK(out.keep == 0b0101);
    CHECK(out.age == 9);
    CHECK(out.size == 3);
    // The same key, other positions: not found.
    CHECK_FALSE(tt.probe(42, make_position(0b0011, 0b1000), out));
    CHECK_FALSE(tt.probe(42, make_position(0b0011, 0b1100, Color::White), out));
    CHECK_FALSE(tt.probe(42, p.after_pass().after_pass(), out));
    // A pass is part of the key: after one pass it is another entry.
    Position passed = make_position(0b0011, 0b1100, Color::White);
    passed.passes = 1;
    TTData e;
    e.lower = e.upper = 2;
    e.move = Pass;
    tt.store(42, passed, e);
    REQUIRE(tt.probe(42, passed, out));
    CHECK(out.move == Pass);
    REQUIRE(tt.probe(42, p, out));  // the bucket holds two entries
    CHECK(out.move == 7);
    // Storing the same position again replaces its entry.
    d.lower = d.upper = 0;
    tt.store(42, p, d);
    REQUIRE(tt.probe(42, p, out));
    CHECK(out.lower == 0);
    CHECK(tt.used() == 2);
    CHECK(tt.is_ok());
}

// A full bucket of a table less than half in use loses its older entry, whatever the sizes.
TEST_CASE("solver: transposition table: in a roomy table the older entry is replaced", "[tables]") {
    TranspositionTable tt(4 * TranspositionTable::BucketBytes);  // 8 entries; 3 used below
    const Position big = make_position(0b0001, 0), young = make_position(0b0010, 0);
    TTData old_big, later;
    old_big.age = 10, old_big.size = 15;
    later.age = 11, later.size = 1;
    tt.store(5, big, old_big);
    tt.store(5, young, later);
    tt.store(5, make_position(0b0100, 0), later);
    TTData out;
    CHECK_FALSE(tt.probe(5, big, out));
    CHECK(tt.probe(5, young, out));
    CHECK(tt.probe(5, make_position(0b0100, 0), out));
    CHECK(tt.is_ok());
}

// Once half the table is in use, a full bucket loses the entry of the least age + size: a proof
// of a large search outlives later proofs of small ones, and an old one gives way at last.
TEST_CASE("solver: transposition table: in a full table the least age + size is replaced",
          "[tables]") {
    TranspositionTable tt(TranspositionTable::BucketBytes);  // one bucket: full after two stores
    const Position big = make_position(0b0001, 0), small = make_position(0b0010, 0);
    auto entry = [](u8 age, u8 size) {
        TTData d;
        d.age = age, d.size = size;
        return d;
    };
    tt.store(7, big, entry(10, 12));   // 22
    tt.store(7, small, entry(11, 1));  // 12
    TTData out;
    for (Bitboard later = 0b0100; later <= 0b1'0000'0000; later <<= 1) {
        tt.store(7, make_position(later, 0), entry(12, 1));  // 13: replaces the small one
        REQUIRE(tt.probe(7, big, out));
        REQUIRE(tt.probe(7, make_position(later, 0), out));
    }
    CHECK_FALSE(tt.probe(7, small, out));
    // Size is counted up to 15: a search of 2^20 nodes weighs as one of 2^14.
    tt.store(7, small, entry(16, 20));  // 16 + 15 = 31 against the last one's 13
    REQUIRE(tt.probe(7, small, out));
    CHECK(out.size == 15);
    REQUIRE(tt.probe(7, big, out));
    // A store always goes in: now the big entry's 22 is the least of the two, and it goes.
    tt.store(7, make_position(0b10'0000'0000, 0), entry(23, 1));
    CHECK_FALSE(tt.probe(7, big, out));
    CHECK(tt.probe(7, small, out));
    CHECK(tt.used() == 2);
    CHECK(tt.is_ok());
}

TEST_CASE("solver: transposition table: an offset names the bucket that many places on, wrapping",
          "[tables]") {
    TranspositionTable tt(4 * TranspositionTable::BucketBytes);  // four buckets
    const u64 last = ~u64{0};                                    // a hash of the last bucket
    Position p = make_position(0b0011, 0b1100);
    TTData d;
    for (unsigned v = 0; v < 3; ++v) {  // three proofs of one position, in three buckets
        d.lower = d.upper = static_cast<i16>(v);
        tt.store(last, p, d, v);
    }
    CHECK(tt.used() == 3);
    TTData out;
    for (unsigned v = 0; v < 3; ++v) {
        REQUIRE(tt.probe(last, p, out, v));
        CHECK(out.lower == static_cast<i16>(v));
    }
    CHECK_FALSE(tt.probe(last, p, out, 3));  // the one bucket left holds nothing
    // Offset 1 from the last bucket is the first one: the hash of the first bucket finds it.
    REQUIRE(tt.probe(0, p, out));
    CHECK(out.lower == 1);
    // An offset of a whole table wraps back to the same bucket.
    REQUIRE(tt.probe(last, p, out, 4));
    CHECK(out.lower == 0);
    CHECK(tt.is_ok());
}

TEST_CASE(
    "solver: transposition table: Bloom filter and requirement round-trip, not part of the key",
    "[tables]") {
    TranspositionTable tt(TranspositionTable::BucketBytes);
    Position p = make_position(0b0110, 0b1001, Color::White);
    TTData d;
    d.lower = 3;
    d.upper = 3;
    d.boards = 0x8000'0000'0000'0001;
    d.req_kind = 2;
    d.req_to_move = Color::White;
    d.req_black = 0b10000;
    d.req_white = ~Bitboard{0};
    tt.store(5, p, d);
    TTData out;
    REQUIRE(tt.probe(5, p, out));
    CHECK(out.boards == d.boards);
    CHECK(out.req_kind == 2);
    CHECK(out.req_to_move == Color::White);
    CHECK(out.req_black == 0b10000);
    CHECK(out.req_white == ~Bitboard{0});
    CHECK(out.lower == 3);
    // Another requirement for the same position is the same key: it replaces the entry.
    d.req_kind = 1;
    d.req_to_move = Color::Black;
    d.req_white = 0;
    tt.store(5, p, d);
    REQUIRE(tt.probe(5, p, out));
    CHECK(out.req_kind == 1);
    CHECK(out.req_to_move == Color::Black);
    CHECK(out.req_white == 0);
    CHECK(tt.used() == 1);
    CHECK(tt.is_ok());
    // None: stored as none.
    d.req_kind = 0;
    tt.store(5, p, d);
    REQUIRE(tt.probe(5, p, out));
    CHECK(out.req_kind == 0);
}

TEST_CASE("solver: transposition table: relist changes the list of the entry that names it only",
          "[tables]") {
    TranspositionTable tt(TranspositionTable::BucketBytes);  // one bucket, two entries
    const Position p = make_position(0b0011, 0b0100), q = make_position(0b0011, 0b1000);
    TTData d;
    d.lower = -2, d.upper = 5, d.move = 3, d.keep = 0b0001, d.boards = 0xF0, d.list = 77 << 16 | 9;
    d.age = 12, d.size = 7;
    tt.store(1, p, d);
    TTData e = d;
    e.list = 80 << 16 | 9;
    tt.store(1, q, e);
    // p's entry does not name that list: unchanged.
    CHECK_FALSE(tt.relist(1, p, 80 << 16 | 9, 99 << 16 | 9));
    TTData out;
    REQUIRE(tt.probe(1, p, out));
    CHECK(out.list == d.list);
    CHECK(tt.relists() == 0);
    CHECK(tt.relist(1, p, d.list, 99 << 16 | 9));
    CHECK(tt.relists() == 1);
    REQUIRE(tt.probe(1, p, out));
    CHECK(out.list == (99 << 16 | 9));
    // Nothing else of the proof moved, and the other entry kept its list.
    CHECK(out.lower == -2);
    CHECK(out.upper == 5);
    CHECK(out.move == 3);
    CHECK(out.keep == 0b0001);
    CHECK(out.boards == 0xF0);
    CHECK(out.age == 12);
    CHECK(out.size == 7);
    REQUIRE(tt.probe(1, q, out));
    CHECK(out.list == e.list);
    // A position not stored: nothing written.
    CHECK_FALSE(tt.relist(1, make_position(0b1, 0), d.list, 5 << 16 | 1));
    REQUIRE(tt.probe(1, p, out));
    CHECK(out.list == (99 << 16 | 9));
    REQUIRE(tt.probe(1, q, out));
    CHECK(out.list == e.list);
    CHECK(tt.relists() == 1);
}

TEST_CASE("solver: transposition table: relist finds the entry at its offset", "[tables]") {
    TranspositionTable tt(4 * TranspositionTable::BucketBytes);
    const Position p = make_position(0b0110, 0b1001);
    TTData d;
    for (unsigned v = 0; v < 3; ++v) {  // three proofs of p, each with its own list
        d.lower = d.upper = static_cast<i16>(v);
        d.list = u64{10 + v} << 16 | 4;
        tt.store(9, p, d, v);
    }
    // Offset 2's list is not in offset 1's bucket, nor offset 0's.
    CHECK_FALSE(tt.relist(9, p, u64{12} << 16 | 4, u64{50} << 16 | 4, 1));
    CHECK_FALSE(tt.relist(9, p, u64{12} << 16 | 4, u64{50} << 16 | 4));
    CHECK(tt.relist(9, p, u64{12} << 16 | 4, u64{50} << 16 | 4, 2));
    TTData out;
    for (unsigned v = 0; v < 3; ++v) {
        REQUIRE(tt.probe(9, p, out, v));
        CHECK(out.lower == static_cast<i16>(v));
        CHECK(out.list == (v == 2 ? u64{50} << 16 | 4 : u64{10 + v} << 16 | 4));
    }
    CHECK(tt.is_ok());
}

TEST_CASE(
    "solver: transposition table: stores from several threads keep the count of entries exact",
    "[tables][parallel]") {
    // 64 buckets, 4 threads storing 20,000 positions each (many into the same buckets, often at
    // the same time): every entry that is there was stored whole, and used() counts them.
    tbb::global_control allow(tbb::global_control::max_allowed_parallelism, 4);
    TranspositionTable tt(64 * TranspositionTable::BucketBytes);
    // Catch's assertions are not thread-safe: the threads count what they find, checked after.
    std::atomic<u64> found{0}, wrong{0};
    tbb::parallel_for(0, 4, [&](int t) {
        for (u64 i = 0; i < 20'000; ++i) {
            const u64 black = (i * 7919 + u64(t)) & 0xFFFF, white = (i * 104729) << 16;
            TTData d;
            d.lower = d.upper = static_cast<i16>(black & 0x3F);
            d.keep = black;
            tt.store(black * 0x9E37'79B9'7F4A'7C15ull, make_position(black, white), d);
            TTData out;
            if (tt.probe(black * 0x9E37'79B9'7F4A'7C15ull, make_position(black, white), out)) {
                found.fetch_add(1, std::memory_order_relaxed);
                if (out.keep != black || out.lower != static_cast<i16>(black & 0x3F))
                    wrong.fetch_add(1, std::memory_order_relaxed);
            }
        }
    });
    CHECK(found.load() > 0);
    CHECK(wrong.load() == 0);
    CHECK(tt.used() > 0);
    CHECK(tt.used() <= tt.capacity());
    CHECK(tt.is_ok());
}

TEST_CASE("solver: open-test cache: same key only, latest entry wins", "[tables]") {
    OpenTable open(OpenTable::SlotBytes);  // one slot
    OpenData out;
    CHECK_FALSE(open.probe(1, out));
    open.store(1, {-3, 17, Pass});
    REQUIRE(open.probe(1, out));
    CHECK(out.beta == -3);
    CHECK(out.depth == 17);
    CHECK(out.move == Pass);
    CHECK_FALSE(open.probe(2, out));
    open.store(2, {5, 4, 12});
    CHECK_FALSE(open.probe(1, out));  // replaced
    REQUIRE(open.probe(2, out));
    CHECK(out.beta == 5);
    CHECK(out.move == 12);
}

}  // namespace
}  // namespace smallgo::test
