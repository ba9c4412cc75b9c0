// The distributed sweep: counting, exchanging and adding up the successors of each rank's states.
// Instantiated for exact counts of 1..8 limbs and for residues, like legal_sweep.cpp.
#include "count/shard_sweep.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "count/legal_sweep.hpp"

namespace smallgo {

namespace {
// Within its owner, a state's partition is hash bits PartShift.. (the owner takes the top bits,
// a table slot the low ones).
constexpr int PartShift = 20;
constexpr u64 Fail = ~u64{0};
// Buffers up to this size keep their pages from one point to the next.
constexpr u64 KeepBytes = u64{64} << 20;
}  // namespace

template <class Arith>
ShardSweep<Arith>::ShardSweep(int width, int rows, Arith arith, RankExchange& exchange)
    : width_(width), rows_(rows), arith_(arith), exchange_(exchange) {
    assert(width >= 1 && width <= MaxBorderWidth && rows >= 1);
    // The empty board before any point: one way, the start word 0, on its owner.
    if (owner(border_hash(0), exchange_.ranks()) == exchange_.rank() && src_.reserve(Stride * 8)) {
        src_.data()[0] = 0;
        src_.data()[1] = 1;
        for (int l = 2; l < Stride; ++l) src_.data()[l] = 0;
        local_ = 1;
    }
    note_bytes(Stride * 8);
}

template <class Arith>
template <class From>
std::unique_ptr<ShardSweep<Arith>> ShardSweep<Arith>::widened(const ShardSweep<From>& from,
                                                              Arith arith) {
    static_assert(Arith::Limbs >= From::Limbs);
    constexpr int FromStride = ShardSweep<From>::Stride;
    auto w = std::make_unique<ShardSweep>(from.width_, from.rows_, arith, from.exchange_);
    const u64 n = from.local_;
    const bool ok = w->src_.reserve(std::max<u64>(n, 1) * Stride * 8);
    if (from.exchange_.any(!ok)) return nullptr;
    const u64* s = from.src_.data();
    u64* d = w->src_.data();
    for (u64 i = 0; i < n; ++i, s += FromStride, d += Stride) {
        for (int l = 0; l < FromStride; ++l) d[l] = s[l];
        for (int l = FromStride; l < Stride; ++l) d[l] = 0;
    }
    w->point_ = from.point_;
    w->local_ = n;
    w->states_ = from.states_;
    w->max_states_ = from.max_states_;
    w->peak_bytes_ = std::max(from.peak_bytes_, n * (Stride + FromStride) * 8);
    w->bytes_sent_ = from.bytes_sent_;
    w->per_row_ = from.per_row_;
    return w;
}

template <class Arith>
template <bool RowEnd, class Emit>
void ShardSweep<Arith>::for_each_successor(Emit&& emit) const {
    const int col = this->col();
    const bool first_row = point_ < width_;
    const u64* e = src_.data();
    for (u64 i = 0; i < local_; ++i, e += Stride) {
        BorderWord succ[3];
        const int k = border::successors(e[0], width_, col, first_row, succ);
        for (int j = 0; j < k; ++j) {
            // Each successor of a representative gets its class count, under the representative
            // of its own class (legal_sweep.hpp).
            const BorderWord rep =
                RowEnd ? border::full_canonical(succ[j], width_) : border::swap_canonical(succ[j]);
            emit(rep, border_hash(rep), e + 1);
        }
    }
}

template <class Arith>
bool ShardSweep<Arith>::step(int, u64 memory_limit) {
    assert(!done());
    RankExchange& ex = exchange_;
    const int ranks = ex.ranks();
    const u64 rec = Stride * 8;
    const bool row_end = col() == width_ - 1;
    auto each = [&](auto&& emit) {
        if (row_end)
            for_each_successor<true>(emit);
        else
            for_each_successor<false>(emit);
    };

    // Step 1. Partitions as many as the single-process sweep of a rank's share would take, the
    // same on every rank (the sender lays out, the owner reads).
    const int part_bits = sweep_partition_bits(states_ / u64(ranks) + 1, rec);
    const u64 parts = u64{1} << part_bits, part_mask = parts - 1;
    auto slot = [&](u64 h) {
        return u64(owner(h, ranks)) * parts + ((h >> PartShift) & part_mask);
    };

    // Step 2. Records to each (owner, partition) from here, and from each rank to here.
    std::vector<u64> out(u64(ranks) * parts, 0), in(u64(ranks) * parts, 0);
    each([&](BorderWord, u64 h, const u64*) { ++out[slot(h)]; });
    ex.all_to_all(out.data(), in.data(), int(parts));
    u64 total_in = 0, most_in = 0;
    std::vector<u64> in_part(parts, 0);
    for (u64 r = 0; r < u64(ranks); ++r)
        for (u64 p = 0; p < parts; ++p) in_part[p] += in[r * parts + p];
    for (u64 p = 0; p < parts; ++p) total_in += in_part[p], most_in = std::max(most_in, in_part[p]);

    // Step 3. Rounds: the fewest (a power of two) whose records sent and received fit the limit
    // besides the source and the next states (at most half the records received: a state has
    // on average well over two records).
    const u64 src_bytes = local_ * rec, dst_bound = total_in / 2 * rec;
    const u64 table_bytes = std::max<u64>(4 * most_in * rec, 4 << 20);
    auto round_bytes = [&](u64 rounds) {
        u64 most = 0;
        for (u64 k = 0; k < rounds; ++k) {
            const u64 p0 = parts * k / rounds, p1 = parts * (k + 1) / rounds;
            u64 sent = 0, got = 0;
            for (u64 r = 0; r < u64(ranks); ++r)
                for (u64 p = p0; p < p1; ++p) sent += out[r * parts + p], got += in[r * parts + p];
            most = std::max(most, (sent + got) * rec);
        }
        return most;
    };
    u64 rounds = 1;
    while (memory_limit && rounds < parts &&
           src_bytes + dst_bound + table_bytes + round_bytes(rounds) > memory_limit)
        rounds *= 2;
    bool ok =
        !memory_limit || src_bytes + dst_bound + table_bytes + round_bytes(rounds) <= memory_limit;
    rounds = ex.max(ok ? rounds : Fail);
    if (rounds == Fail) return false;
    rounds_ = int(rounds);
    ok = dst_.reserve(std::max<u64>(total_in, 1) * rec);

    u64 dst_used = 0, sent_away = 0;
    const int group_shift = 4 * std::max((col() + 1) % width_ - 1, 0);
    std::vector<u64> cursor(u64(ranks) * parts), send_counts(ranks), recv_counts(ranks);
    for (u64 k = 0; k < rounds; ++k) {
        const u64 p0 = parts * k / rounds, p1 = parts * (k + 1) / rounds;
        // Step 3a. This round's records, laid out by owner, then partition.
        u64 at = 0, got = 0;
        for (int r = 0; r < ranks; ++r) {
            const u64 start = at;
            for (u64 p = p0; p < p1; ++p) cursor[r * parts + p] = at, at += out[r * parts + p];
            send_counts[r] = at - start;
            if (r != ex.rank()) sent_away += at - start;
            recv_counts[r] = 0;
            for (u64 p = p0; p < p1; ++p) recv_counts[r] += in[r * parts + p];
            got += recv_counts[r];
        }
        ok = ok && send_.reserve(std::max<u64>(at, 1) * rec) &&
             recv_.reserve(std::max<u64>(got, 1) * rec);
        if (ex.any(!ok)) return false;
        u64* send = send_.data();
        each([&](BorderWord w, u64 h, const u64* count) {
            const u64 p = (h >> PartShift) & part_mask;
            if (p < p0 || p >= p1) return;
            u64* r = send + cursor[u64(owner(h, ranks)) * parts + p]++ * Stride;
            r[0] = w;
            for (int l = 0; l < Arith::Limbs; ++l) r[1 + l] = count[l];
        });
        // Step 3b. The exchange.
        ex.all_to_all_records(send, send_counts.data(), recv_.data(), recv_counts.data(), Stride);
        note_bytes(src_bytes + dst_used * rec + (at + got) * rec + table_.bytes());

        // Step 4. Each partition of the round added up in a table of the L2 cache; from each
        // rank its records of partition p follow those of p - 1.
        std::vector<const u64*> from(ranks);
        u64 offset = 0;
        for (int r = 0; r < ranks; ++r)
            from[r] = recv_.data() + offset * Stride, offset += recv_counts[r];
        auto add = [this](u64* d, const u64* s) { arith_.add(d, s); };
        for (u64 p = p0; p < p1 && ok; ++p) {
            if (!table_.prepare(in_part[p])) {
                ok = false;
                break;
            }
            for (int r = 0; r < ranks; ++r) {
                const u64 n = in[u64(r) * parts + p];
                table_.add_records(from[r], from[r] + n * Stride, add);
                from[r] += n * Stride;
            }
            dst_used += table_.drain(dst_.data() + dst_used * Stride, group_shift);
        }
        const u64 now = src_bytes + dst_used * rec + (at + got) * rec + table_.bytes();
        note_bytes(now);
        if (memory_limit && now > memory_limit) ok = false;
    }
    if (ex.any(!ok)) return false;
    // Big buffers give their pages back; small ones keep them, so that a small sweep does not
    // fault them in again at every point.
    for (Region* r : {&send_, &recv_, &src_})
        if (r->bytes() > KeepBytes) r->discard();
    src_.swap(dst_);
    local_ = dst_used;
    bytes_sent_ += sent_away * rec;
    states_ = ex.sum(local_);
    max_states_ = std::max(max_states_, states_);
    ++point_;
    if (point_ % width_ == 0) per_row_.push_back(legal_sum());
    return true;
}

template <class Arith>
BigCount ShardSweep<Arith>::legal_sum() {
    // Each rank's sum of its states with no needing stone, gathered and added up on every rank.
    using Acc = typename Arith::Acc;
    constexpr int Words = int(sizeof(Acc) / 8);
    Acc acc = Arith::zero();
    const u64* e = src_.data();
    for (u64 i = 0; i < local_; ++i, e += Stride)
        if (!border::has_needing(e[0])) arith_.accumulate(acc, e + 1);
    std::vector<u64> all(std::size_t(Words) * exchange_.ranks());
    exchange_.all_gather(reinterpret_cast<const u64*>(&acc), all.data(), Words);
    Acc total = Arith::zero();
    for (int r = 0; r < exchange_.ranks(); ++r) {
        Acc other;
        std::memcpy(&other, all.data() + std::size_t(r) * Words, sizeof other);
        arith_.merge(total, other);
    }
    return arith_.to_big(total);
}

template <class Arith>
void ShardSweep<Arith>::restore(int point, u64 local, std::vector<BigCount> per_row, u64 max_states,
                                Region entries) {
    src_ = std::move(entries);
    point_ = point;
    local_ = local;
    max_states_ = max_states;
    per_row_ = std::move(per_row);
    note_bytes(local * Stride * 8);
    states_ = exchange_.sum(local_);
}

template class ShardSweep<WideSum<1>>;
template class ShardSweep<WideSum<2>>;
template class ShardSweep<WideSum<3>>;
template class ShardSweep<WideSum<4>>;
template class ShardSweep<WideSum<5>>;
template class ShardSweep<WideSum<6>>;
template class ShardSweep<WideSum<7>>;
template class ShardSweep<WideSum<8>>;
template class ShardSweep<ModSum>;
template std::unique_ptr<ShardSweep<WideSum<2>>> ShardSweep<WideSum<2>>::widened(
    const ShardSweep<WideSum<1>>&, WideSum<2>);
template std::unique_ptr<ShardSweep<WideSum<3>>> ShardSweep<WideSum<3>>::widened(
    const ShardSweep<WideSum<2>>&, WideSum<3>);
template std::unique_ptr<ShardSweep<WideSum<4>>> ShardSweep<WideSum<4>>::widened(
    const ShardSweep<WideSum<3>>&, WideSum<4>);
template std::unique_ptr<ShardSweep<WideSum<5>>> ShardSweep<WideSum<5>>::widened(
    const ShardSweep<WideSum<4>>&, WideSum<5>);
template std::unique_ptr<ShardSweep<WideSum<6>>> ShardSweep<WideSum<6>>::widened(
    const ShardSweep<WideSum<5>>&, WideSum<6>);
template std::unique_ptr<ShardSweep<WideSum<7>>> ShardSweep<WideSum<7>>::widened(
    const ShardSweep<WideSum<6>>&, WideSum<7>);
template std::unique_ptr<ShardSweep<WideSum<8>>> ShardSweep<WideSum<8>>::widened(
    const ShardSweep<WideSum<7>>&, WideSum<8>);

}  // namespace smallgo
