// The sweep of the legal-position transfer: the scatter and add-up steps, memory, row sums.
// Instantiated for exact counts of 1..MaxLimbs limbs and for residues (legal_counts.hpp).
#include "count/legal_sweep.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace smallgo {

namespace {
constexpr u32 NoBlock = ~u32{0};
// Partitions: at most 2^MaxPartBits; each should hold about PartBytes of records, so that its
// table (4/3 to 8/3 of that) stays in a core's L2 cache.
constexpr int MaxPartBits = 12;
constexpr u64 PartBytes = u64{256} << 10;
// Successor records per source state: at most 3, but most states have fewer, so the pool is
// sized for a little more than the records of the widest steps counted so far, not the worst case.
constexpr double RecordsPerState = 2.8;
// Bytes of a pool block (a multiple of every record size would waste nothing; the rest of a
// block is left unused).
constexpr u64 BlockBytes = u64{8} << 10, BlockWords = BlockBytes / 8;
// Source states per parallel scatter task.
constexpr u64 Grain = 1 << 13;
// A source array bigger than this gives its pages back once scattered (smaller ones stay, so
// that small sweeps do not fault their pages in again at every point).
constexpr u64 DiscardBytes = u64{64} << 20;
}  // namespace

int sweep_partition_bits(u64 states, u64 entry_bytes) {
    const double records = double(states) * RecordsPerState * double(entry_bytes);
    int bits = 0;
    while (bits < MaxPartBits && double(PartBytes << bits) < records) ++bits;
    return bits;
}

u64 sweep_bytes_estimate(u64 states, int limbs, int threads) {
    const u64 entry = u64(1 + limbs) * 8, array = states * entry;
    // The pool, and the source or the destination (both when the source is kept); per thread
    // a block for every partition, a table and its list (2 MB pages each, 2 MB at least).
    const double arrays = double(array) * (RecordsPerState + (array > DiscardBytes ? 1 : 2));
    const u64 per_thread = (u64{1} << sweep_partition_bits(states, entry)) * BlockBytes +
                           std::max<u64>(8 * PartBytes, 2 << 20) + (2 << 20);
    return u64(arrays) + u64(std::max(1, threads)) * per_thread;
}

template <class Arith>
struct LegalSweep<Arith>::Threads {
    int n;
    tbb::task_arena arena;
    // [thread * partitions + p]: where the next record goes, and the block it lies in. The
    // pointers alone are dense (8 bytes a partition), so that they stay in L1.
    std::vector<u64*> cur;
    std::vector<u32> block;
    std::vector<BorderTable<Arith::Limbs>> tables;
    explicit Threads(int count) : n(count), arena(count), tables(std::size_t(count)) {}
};

template <class Arith>
LegalSweep<Arith>::LegalSweep(int width, int rows, Arith arith, bool mirror)
    : width_(width), rows_(rows), mirror_(mirror), arith_(arith) {
    assert(width >= 1 && width <= MaxBorderWidth && rows >= 1);
    // The empty board before any point: one way, the start word 0.
    if (src_.reserve(Stride * 8)) {
        u64* e = src_.data();
        e[0] = 0;
        e[1] = 1;
    }
    note_bytes(Stride * 8);
}

template <class Arith>
LegalSweep<Arith>::~LegalSweep() = default;

template <class Arith>
template <class From>
std::unique_ptr<LegalSweep<Arith>> LegalSweep<Arith>::widened(const LegalSweep<From>& from,
                                                              Arith arith) {
    static_assert(Arith::Limbs >= From::Limbs);
    constexpr int FromStride = LegalSweep<From>::Stride;
    auto w = std::make_unique<LegalSweep>(from.width_, from.rows_, arith, from.mirror_);
    const u64 n = from.states_;
    if (!w->src_.reserve(std::max<u64>(n, 1) * Stride * 8)) return nullptr;
    const u64* s = from.src_.data();
    u64* d = w->src_.data();
    for (u64 i = 0; i < n; ++i, s += FromStride, d += Stride) {
        for (int l = 0; l < FromStride; ++l) d[l] = s[l];
        for (int l = FromStride; l < Stride; ++l) d[l] = 0;
    }
    w->point_ = from.point_;
    w->states_ = n;
    w->max_states_ = from.max_states_;
    w->peak_bytes_ = from.peak_bytes_;
    w->note_bytes(n * (Stride + FromStride) * 8);
    w->per_row_ = from.per_row_;
    return w;
}

