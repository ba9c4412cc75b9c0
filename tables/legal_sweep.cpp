// The sweep of the legal-position transfer: the step kernel, table growth and row sums.
// Instantiated for exact counts of 1..MaxLimbs limbs and for residues (legal_counts.hpp).
#include "tables/legal_sweep.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cassert>
#include <cstring>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

namespace smallgo {

u64* map_zeroed(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return nullptr;
    madvise(p, bytes, MADV_HUGEPAGE);
    return static_cast<u64*>(p);
}

void unmap(u64* p, std::size_t bytes) {
    munmap(p, bytes);
}

namespace {
constexpr u64 MinCapacity = 1 << 14;
// Source slots per parallel task.
constexpr u64 Grain = 4096;
// Successors computed ahead of their insertion (prefetch distance), the ring that holds them,
// and how often (source states) a thread publishes its claims and checks the load limit.
constexpr unsigned Lag = 24, RingSize = 32;
constexpr int Batch = 16;
// Slots a thread may claim past a check: its batch and its ring.
constexpr u64 Margin = 3 * Batch + RingSize;
}  // namespace

u64 capacity_for_states(u64 states) {
    return std::max(MinCapacity, u64(double(states) / 0.75) + 64);
}

template <class Arith>
struct LegalSweep<Arith>::Arena {
    int threads;
    tbb::task_arena arena;
    explicit Arena(int n) : threads(n), arena(n) {}
};

template <class Arith>
LegalSweep<Arith>::LegalSweep(int width, int rows, Arith arith, u64 expected_states)
    : width_(width), rows_(rows), arith_(arith), src_(MinCapacity), dst_(MinCapacity) {
    assert(width >= 1 && width <= MaxBorderWidth && rows >= 1);
    capacity_hint_ = expected_states ? capacity_for_states(expected_states) : 0;
    bool claimed = false;
    u64* c = src_.template find_or_claim<false>(0, src_.home(0), claimed);
    c[0] = 1;  // the empty board before any point: one way, the start word 0
    note_bytes();
}

template <class Arith>
LegalSweep<Arith>::~LegalSweep() = default;

template <class Arith>
void LegalSweep<Arith>::note_bytes(u64 extra) {
    peak_bytes_ = std::max(peak_bytes_, bytes() + extra);
}

template <class Arith>
template <bool Concurrent>
void LegalSweep<Arith>::run_range(u64 begin, u64 end, int col, bool first_row) {
    // Successors wait in a ring, their home slot prefetched, until Lag newer ones have been
    // computed: by then the slot is usually in cache. A source slot is emptied when its last
    // successor leaves the ring.
    struct Pending {
        BorderWord word;
        u64 home;
        u64* from;  // the source entry
        bool last;  // the last successor of that source
    };
    Pending ring[RingSize];
    unsigned head = 0, tail = 0;  // ring[tail % RingSize .. head % RingSize) wait
    u64 claims = 0;
    auto insert_oldest = [&] {
        Pending& p = ring[tail++ % RingSize];
        bool claimed = false;
        u64* c = dst_.template find_or_claim<Concurrent>(p.word, p.home, claimed);
        claims += claimed;
        if constexpr (Concurrent)
            arith_.atomic_add(c, p.from + 1);
        else
            arith_.add(c, p.from + 1);
        if (p.last)
            for (int i = 0; i < Table::Stride; ++i) p.from[i] = 0;
    };
    const u64 limit = dst_.load_limit();
    int since_check = 0;
    for (u64 slot = begin; slot < end; ++slot) {
        u64* e = src_.entry(slot);
        if (e[0] == 0) continue;
        // Step 1. Wait for a bigger destination when this thread could pass the load limit.
        if (++since_check == Batch) {
            since_check = 0;
            used_.fetch_add(claims, std::memory_order_relaxed);
            claims = 0;
            if (used_.load(std::memory_order_relaxed) + Margin > limit) {
                overflow_.store(true, std::memory_order_relaxed);
                break;
            }
        }
        // Step 2. The successors, as representatives of their colour-swap pairs.
        const BorderWord w = ~e[0];
        BorderWord succ[3];
        const int k = border::successors(w, width_, col, first_row, succ);
        for (int j = 0; j < k; ++j) {
            const BorderWord t = succ[j], flip = border::swap_colours(t);
            // The empty border is its own swap: of its successors, keep one of each pair.
            if (w == 0 && flip < t) continue;
            const BorderWord rep = std::min(t, flip);
            const u64 home = dst_.home(rep);
            dst_.prefetch(home);
            ring[head++ % RingSize] = {rep, home, e, false};
            // A successor that is its own swap comes from this state and from its swap.
            if (rep == 0 && w != 0) ring[head++ % RingSize] = {rep, home, e, false};
        }
        ring[(head - 1) % RingSize].last = true;
        // Step 3. Insert the successors computed Lag earlier, now likely in cache.
        while (head - tail > Lag) insert_oldest();
    }
    while (head != tail) insert_oldest();
    used_.fetch_add(claims, std::memory_order_relaxed);
}

template <class Arith>
bool LegalSweep<Arith>::grow_destination(u64 memory_limit) {
    u64 cap = dst_.capacity();
    u64 next = cap < capacity_hint_ ? std::min(cap * 4, capacity_hint_) : cap + cap / 2;
    next = std::max(next, capacity_for_states(used_.load() * 2));
    u64 extra = Table::bytes_for(next);
    if (memory_limit && bytes() + extra > memory_limit) return false;
    Table bigger(next);
    if (!bigger.ok()) return false;
    note_bytes(extra);
    for (u64 s = 0; s < cap; ++s) {
        if (dst_.empty_slot(s)) continue;
        BorderWord w = dst_.word(s);
        bool claimed = false;
        u64* c = bigger.template find_or_claim<false>(w, bigger.home(w), claimed);
        const u64* from = dst_.entry(s) + 1;
        for (int i = 0; i < Arith::Limbs; ++i) c[i] = from[i];
    }
    dst_ = std::move(bigger);
    return true;
}

template <class Arith>
bool LegalSweep<Arith>::step(int threads, u64 memory_limit) {
    assert(!done());
    const int col = this->col();
    const bool first_row = point_ < width_;
    used_.store(0);
    if (threads > 1 && (!arena_ || arena_->threads != threads))
        arena_ = std::make_unique<Arena>(threads);
    for (;;) {
        overflow_.store(false);
        const u64 cap = src_.capacity();
        if (threads <= 1) {
            run_range<false>(0, cap, col, first_row);
        } else {
            arena_->arena.execute([&] {
                tbb::parallel_for(tbb::blocked_range<u64>(0, cap, Grain), [&](const auto& r) {
                    run_range<true>(r.begin(), r.end(), col, first_row);
                });
            });
        }
        if (!overflow_.load()) break;
        if (!grow_destination(memory_limit)) return false;
    }
    src_.swap(dst_);
    states_ = used_.load();
    max_states_ = std::max(max_states_, states_);
    ++point_;
    // The old source is empty again; it must be as big as the new source to take its successors.
    if (dst_.capacity() < src_.capacity() && (!memory_limit || 2 * src_.bytes() <= memory_limit)) {
        Table fresh(src_.capacity());
        if (fresh.ok()) dst_ = std::move(fresh);
    }
    note_bytes();
    if (point_ % width_ == 0) per_row_.push_back(legal_sum(threads));
    return true;
}

template <class Arith>
BigCount LegalSweep<Arith>::legal_sum(int threads) const {
    using Acc = typename Arith::Acc;
    auto sum_range = [this](u64 begin, u64 end, Acc acc) {
        for (u64 s = begin; s < end; ++s)
            if (!src_.empty_slot(s) && !border::has_needing(src_.word(s))) {
                // A representative stands for itself and its colour swap (but 0 is its own).
                arith_.accumulate(acc, src_.entry(s) + 1);
                if (src_.word(s) != 0) arith_.accumulate(acc, src_.entry(s) + 1);
            }
        return acc;
    };
    const u64 cap = src_.capacity();
    if (threads <= 1) return arith_.to_big(sum_range(0, cap, Arith::zero()));
    Acc total = arena_->arena.execute([&] {
        return tbb::parallel_reduce(
            tbb::blocked_range<u64>(0, cap, Grain * 16), Arith::zero(),
            [&](const auto& r, Acc acc) { return sum_range(r.begin(), r.end(), acc); },
            [this](Acc a, const Acc& b) {
                arith_.merge(a, b);
                return a;
            });
    });
    return arith_.to_big(total);
}

template <class Arith>
std::unique_ptr<LegalSweep<Arith>> LegalSweep<Arith>::clone() const {
    auto c = std::make_unique<LegalSweep>(width_, rows_, arith_);
    c->src_ = Table(src_.capacity());
    c->dst_ = Table(dst_.capacity());
    std::memcpy(c->src_.entry(0), src_.entry(0), src_.bytes());
    std::memset(c->dst_.entry(0), 0, c->dst_.bytes());  // commit its pages now, not in a step
    c->point_ = point_;
    c->states_ = states_;
    c->max_states_ = max_states_;
    c->peak_bytes_ = peak_bytes_;
    c->capacity_hint_ = capacity_hint_;
    c->per_row_ = per_row_;
    return c;
}

template <class Arith>
std::vector<std::pair<BorderWord, BigCount>> LegalSweep<Arith>::snapshot() const {
    std::vector<std::pair<BorderWord, BigCount>> out;
    for (u64 s = 0; s < src_.capacity(); ++s)
        if (!src_.empty_slot(s)) out.emplace_back(src_.word(s), arith_.to_big(src_.entry(s) + 1));
    std::sort(out.begin(), out.end());
    return out;
}

template <class Arith>
bool LegalSweep<Arith>::is_ok() const {
    u64 n = 0;
    for (u64 s = 0; s < src_.capacity(); ++s) {
        if (src_.empty_slot(s)) continue;
        ++n;
        const BorderWord w = src_.word(s);
        if (!border::is_ok(w, width_) || border::swap_colours(w) < w) return false;
    }
    for (u64 s = 0; s < dst_.capacity(); ++s)
        if (!dst_.empty_slot(s)) return false;
    return n == states_;
}

template class LegalSweep<WideSum<1>>;
template class LegalSweep<WideSum<2>>;
template class LegalSweep<WideSum<3>>;
template class LegalSweep<WideSum<4>>;
template class LegalSweep<WideSum<5>>;
template class LegalSweep<WideSum<6>>;
template class LegalSweep<WideSum<7>>;
template class LegalSweep<WideSum<8>>;
template class LegalSweep<ModSum>;

}  // namespace smallgo
