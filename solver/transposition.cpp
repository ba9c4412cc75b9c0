#include "solver/transposition.hpp"

#include <algorithm>
#include <climits>
#include <new>

namespace smallgo {

namespace {
// Every word of both tables is shared between threads: it is read and written atomically.
u64 load(u64& x, std::memory_order order = std::memory_order_relaxed) {
    return std::atomic_ref<u64>(x).load(order);
}
void put(u64& x, u64 value, std::memory_order order = std::memory_order_relaxed) {
    std::atomic_ref<u64>(x).store(value, order);
}

// Side to move, passes and a bit that marks the entry as used (a zero data word is empty).
constexpr u64 meta_of(const Position& p) {
    return static_cast<u64>(p.to_move) | static_cast<u64>(p.passes) << 1 | 0x80;
}
constexpr u64 KeyMeta = 0x83;  // the bits of meta that belong to the key; bits 2-4 describe the
                               // requirement (kind, side to move of its candidate)

// Whether the entry e is in use and holds the position p (meta: meta_of(p)): the whole key.
bool holds(u64* e, const Position& p, u64 meta) {
    const u64 data = load(e[3]);
    return data != 0 && load(e[0]) == p.black() && load(e[1]) == p.white() &&
           ((data >> 40) & KeyMeta) == meta;
}

// A bucket's sequence lock for a writer (odd while written): false where another thread is
// writing the bucket, which the writer then skips (a table may always forget); s is the word.
bool lock_for_writing(u64& seq, u64& s) {
    std::atomic_ref<u64> word(seq);
    s = word.load(std::memory_order_relaxed);
    if ((s & 1) || !word.compare_exchange_strong(s, s + 1, std::memory_order_acquire)) return false;
    std::atomic_thread_fence(std::memory_order_release);
    return true;
}
void unlock(u64& seq, u64 s) {
    std::atomic_ref<u64>(seq).store(s + 2, std::memory_order_release);
}

constexpr int AgeShift = 48;   // TTData::age, 8 bits
constexpr int SizeShift = 60;  // TTData::size, 4 bits
constexpr u8 MaxSize = 15;
constexpr int LandShift = 56;  // TTData::land, 4 bits
constexpr u64 LandMask = 0xF;
constexpr u64 pack(const TTData& d, u64 meta) {
    return static_cast<u64>(static_cast<u16>(d.lower)) |
           static_cast<u64>(static_cast<u16>(d.upper)) << 16 |
           static_cast<u64>(static_cast<u8>(d.move + 2)) << 32 |
           (meta | static_cast<u64>(d.req_kind & 3) << 2 | static_cast<u64>(d.req_to_move) << 4)
               << 40 |
           static_cast<u64>(d.age) << AgeShift |
           (static_cast<u64>(d.land) & LandMask) << LandShift |
           static_cast<u64>(std::min<u8>(d.size, MaxSize)) << SizeShift;
}
}  // namespace

// A fresh region is all zero: every bucket's sequence word even, every entry empty.
TranspositionTable::TranspositionTable(std::size_t bytes)
    : buckets_count_(bytes / BucketBytes > 0 ? bytes / BucketBytes : 1) {
    if (!region_.reserve(buckets_count_ * BucketBytes)) throw std::bad_alloc();
    buckets_ = reinterpret_cast<Bucket*>(region_.data());
}

bool TranspositionTable::probe(u64 hash, const Position& p, TTData& out, unsigned offset) const {
    Bucket& b = bucket(hash, offset);
    const u64 meta = meta_of(p);
    for (;;) {
        u64 s1 = load(b.seq, std::memory_order_acquire);
        if (s1 & 1) return false;  // being written: treat as a miss
        bool found = false;
        u64 w[EntryWords] = {};
        for (auto& e : b.w) {
            if (holds(e, p, meta)) {
                for (std::size_t k = 0; k < EntryWords; ++k) w[k] = load(e[k]);
                found = true;
                break;
            }
        }
        std::atomic_thread_fence(std::memory_order_acquire);
        if (load(b.seq) != s1) continue;  // torn: read again
        if (!found) return false;
        out.lower = static_cast<i16>(w[3] & 0xFFFF);
        out.upper = static_cast<i16>((w[3] >> 16) & 0xFFFF);
        out.move = static_cast<Move>(static_cast<int>((w[3] >> 32) & 0xFF) - 2);
        out.age = static_cast<u8>((w[3] >> AgeShift) & 0xFF);
        out.size = static_cast<u8>(w[3] >> SizeShift);
        out.keep = w[2];
        out.boards = w[4];
        out.req_kind = static_cast<u8>((w[3] >> 42) & 3);
        out.req_to_move = static_cast<Color>((w[3] >> 44) & 1);
        out.req_black = w[5];
        out.req_white = w[6];
        out.list = w[7];
        out.land = static_cast<u8>((w[3] >> LandShift) & LandMask);
        return true;
    }
}

void TranspositionTable::store(u64 hash, const Position& p, const TTData& d, unsigned offset) {
    Bucket& b = bucket(hash, offset);
    u64 s = 0;
    if (!lock_for_writing(b.seq, s)) return;
    const u64 meta = meta_of(p);
    int victim = -1;
    for (int i = 0; i < Ways; ++i) {
        if (load(b.w[i][3]) == 0 || holds(b.w[i], p, meta)) {
            victim = i;
            break;
        }
    }
    if (victim < 0) {  // neither: the entry of the least age (+ size, once half full) goes
        const bool pressed = 2 * used() >= capacity();
        int least = INT_MAX;
        for (int i = 0; i < Ways; ++i) {
            const u64 data = load(b.w[i][3]);
            const int score =
                static_cast<int>((data >> AgeShift & 0xFF) + (pressed ? data >> SizeShift : 0));
            if (score < least) least = score, victim = i;
        }
    }
    auto& e = b.w[victim];
    if (load(e[3]) == 0) filled_.fetch_add(1, std::memory_order_relaxed);
    put(e[0], p.black());
    put(e[1], p.white());
    put(e[2], d.keep);
    put(e[4], d.boards);
    put(e[5], d.req_black);
    put(e[6], d.req_white);
    put(e[7], d.list);
    put(e[3], pack(d, meta));
    unlock(b.seq, s);
}

bool TranspositionTable::relist(u64 hash, const Position& p, u64 was, u64 now, unsigned offset) {
    Bucket& b = bucket(hash, offset);
    u64 s = 0;
    if (!lock_for_writing(b.seq, s)) return false;
    const u64 meta = meta_of(p);
    bool done = false;
    for (auto& e : b.w) {
        if (holds(e, p, meta) && load(e[7]) == was) {
            put(e[7], now);
            done = true;
            break;
        }
    }
    unlock(b.seq, s);
    if (done) relists_.fetch_add(1, std::memory_order_relaxed);
    return done;
}

bool TranspositionTable::is_ok() const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < buckets_count_; ++i) {
        if (load(buckets_[i].seq) & 1) return false;  // no writer left a bucket locked
        for (auto& e : buckets_[i].w) n += load(e[3]) != 0;
    }
    return n == used();
}