template <class Arith>
bool LegalSweep<Arith>::next_block(u64*& cur, u32& block) {
    block_fill_[block] = u32(block_records_);
    const u64 id = blocks_used_.fetch_add(1, std::memory_order_relaxed);
    if (id >= pool_budget_blocks_) {
        overflow_.store(true, std::memory_order_relaxed);
        return false;
    }
    block_next_[block] = u32(id);
    block_next_[id] = NoBlock;
    block = u32(id);
    cur = pool_.data() + id * BlockWords;
    return true;
}

template <class Arith>
template <bool RowEnd>
void LegalSweep<Arith>::scatter(u64 begin, u64 end, int col, bool first_row, u64** cur,
                                u32* block) {
    const u64* src = src_.data();
    const u64* pool = pool_.data();
    const u64 part_mask = (u64{1} << part_bits_) - 1;
    for (u64 i = begin; i < end; ++i) {
        const u64* e = src + i * Stride;
        BorderWord succ[3] = {0, 0, 0};
        const int k = border::successors(e[0], width_, col, first_row, succ);
        // Always three records written, only the real ones kept (advanced over): the number
        // of successors varies from state to state and would be a mispredicted branch.
        for (int j = 0; j < 3; ++j) {
            // Every successor of the representative receives the count of its whole class
            // (see the top of legal_sweep.hpp), as the representative of its own class.
            const BorderWord rep =
                RowEnd ? border::full_canonical(succ[j], width_) : border::swap_canonical(succ[j]);
            const bool keep = j < k;
            const u64 p = (border_hash(rep) >> (64 - MaxPartBits)) & part_mask;
            u64* r = cur[p];
            r[0] = rep;
            for (int l = 0; l < Arith::Limbs; ++l) r[1 + l] = e[1 + l];
            r += keep ? Stride : 0;
            cur[p] = r;
            // A full block (no room for one more record) is chained to a fresh one at once, so
            // that cur[p] always has room. (Words used in r's block: r follows a kept record.)
            const u64 used = (u64(r - pool - 1) & (BlockWords - 1)) + 1;
            if (keep && used + Stride > BlockWords && !next_block(cur[p], block[p])) return;
        }
    }
}

template <class Arith>
void LegalSweep<Arith>::add_up(u64 partition, BorderTable<Arith::Limbs>& table) {
    const u64 parts = u64{1} << part_bits_;
    u64 records = 0;
    for (int t = 0; t < threads_->n; ++t)
        for (u32 b = chain_head_[t * parts + partition]; b != NoBlock; b = block_next_[b])
            records += block_fill_[b];
    table.prepare(records);
    auto add = [this](u64* d, const u64* s) { arith_.add(d, s); };
    for (int t = 0; t < threads_->n; ++t)
        for (u32 b = chain_head_[t * parts + partition]; b != NoBlock; b = block_next_[b]) {
            const u64* r = pool_.data() + u64(b) * BlockWords;
            const u64* end = r + u64(block_fill_[b]) * Stride;
            table.add_records(r, end, add);
        }
    const u64 n = table.size();
    const u64 at = dst_used_.fetch_add(n, std::memory_order_relaxed);
    if (at + n > dst_budget_) {
        overflow_.store(true, std::memory_order_relaxed);
        table.clear();
        return;
    }
    // Grouped by the cells the next point reads: its column and the one left of it.
    const int next = (col() + 1) % width_;
    table.drain(dst_.data() + at * Stride, 4 * std::max(next - 1, 0));
}

