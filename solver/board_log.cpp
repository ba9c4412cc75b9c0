#include "solver/board_log.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <new>

namespace smallgo {

namespace {
u32 load(u32& x) {
    return std::atomic_ref<u32>(x).load(std::memory_order_relaxed);
}
}  // namespace

BoardLog::BoardLog(std::size_t bytes) : capacity_(bytes / sizeof(u32)) {
    if (capacity_ == 0) return;
    if (!region_.reserve(capacity_ * sizeof(u32))) throw std::bad_alloc();
    data_ = reinterpret_cast<u32*>(region_.data());
}

u64 BoardLog::append(const u16* fps, std::size_t count) {
    if (count == 0 || count > MaxLength || count > capacity_ / 4) return NoList;
    const u64 start = head_.fetch_add(count, std::memory_order_relaxed);
    // Seen by a reader that reads any of the stores below, with the head moved on (intact()).
    std::atomic_thread_fence(std::memory_order_release);
    const Place first = place(start);
    for (std::size_t i = 0; i < count; ++i) {
        const Place p = after(first, i);
        std::atomic_ref<u32>(data_[p.slot]).store(slot_word(p, fps[i]), std::memory_order_relaxed);
    }
    return start << 16 | count;
}

bool BoardLog::intact(u64 ref) const {
    std::atomic_thread_fence(std::memory_order_acquire);
    // A writer reserving up to the head writes over the positions below head - capacity.
    return head_.load(std::memory_order_relaxed) <= start_of(ref) + capacity_;
}

bool BoardLog::fingerprint_at(Place p, u16& fp) const {
    const u32 word = load(data_[p.slot]);
    fp = static_cast<u16>(word);
    return word == slot_word(p, fp);
}

bool BoardLog::may_hold(u64 ref, u16 fp) const {
    if (ref == NoList || capacity_ == 0) return true;
    // Binary search of the sorted list; a slot of another lap means the list is lost.
    const Place first = place(start_of(ref));
    const std::size_t length = length_of(ref);
    std::size_t lo = 0, hi = length;
    u16 x = 0;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (!fingerprint_at(after(first, mid), x)) return true;
        if (x < fp)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < length && (!fingerprint_at(after(first, lo), x) || x == fp)) return true;
    return !intact(ref);
}

bool BoardLog::may_hold_any(u64 ref, const u16* fps, std::size_t count) const {
    if (count == 0) return false;
    if (ref == NoList || capacity_ == 0) return true;
    const std::size_t length = length_of(ref);
    const auto searches = static_cast<std::size_t>(std::bit_width(length));
    if (count * searches * 4 < length) {
        for (std::size_t i = 0; i < count; ++i)
            if (may_hold(ref, fps[i])) return true;
        return false;
    }
    // The walk tests each fingerprint of the list against two 1,024-bit masks of fps, one by its
    // low ten bits and one by its high ten, and only a fingerprint with both bits set against fps
    // themselves: with one mask, the scans of fps for its false hits took a third of the walk's
    // time on 1x12. The list is sorted, so the walk ends past the largest of fps.
    std::array<u64, 16> low{}, high{};
    u16 largest = 0;
    for (std::size_t i = 0; i < count; ++i) {
        low[fps[i] >> 6 & 15] |= u64{1} << (fps[i] & 63);
        high[fps[i] >> 12] |= u64{1} << (fps[i] >> 6 & 63);
        largest = std::max(largest, fps[i]);
    }
    const Place first = place(start_of(ref));
    u16 x = 0;
    for (std::size_t k = 0; k < length; ++k) {
        if (!fingerprint_at(after(first, k), x)) return true;  // lost
        if (x > largest) break;
        if ((low[x >> 6 & 15] >> (x & 63) & 1) && (high[x >> 12] >> (x >> 6 & 63) & 1) &&
            std::find(fps, fps + count, x) != fps + count)
            return true;
    }
    return !intact(ref);
}

void BoardLog::prefetch(u64 ref) const {
    if (ref == NoList || capacity_ == 0) return;
    constexpr std::size_t SlotsPerLine = 64 / sizeof(u32), Lines = 8;
    const std::size_t length = std::min(length_of(ref), SlotsPerLine * Lines);
    const Place first = place(start_of(ref));
    for (std::size_t k = 0; k < length; k += SlotsPerLine)
        __builtin_prefetch(&data_[after(first, k).slot]);
}

bool BoardLog::read(u64 ref, std::vector<u16>& out) const {
    if (ref == NoList || capacity_ == 0) return false;
    const std::size_t before = out.size();
    const Place first = place(start_of(ref));
    u16 fp = 0;
    for (std::size_t k = 0; k < length_of(ref); ++k) {
        if (!fingerprint_at(after(first, k), fp)) break;
        out.push_back(fp);
    }
    if (out.size() - before == length_of(ref) && intact(ref)) return true;
    out.resize(before);
    return false;
}

bool BoardLog::aging(u64 ref) const {
    if (ref == NoList || capacity_ == 0) return false;
    return head_.load(std::memory_order_relaxed) - start_of(ref) > capacity_ / 2;
}

u64 BoardLog::renew(u64 ref) {
    std::vector<u16> copy;
    return read(ref, copy) ? append(copy.data(), copy.size()) : NoList;
}

}  // namespace smallgo
