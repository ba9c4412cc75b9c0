// The game counter's memo: a fixed-size table of counted states, shared by the threads, that
// never grows past the memory it was given. A state's key is verified in full on every probe (a
// hash only picks the slots), so a hit is always the count of that very state. When the four
// slots a key may use are full, the entry that cost the least work to count is replaced: the
// count stays exact, it only has to be made again if that state comes back.
//
//   slot layout, `stride` 64-bit words (4 with one count: two slots to a cache line):
//   words 0..1   the key's seen atoms (GameKey::words()[0..1])
//   word 2       bits  0-40: the key's grid word (GameKey::words()[2])
//                bits 41-62: work, the nodes walked to count the state (capped), 0 for an
//                            empty slot
//                bit  63:    the slot's lock
//   words 3..    the counts, one per remaining length (or one, the total, without lengths)
//
// A slot is locked (its bit 63 set with acquire, cleared with release) only to copy it in or
// out, so a reader never sees half of a store. The four slots of a key are consecutive, and the
// table lies in a Region (rules/region.hpp: 2 MB pages where the kernel gives them, fresh pages
// read as empty slots), so a probe costs one or two cache misses. Memory: stride * 8 bytes a slot.
#pragma once

#include <atomic>

#include "count/game_space.hpp"
#include "rules/region.hpp"

namespace smallgo {

// What the rest of a game depends on (docs/games.md): the current grid, side to move and passes,
// the seen atoms a play could still run into, and under simple ko the grid two records back.
struct GameKey {
    AtomSet seen;
    u16 grid = 0;
    u8 to_move = 0;
    u8 passes = 0;
    u16 ko_grid = NoKoGrid;

    static constexpr u16 NoKoGrid = 0xFFFF;
    // Field positions in the third word of the key, which uses bits 0 to 40.
    static constexpr int ToMoveShift = 16, PassesShift = 17, KoShift = 24;

    std::array<u64, 3> words() const {
        return {seen.w[0], seen.w[1],
                u64{grid} | u64{to_move} << ToMoveShift | u64{passes} << PassesShift |
                    u64{ko_grid} << KoShift};
    }
    u64 hash() const;
};

class GameMemo {
  public:
    // A table of about `bytes` (at least Ways slots) for counts of `coefficients` words each;
    // throws std::bad_alloc when the system refuses the memory.
    GameMemo(u64 bytes, int coefficients);

    // Bytes of one slot for counts of `coefficients` words.
    static u64 slot_bytes(int coefficients) { return 8 * u64(KeyWords + coefficients); }
    u64 slots() const { return slots_; }
    u64 bytes() const { return slots_ * slot_bytes(coefficients_); }

    // Copies the counts of `key` into out (coefficients words) and returns true, if stored.
    bool probe(const GameKey& key, u64* out) const;
    // Starts fetching the slots of `key` into the cache, for a probe soon after.
    void prefetch(const GameKey& key) const {
        const u64* s = slot(home(key));
        __builtin_prefetch(s);
        __builtin_prefetch(s + (Ways * stride_ - 1));
    }
    // Stores the counts of `key`, which cost `work` nodes.
    void store(const GameKey& key, const u64* counts, u64 work);
    // Slots in use.
    u64 used() const { return used_.load(std::memory_order_relaxed); }

  private:
    static constexpr int KeyWords = 3;
    static constexpr int Ways = 4;  // slots a key may use, from its home slot on
    static constexpr int WorkShift = 41;
    static constexpr u64 GridMask = (u64{1} << WorkShift) - 1;
    static constexpr u64 MaxWork = (u64{1} << 22) - 1;
    static constexpr u64 LockBit = u64{1} << 63;

    u64 home(const GameKey& key) const;
    u64* slot(u64 i) const { return data_ + i * stride_; }
    // Locks slot i and returns its word 2 as it was (lock bit clear).
    u64 lock(u64 i) const;
    // Unlocks slot i, setting its word 2 to `word` (lock bit clear).
    void unlock(u64 i, u64 word) const;

    int coefficients_;
    u64 stride_, slots_;
    Region region_;
    u64* data_ = nullptr;
    std::atomic<u64> used_{0};
};

}  // namespace smallgo
