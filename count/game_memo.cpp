// The memo's probe and store under per-slot lock bits.
#include "count/game_memo.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstring>
#include <new>

namespace smallgo {

u64 GameKey::hash() const {
    const auto w = words();
    u64 h = w[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (w[1] + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
    h ^= (w[2] + 0x8CB92BA72F3D8DD7ULL) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

GameMemo::GameMemo(u64 bytes, int coefficients)
    : coefficients_(coefficients),
      stride_(KeyWords + coefficients),
      slots_(std::max<u64>(bytes / slot_bytes(coefficients), Ways)) {
    if (!region_.reserve(slots_ * stride_ * 8)) throw std::bad_alloc();
    data_ = region_.data();
}

u64 GameMemo::home(const GameKey& key) const {
    // The high half of hash * slots: any table size, no power of two needed.
    return static_cast<u64>((static_cast<u128>(key.hash()) * slots_) >> 64);
}

u64 GameMemo::lock(u64 i) const {
    std::atomic_ref<u64> word(slot(i)[2]);
    for (;;) {
        const u64 w = word.fetch_or(LockBit, std::memory_order_acquire);
        if (!(w & LockBit)) return w;
        while (word.load(std::memory_order_relaxed) & LockBit) {
        }
    }
}

void GameMemo::unlock(u64 i, u64 word) const {
    std::atomic_ref<u64>(slot(i)[2]).store(word & ~LockBit, std::memory_order_release);
}

bool GameMemo::probe(const GameKey& key, u64* out) const {
    const auto w = key.words();
    const u64 h = home(key);
    for (int k = 0; k < Ways; ++k) {
        const u64 i = (h + k) % slots_;
        const u64* s = slot(i);
        // A look without the lock first: most probes miss, and a miss needs no copy.
        const u64 peek = std::atomic_ref<const u64>(s[2]).load(std::memory_order_relaxed);
        if ((peek & GridMask) != w[2] || (peek & ~LockBit) >> WorkShift == 0) continue;
        const u64 word = lock(i);
        const bool hit =
            (word >> WorkShift) != 0 && (word & GridMask) == w[2] && s[0] == w[0] && s[1] == w[1];
        if (hit) std::memcpy(out, s + KeyWords, 8 * std::size_t(coefficients_));
        unlock(i, word);
        if (hit) return true;
    }
    return false;
}

void GameMemo::store(const GameKey& key, const u64* counts, u64 work) {
    const auto w = key.words();
    assert((w[2] & ~GridMask) == 0);
    const u64 h = home(key);
    const u64 cost = std::clamp<u64>(work, 1, MaxWork);
    // The slot to use: the key's own, else an empty one, else the cheapest to make again.
    u64 best = h % slots_, best_work = ~u64{0};
    for (int k = 0; k < Ways; ++k) {
        const u64 i = (h + k) % slots_;
        const u64 word = lock(i);
        const u64* s = slot(i);
        const u64 sw = word >> WorkShift;
        const bool same = sw != 0 && (word & GridMask) == w[2] && s[0] == w[0] && s[1] == w[1];
        unlock(i, word);
        if (same) return;
        if (sw < best_work) best = i, best_work = sw;
        if (sw == 0) break;
    }
    if (best_work != 0 && best_work > cost) return;  // keep the costlier states
    if ((lock(best) >> WorkShift) == 0) used_.fetch_add(1, std::memory_order_relaxed);
    u64* s = slot(best);
    s[0] = w[0], s[1] = w[1];
    std::memcpy(s + KeyWords, counts, 8 * std::size_t(coefficients_));
    unlock(best, w[2] | cost << WorkShift);
}

}  // namespace smallgo
