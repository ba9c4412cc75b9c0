// The driver of the legal-position counter: the sweep to the end in the arithmetic that the count
// needs (widened as counts grow, or one sweep per residue), on this process (LegalSweep, with
// threads) or on the ranks of a RankExchange (ShardSweep), with stops, progress, checkpoints at
// row ends and at intervals, and the resume from a checkpoint. Every rank of a distributed count
// runs this same code; each decision that could differ between ranks (stop, out of memory, a
// checkpoint due, a bad checkpoint) is agreed through the exchange before it is acted on.
#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

#include "count/checkpoint.hpp"
#include "count/legal_count.hpp"
#include "count/legal_crt.hpp"
#include "count/legal_sweep.hpp"
#include "count/shard_sweep.hpp"

namespace smallgo {

namespace {

using Clock = std::chrono::steady_clock;

// A count in progress: its options, clock, progress, the sweep under way and its checkpoints.
struct Run {
    explicit Run(const CountOptions& options) : o(options) {}
    const CountOptions& o;
    Clock::time_point start = Clock::now();
    CountResult r;  // of the sweep under way
    CountProgress p;
    CountMethod method = CountMethod::Exact;
    u64 modulus = 0;  // of the sweep under way (0: exact limbs)
    int sweep = 0;
    std::vector<std::vector<BigCount>> done_sums;  // row sums of the residue sweeps complete
    u64 exchanged_before = 0;                      // bytes between ranks in earlier sweeps
    std::optional<CheckpointDir> dir;              // where checkpoints go
    int generation = 0;                            // of the last checkpoint written
    Clock::time_point last_checkpoint = Clock::now();
    int checkpoints = 0;

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
    bool any(bool mine) const { return o.exchange ? o.exchange->any(mine) : mine; }
    std::optional<std::string> first(const std::optional<std::string>& mine) const {
        return o.exchange ? o.exchange->first_message(mine) : mine;
    }
    int rank() const { return o.exchange ? o.exchange->rank() : 0; }
    CheckpointKey key() const {
        CheckpointKey k;
        k.version = o.version;
        k.rows = o.rows;
        k.cols = o.cols;
        k.method = method;
        k.modulus = o.modulus;
        k.sweeps = std::max(1, o.residues);
        k.rank = rank();
        k.ranks = o.exchange ? o.exchange->ranks() : 1;
        return k;
    }
};

template <class S>
constexpr bool IsShard = false;
template <class A>
constexpr bool IsShard<ShardSweep<A>> = true;

template <template <class> class Sweep, class Arith>
std::unique_ptr<Sweep<Arith>> fresh(const Run& run, int width, int length, Arith arith) {
    if constexpr (IsShard<Sweep<Arith>>)
        return std::make_unique<Sweep<Arith>>(width, length, arith, *run.o.exchange);
    else
        return std::make_unique<Sweep<Arith>>(width, length, arith);
}

// Bytes sent between ranks in this sweep, all ranks together (collective on ranks).
template <class S>
u64 exchanged(const Run& run, const S& s) {
    if constexpr (IsShard<S>)
        return run.o.exchange->sum(s.bytes_sent());
    else
        return 0;
}

// The arithmetic of one more limb than Arith, or void where there is none.
template <class Arith>
struct Wider {
    using type = void;
};
template <int K>
struct Wider<WideSum<K>> {
    using type = std::conditional_t<(K < MaxCountLimbs), WideSum<K + 1>, void>;
};

// Writes generation + 1 of the checkpoint: every rank its file, then rank 0 the list, then the
// old files go. A failure (disk full) skips this checkpoint with a note and the count goes on.
template <class S>
void save(Run& run, const S& s) {
    CheckpointData d;
    d.sweep = run.sweep;
    d.point = s.points_done();
    d.limbs = S::Stride - 1;
    d.modulus = run.modulus;
    d.max_states = s.max_states();
    d.sums.push_back(s.per_row());
    d.sums.insert(d.sums.end(), run.done_sums.begin(), run.done_sums.end());
    d.states = s.local_states();
    d.entries = s.entries();
    const int g = run.generation + 1;
    auto problem = run.first(run.dir->write_file(g, d));
    if (!problem && run.rank() == 0) problem = run.dir->commit(g);
    // Also the barrier that keeps the old files until the list names the new ones.
    problem = run.first(problem);
    run.last_checkpoint = Clock::now();
    if (problem) {
        if (run.o.note) run.o.note("checkpoint skipped: " + *problem);
        return;
    }
    run.dir->remove_older(g);
    run.generation = g;
    ++run.checkpoints;
}

// Sweeps to the end (or a stop). Exact counts start in one limb and move to a sweep of one
// limb more as soon as the counts after the next point could outgrow their limbs (they are at
// most 3^points): the early rows move fewer bytes a state.
template <template <class> class Sweep, class Arith>
void sweep_to_end(Run& run, std::unique_ptr<Sweep<Arith>> sweep) {
    const CountOptions& o = run.o;
    CountResult& r = run.r;
    while (!sweep->done()) {
        using Next = typename Wider<Arith>::type;
        if constexpr (!std::is_void_v<Next>) {
            if (limbs_for_points(sweep->points_done() + 1) > Arith::Limbs) {
                auto wider = Sweep<Next>::widened(*sweep, Next{});
                if (!wider) {
                    r.end = CountEnd::OutOfMemory;
                    break;
                }
                sweep.reset();
                return sweep_to_end<Sweep>(run, std::move(wider));
            }
        }
        if (run.any(o.stop && o.stop->load(std::memory_order_relaxed))) {
            // What was done is kept: a checkpoint here unless the last one is of this point.
            if (run.dir && sweep->col() != 0) save(run, *sweep);
            r.end = CountEnd::Interrupted;
            break;
        }
        if (!sweep->step(std::max(1, o.threads), o.memory_limit)) {
            r.end = CountEnd::OutOfMemory;
            break;
        }
        if (run.dir) {
            const double since =
                std::chrono::duration<double>(Clock::now() - run.last_checkpoint).count();
            if (run.any(sweep->col() == 0 || since >= o.checkpoint_seconds)) save(run, *sweep);
        }
        const u64 bytes = exchanged(run, *sweep);
        if (o.progress) {
            run.p.row = sweep->row();
            run.p.col = sweep->col();
            run.p.states = sweep->states();
            run.p.points_done = sweep->points_done();
            run.p.seconds = run.elapsed();
            run.p.bytes_exchanged = run.exchanged_before + bytes;
            o.progress(run.p);
        }
    }
    r.limbs = Arith::Limbs;
    r.stopped_row = sweep->row();
    r.stopped_col = sweep->col();
    r.per_row = sweep->per_row();
    r.max_states = sweep->max_states();
    r.peak_bytes = o.exchange ? o.exchange->max(sweep->peak_bytes()) : sweep->peak_bytes();
    r.bytes_exchanged = run.exchanged_before + exchanged(run, *sweep);
    r.seconds = run.elapsed();
}

// This rank's file of the latest checkpoint in o.resume_dir, checked; on every rank the
// problem of the lowest rank that has one.
std::optional<std::string> load(Run& run, CheckpointData& d, Region& entries) {
    const CountOptions& o = run.o;
    CheckpointDir in(o.resume_dir, run.key());
    std::string problem;
    std::optional<std::string> error;
    const std::optional<int> g = in.latest(&problem);
    if (!g) {
        error = problem;
    } else {
        error = in.read_file(*g, d, [&entries](u64 words) -> u64* {
            return entries.reserve(std::max<u64>(words, 1) * 8) ? entries.data() : nullptr;
        });
    }
    const std::string bad = "checkpoint in " + o.resume_dir;
    const int sums = run.method == CountMethod::Residues ? d.sweep + 1 : 1;
    if (!error && (d.limbs != 1 && run.method != CountMethod::Exact))
        error = bad + " has counts of " + std::to_string(d.limbs) + " words";
    if (!error && run.method == CountMethod::Residues && d.modulus != large_prime(d.sweep))
        error = bad + " has a residue sweep of another modulus";
    if (!error && int(d.sums.size()) != sums) error = bad + " has the row sums of another count";
    if (!error && o.exchange) {
        // Every rank at the same point of the same sweep (one generation).
        const u64 where = u64(d.sweep) << 32 | u64(d.point);
        const u64 ranks = u64(o.exchange->ranks());
        if (o.exchange->max(where) * ranks != o.exchange->sum(where))
            error = bad + " has ranks at different points";
    } else if (o.exchange) {
        o.exchange->max(0);
        o.exchange->sum(0);
    }
    error = run.first(error);
    if (!error && o.resume_dir == o.checkpoint_dir) run.generation = *g;
    return error;
}

template <template <class> class Sweep, class Arith>
void resume_sweep(Run& run, std::unique_ptr<Sweep<Arith>> s, CheckpointData* d, Region& entries) {
    if (d) s->restore(d->point, d->states, d->sums[0], d->max_states, std::move(entries));
    sweep_to_end<Sweep>(run, std::move(s));
}

// An exact count in limbs, resumed from `d` in its number of limbs.
template <template <class> class Sweep, int K>
void run_exact(Run& run, int width, int length, CheckpointData* d, Region& entries) {
    if (!d || d->limbs == K)
        return resume_sweep<Sweep>(run, fresh<Sweep>(run, width, length, WideSum<K>{}), d, entries);
    if constexpr (K < MaxCountLimbs) run_exact<Sweep, K + 1>(run, width, length, d, entries);
}

// An exact count from o.residues sweeps modulo large_prime(0), large_prime(1), ..., each row's
// count recombined from its residues. The product of the moduli exceeds 3^points (count_problem
// checks it), and no count after any row is larger, so the recombination is the count itself.
template <template <class> class Sweep>
CountResult run_residues(Run& run, int width, int length, CheckpointData* d, Region& entries) {
    const CountOptions& o = run.o;
    run.p.sweeps = o.residues;
    CountResult total;
    total.residues = o.residues;
    if (d) run.done_sums.assign(d->sums.begin() + 1, d->sums.end());
    for (int k = d ? d->sweep : 0; k < o.residues; ++k) {
        run.sweep = run.p.sweep = k;
        run.modulus = large_prime(k);
        run.r = CountResult{};
        resume_sweep<Sweep>(run, fresh<Sweep>(run, width, length, ModSum{run.modulus}),
                            d && k == d->sweep ? d : nullptr, entries);
        run.exchanged_before = run.r.bytes_exchanged;
        total.max_states = std::max(total.max_states, run.r.max_states);
        total.peak_bytes = std::max(total.peak_bytes, run.r.peak_bytes);
        total.limbs = run.r.limbs;
        total.seconds = run.r.seconds;
        total.bytes_exchanged = run.r.bytes_exchanged;
        if (!run.r.complete()) {
            // No row is known exactly before the last sweep has passed it.
            total.end = run.r.end;
            total.stopped_row = run.r.stopped_row;
            total.stopped_col = run.r.stopped_col;
            total.stopped_sweep = k;
            return total;
        }
        run.done_sums.push_back(std::move(run.r.per_row));
    }
    std::vector<u64> moduli, residues(o.residues);
    for (int k = 0; k < o.residues; ++k) moduli.push_back(large_prime(k));
    for (std::size_t row = 0; row < run.done_sums[0].size(); ++row) {
        for (int k = 0; k < o.residues; ++k) residues[k] = u64(run.done_sums[k][row]);
        total.per_row.push_back(*chinese_remainder(residues, moduli));
    }
    return total;
}

template <template <class> class Sweep>
CountResult count_with(const CountOptions& o) {
    const int width = std::min(o.rows, o.cols), length = std::max(o.rows, o.cols);
    Run run(o);
    run.method = o.modulus    ? CountMethod::Modulus
                 : o.residues ? CountMethod::Residues
                              : CountMethod::Exact;
    run.p.width = width;
    run.p.length = length;
    run.p.points_total = width * length;
    CheckpointData d;
    Region entries;
    CheckpointData* from = nullptr;
    if (!o.resume_dir.empty()) {
        if (auto problem = load(run, d, entries)) {
            CountResult r;
            r.end = CountEnd::BadCheckpoint;
            r.problem = *problem;
            return r;
        }
        from = &d;
    }
    if (!o.checkpoint_dir.empty()) {
        run.dir.emplace(o.checkpoint_dir, run.key());
        // A fresh count in a directory with a checkpoint goes on from its generation, so that the
        // list never names files that this count is rewriting.
        std::string unused;
        if (!from || o.resume_dir != o.checkpoint_dir)
            run.generation = run.dir->latest(&unused).value_or(0);
    }
    CountResult r;
    if (o.modulus) {
        run.modulus = o.modulus;
        resume_sweep<Sweep>(run, fresh<Sweep>(run, width, length, ModSum{o.modulus}), from,
                            entries);
        r = run.r;
    } else if (o.residues) {
        r = run_residues<Sweep>(run, width, length, from, entries);
    } else {
        run_exact<Sweep, 1>(run, width, length, from, entries);
        r = run.r;
    }
    r.width = width;
    r.length = length;
    r.ranks = o.exchange ? o.exchange->ranks() : 1;
    r.checkpoints = run.checkpoints;
    r.resumed_point = from ? d.point : -1;
    r.resumed_sweep = from ? d.sweep : 0;
    return r;
}

}  // namespace

CountResult count_legal(const CountOptions& o) {
    return o.exchange ? count_with<ShardSweep>(o) : count_with<LegalSweep>(o);
}

}  // namespace smallgo