OpenTable::OpenTable(std::size_t bytes) : count_(bytes / SlotBytes > 0 ? bytes / SlotBytes : 1) {
    if (!region_.reserve(count_ * SlotBytes)) throw std::bad_alloc();
    slots_ = reinterpret_cast<Slot*>(region_.data());
}

bool OpenTable::probe(u64 key, OpenData& out) const {
    Slot& s = slot(key);
    u64 data = load(s.data);
    u64 check = load(s.check);
    if (data == 0 || (check ^ data) != key) return false;  // empty, another key, or torn
    out.beta = static_cast<i16>(data & 0xFFFF);
    out.depth = static_cast<u16>((data >> 16) & 0xFFFF);
    out.move = static_cast<Move>(static_cast<int>((data >> 32) & 0xFF) - 2);
    out.lean = static_cast<i8>(static_cast<int>((data >> 41) & 3) - 1);
    return true;
}

void OpenTable::store(u64 key, const OpenData& d) {
    Slot& s = slot(key);
    u64 data = static_cast<u64>(static_cast<u16>(d.beta)) | static_cast<u64>(d.depth) << 16 |
               static_cast<u64>(static_cast<u8>(d.move + 2)) << 32 | u64{1} << 40 |
               static_cast<u64>(d.lean + 1) << 41;
    put(s.data, data);
    put(s.check, key ^ data);
}

}  // namespace smallgo