template <class Arith>
bool LegalSweep<Arith>::step(int threads, u64 memory_limit) {
    assert(!done());
    const int col = this->col();
    const bool first_row = point_ < width_;
    const u64 entry_bytes = Stride * 8, n = states_;
    threads = std::max(1, threads);
    if (!threads_ || threads_->n != threads) threads_ = std::make_unique<Threads>(threads);
    Threads& th = *threads_;

    // Step 1. Partitions and the pool, sized for this step's source.
    part_bits_ = sweep_partition_bits(n, entry_bytes);
    const u64 parts = u64{1} << part_bits_;
    block_records_ = BlockBytes / entry_bytes;
    max_blocks_ = (3 * n + block_records_ - 1) / block_records_ + u64(threads) * parts;
    if (!pool_.reserve(max_blocks_ * BlockBytes)) return false;
    block_next_.resize(max_blocks_);
    block_fill_.resize(max_blocks_);
    const u64 writers = u64(threads) * parts;
    chain_head_.resize(writers);
    th.cur.resize(writers);
    th.block.resize(writers);
    u64 table_bytes = 0;
    for (const auto& t : th.tables) table_bytes += t.bytes();
    const u64 src_bytes = n * entry_bytes;
    pool_budget_blocks_ = max_blocks_;
    if (memory_limit) {
        if (src_bytes + table_bytes > memory_limit) return false;
        pool_budget_blocks_ =
            std::min(max_blocks_, (memory_limit - src_bytes - table_bytes) / BlockBytes);
    }
    // Every writer starts with a block of its own.
    if (pool_budget_blocks_ < writers) return false;
    for (u64 i = 0; i < writers; ++i) {
        chain_head_[i] = th.block[i] = u32(i);
        block_next_[i] = NoBlock;
        th.cur[i] = pool_.data() + i * BlockWords;
    }
    blocks_used_.store(writers);
    overflow_.store(false);

    // Step 2. Scatter: every successor with the count of its source, to its partition.
    // After the last point of a row, mirror images are merged too.
    const bool row_end = mirror_ && col == width_ - 1;
    auto scatter_range = [&](u64 begin, u64 end, int t) {
        if (row_end)
            scatter<true>(begin, end, col, first_row, th.cur.data() + t * parts,
                          th.block.data() + t * parts);
        else
            scatter<false>(begin, end, col, first_row, th.cur.data() + t * parts,
                           th.block.data() + t * parts);
    };
    if (threads == 1) {
        scatter_range(0, n, 0);
    } else {
        th.arena.execute([&] {
            tbb::parallel_for(tbb::blocked_range<u64>(0, n, Grain), [&](const auto& r) {
                scatter_range(r.begin(), r.end(), tbb::this_task_arena::current_thread_index());
            });
        });
    }
    if (overflow_.load()) return false;
    for (u64 i = 0; i < writers; ++i)
        block_fill_[th.block[i]] =
            u32(u64(th.cur[i] - (pool_.data() + th.block[i] * BlockWords)) / Stride);
    const u64 blocks = std::min(blocks_used_.load(), max_blocks_);
    pool_touched_ = std::max(pool_touched_, blocks * BlockBytes);
    u64 records = 0, most = 0;
    for (u64 p = 0; p < parts; ++p) {
        u64 in_part = 0;
        for (int t = 0; t < threads; ++t)
            for (u32 b = chain_head_[t * parts + p]; b != NoBlock; b = block_next_[b])
                in_part += block_fill_[b];
        records += in_part;
        most = std::max(most, in_part);
    }
    note_bytes(src_bytes + pool_touched_ + table_bytes);
    // The source is dead: its counts travel with the records.
    const bool discard = src_bytes > DiscardBytes;
    if (discard) src_.discard();

    // Step 3. Add up each partition in a table of the L2 cache, into the destination.
    table_bytes = 0;
    for (auto& t : th.tables) {
        if (!t.prepare(most)) return false;
        table_bytes += t.bytes();
    }
    if (!dst_.reserve(std::max<u64>(records, 1) * entry_bytes)) return false;
    const u64 fixed = pool_touched_ + table_bytes + (discard ? 0 : src_bytes);
    dst_budget_ = records;
    if (memory_limit) {
        if (fixed > memory_limit) return false;
        dst_budget_ = std::min(records, (memory_limit - fixed) / entry_bytes);
    }
    dst_used_.store(0);
    if (threads == 1) {
        for (u64 p = 0; p < parts; ++p) add_up(p, th.tables[0]);
    } else {
        th.arena.execute([&] {
            tbb::parallel_for(tbb::blocked_range<u64>(0, parts, 1), [&](const auto& r) {
                const int t = tbb::this_task_arena::current_thread_index();
                for (u64 p = r.begin(); p < r.end(); ++p) add_up(p, th.tables[t]);
            });
        });
    }
    if (overflow_.load()) return false;
    states_ = dst_used_.load();
    note_bytes(fixed + states_ * entry_bytes);
    src_.swap(dst_);
    max_states_ = std::max(max_states_, states_);
    ++point_;
    if (point_ % width_ == 0) per_row_.push_back(legal_sum());
    return true;
}

template <class Arith>
BigCount LegalSweep<Arith>::legal_sum() const {
    auto acc = Arith::zero();
    const u64* e = src_.data();
    for (u64 i = 0; i < states_; ++i, e += Stride)
        if (!border::has_needing(e[0])) arith_.accumulate(acc, e + 1);
    return arith_.to_big(acc);
}

template <class Arith>
void LegalSweep<Arith>::restore(int point, u64 states, std::vector<BigCount> per_row,
                                u64 max_states, Region entries) {
    src_ = std::move(entries);
    point_ = point;
    states_ = states;
    max_states_ = std::max(max_states, states);
    per_row_ = std::move(per_row);
    note_bytes(states * Stride * 8);
}

template <class Arith>
std::unique_ptr<LegalSweep<Arith>> LegalSweep<Arith>::clone() const {
    auto c = std::make_unique<LegalSweep>(width_, rows_, arith_, mirror_);
    const u64 bytes = states_ * Stride * 8;
    c->src_.reserve(bytes);
    std::memcpy(c->src_.data(), src_.data(), bytes);
    // Commit the pages a step writes now, not in the step.
    c->dst_.reserve(dst_.bytes());
    c->pool_.reserve(pool_.bytes());
    std::memset(c->dst_.data(), 0, c->dst_.bytes());
    std::memset(c->pool_.data(), 0, c->pool_.bytes());
    c->point_ = point_;
    c->states_ = states_;
    c->max_states_ = max_states_;
    c->peak_bytes_ = peak_bytes_;
    c->pool_touched_ = pool_touched_;
    c->per_row_ = per_row_;
    return c;
}

template <class Arith>
std::vector<std::pair<BorderWord, BigCount>> LegalSweep<Arith>::snapshot() const {
    std::vector<std::pair<BorderWord, BigCount>> out;
    const u64* e = src_.data();
    for (u64 i = 0; i < states_; ++i, e += Stride) out.emplace_back(e[0], arith_.to_big(e + 1));
    std::sort(out.begin(), out.end());
    return out;
}

template <class Arith>
bool LegalSweep<Arith>::is_ok() const {
    std::vector<BorderWord> words;
    const u64* e = src_.data();
    for (u64 i = 0; i < states_; ++i, e += Stride) {
        const BorderWord w = e[0];
        const bool row_end = mirror_ && point_ % width_ == 0 && point_ > 0;
        if (!border::is_ok(w, width_) ||
            w != (row_end ? border::full_canonical(w, width_) : border::swap_canonical(w)))
            return false;
        words.push_back(w);
    }
    std::sort(words.begin(), words.end());
    return std::adjacent_find(words.begin(), words.end()) == words.end();
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
template std::unique_ptr<LegalSweep<WideSum<2>>> LegalSweep<WideSum<2>>::widened(
    const LegalSweep<WideSum<1>>&, WideSum<2>);
template std::unique_ptr<LegalSweep<WideSum<3>>> LegalSweep<WideSum<3>>::widened(
    const LegalSweep<WideSum<2>>&, WideSum<3>);
template std::unique_ptr<LegalSweep<WideSum<4>>> LegalSweep<WideSum<4>>::widened(
    const LegalSweep<WideSum<3>>&, WideSum<4>);
template std::unique_ptr<LegalSweep<WideSum<5>>> LegalSweep<WideSum<5>>::widened(
    const LegalSweep<WideSum<4>>&, WideSum<5>);
template std::unique_ptr<LegalSweep<WideSum<6>>> LegalSweep<WideSum<6>>::widened(
    const LegalSweep<WideSum<5>>&, WideSum<6>);
template std::unique_ptr<LegalSweep<WideSum<7>>> LegalSweep<WideSum<7>>::widened(
    const LegalSweep<WideSum<6>>&, WideSum<7>);
template std::unique_ptr<LegalSweep<WideSum<8>>> LegalSweep<WideSum<8>>::widened(
    const LegalSweep<WideSum<7>>&, WideSum<8>);

}  // namespace smallgo
