// The driver of the legal-position counter: choice of the count arithmetic, limits, progress.
#include "count/legal_count.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <type_traits>
#include <utility>

#include "count/legal_crt.hpp"
#include "count/legal_sweep.hpp"

namespace smallgo {

namespace {
// States (class representatives, legal_sweep.hpp) at the widest step of square boards (index =
// width), measured with this counter; beyond them the growth per unit of width, which rises
// slowly, is extrapolated with a factor a little above the last one measured.
constexpr u64 MeasuredMaxStates[] = {1,    2,     7,      38,     138,     525,     2061,
                                     8276, 33334, 136155, 563270, 2355777, 9957018, 42514271};
constexpr int MeasuredWidths = int(std::size(MeasuredMaxStates)) - 1;
constexpr double GrowthBeyond = 4.3;
// Longer boards than square ones may see somewhat more states.
constexpr double Margin = 1.1;
// Residue sweeps an exact count may take (enough for about 2,500 points).
constexpr int MaxResidues = 64;

// A count in progress: its options, clock, result and progress report.
struct Run {
    using Clock = std::chrono::steady_clock;
    explicit Run(const CountOptions& options) : o(options) {}
    const CountOptions& o;
    Clock::time_point start = Clock::now();
    CountResult r;
    CountProgress p;
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
};

// The arithmetic of one more limb than Arith, or void where there is none.
template <class Arith>
struct Wider {
    using type = void;
};
template <int K>
struct Wider<WideSum<K>> {
    using type = std::conditional_t<(K < MaxCountLimbs), WideSum<K + 1>, void>;
};

// Sweeps to the end (or a stop). Exact counts start in one limb and move to a sweep of one
// limb more as soon as the counts after the next point could outgrow their limbs (they are at
// most 3^points): the early rows move fewer bytes a state.
template <class Arith>
void sweep_to_end(Run& run, std::unique_ptr<LegalSweep<Arith>> sweep) {
    const CountOptions& o = run.o;
    while (!sweep->done()) {
        using Next = typename Wider<Arith>::type;
        if constexpr (!std::is_void_v<Next>) {
            if (limbs_for_points(sweep->points_done() + 1) > Arith::Limbs) {
                auto wider = LegalSweep<Next>::widened(*sweep, Next{});
                if (!wider) {
                    run.r.end = CountEnd::OutOfMemory;
                    break;
                }
                sweep.reset();
                return sweep_to_end(run, std::move(wider));
            }
        }
        if (o.stop && o.stop->load(std::memory_order_relaxed)) {
            run.r.end = CountEnd::Interrupted;
            break;
        }
        if (!sweep->step(std::max(1, o.threads), o.memory_limit)) {
            run.r.end = CountEnd::OutOfMemory;
            break;
        }
        if (o.progress) {
            run.p.row = sweep->row();
            run.p.col = sweep->col();
            run.p.states = sweep->states();
            run.p.points_done = sweep->points_done();
            run.p.seconds = run.elapsed();
            o.progress(run.p);
        }
    }
    CountResult& r = run.r;
    r.limbs = Arith::Limbs;
    r.stopped_row = sweep->row();
    r.stopped_col = sweep->col();
    r.per_row = sweep->per_row();
    r.max_states = sweep->max_states();
    r.peak_bytes = sweep->peak_bytes();
    r.seconds = run.elapsed();
}

template <class Arith>
CountResult run(const CountOptions& o, Arith arith, int width, int length) {
    Run run(o);
    run.r.width = run.p.width = width;
    run.r.length = run.p.length = length;
    run.p.points_total = width * length;
    sweep_to_end(run, std::make_unique<LegalSweep<Arith>>(width, length, arith));
    return run.r;
}

// An exact count from o.residues sweeps modulo large_prime(0), large_prime(1), ..., each row's
// count recombined from its residues. The product of the moduli exceeds 3^points (count_problem
// checks it), and no count after any row is larger, so the recombination is the count itself.
CountResult run_residues(const CountOptions& o, int width, int length) {
    Run run(o);
    run.p.width = width;
    run.p.length = length;
    run.p.points_total = width * length;
    run.p.sweeps = o.residues;
    std::vector<u64> moduli;
    std::vector<std::vector<BigCount>> rows;  // [sweep][row]
    CountResult total;
    total.width = width;
    total.length = length;
    total.residues = o.residues;
    for (int k = 0; k < o.residues; ++k) {
        moduli.push_back(large_prime(k));
        run.p.sweep = k;
        run.r = CountResult{};
        sweep_to_end(run, std::make_unique<LegalSweep<ModSum>>(width, length, ModSum{moduli[k]}));
        total.max_states = std::max(total.max_states, run.r.max_states);
        total.peak_bytes = std::max(total.peak_bytes, run.r.peak_bytes);
        total.limbs = run.r.limbs;
        total.seconds = run.r.seconds;
        if (!run.r.complete()) {
            // No row is known exactly before the last sweep has passed it.
            total.end = run.r.end;
            total.stopped_row = run.r.stopped_row;
            total.stopped_col = run.r.stopped_col;
            total.stopped_sweep = k;
            return total;
        }
        rows.push_back(std::move(run.r.per_row));
    }
    std::vector<u64> residues(moduli.size());
    for (std::size_t row = 0; row < rows[0].size(); ++row) {
        for (std::size_t k = 0; k < moduli.size(); ++k) residues[k] = u64(rows[k][row]);
        total.per_row.push_back(*chinese_remainder(residues, moduli));
    }
    return total;
}

// Bytes of state tables at the peak of a count in `limbs` words a count.
u64 bytes_for(int rows, int cols, int limbs, int threads) {
    return sweep_bytes_estimate(max_states_estimate(std::min(rows, cols)), limbs, threads);
}
}  // namespace

u64 max_states_estimate(int width) {
    double s = double(MeasuredMaxStates[std::clamp(width, 1, MeasuredWidths)]);
    for (int w = MeasuredWidths; w < width; ++w) s *= GrowthBeyond;
    return u64(s * Margin);
}

u64 bytes_estimate(int rows, int cols, u64 modulus, int threads) {
    return bytes_for(rows, cols, modulus ? 1 : limbs_for_points(rows * cols), threads);
}

int residues_for_points(int points) {
    // The first MaxResidues moduli lie above 2^64 - 2^20 (the tests check it), so k of them
    // multiply to more than 2^(63.99 k); the 0.001 bit covers the rounding of the logarithm.
    return std::max(1, int(std::ceil((points * std::log2(3.0) + 0.001) / 63.99)));
}

bool choose_exact_method(CountOptions& o) {
    if (o.modulus || o.residues || !count_problem(o)) return false;
    if (o.rows < 1 || o.cols < 1 || std::min(o.rows, o.cols) > MaxCountWidth) return false;
    const int points = o.rows * o.cols;
    const bool over_memory = o.memory_limit && bytes_for(o.rows, o.cols, limbs_for_points(points),
                                                         o.threads) > o.memory_limit;
    if (!over_memory && limbs_for_points(points) <= MaxCountLimbs) return false;  // another problem
    o.residues = residues_for_points(points);
    return true;
}

std::optional<std::string> count_problem(const CountOptions& o) {
    const std::string board = std::to_string(o.rows) + "x" + std::to_string(o.cols);
    if (o.rows < 1 || o.cols < 1) return "bad board " + board + ": both sides must be at least 1";
    if (std::min(o.rows, o.cols) > MaxCountWidth)
        return "board " + board + " is too wide: the shorter side must be at most " +
               std::to_string(MaxCountWidth);
    if (o.modulus == 1) return std::string("bad modulus 1: it must be at least 2");
    const int points = o.rows * o.cols;
    if (o.residues < 0 || (o.residues && o.modulus))
        return std::string("residue sweeps are for exact counts only, without a modulus");
    if (!o.modulus && std::max(o.residues, residues_for_points(points)) > MaxResidues)
        return "board " + board + " is too big for exact counts (more than " +
               std::to_string(MaxResidues) + " residues); use --modulus";
    if (o.residues && o.residues < residues_for_points(points))
        return "board " + board + " needs at least " + std::to_string(residues_for_points(points)) +
               " residue sweeps for an exact count, not " + std::to_string(o.residues);
    if (!o.modulus && !o.residues && limbs_for_points(points) > MaxCountLimbs)
        return "board " + board + " is too big for exact counts of " +
               std::to_string(64 * MaxCountLimbs) + " bits; count residues or use --modulus";
    if (o.memory_limit) {
        const int limbs = o.modulus || o.residues ? 1 : limbs_for_points(points);
        const u64 need = bytes_for(o.rows, o.cols, limbs, o.threads);
        if (need > o.memory_limit) {
            char text[160];
            std::snprintf(text, sizeof text,
                          "board %s needs about %.1f GB of state tables, over the limit of %.1f GB",
                          board.c_str(), double(need) / 1e9, double(o.memory_limit) / 1e9);
            return std::string(text);
        }
    }
    return std::nullopt;
}

CountResult count_legal(const CountOptions& o) {
    const int width = std::min(o.rows, o.cols), length = std::max(o.rows, o.cols);
    if (o.modulus) return run(o, ModSum{o.modulus}, width, length);
    if (o.residues) return run_residues(o, width, length);
    return run(o, WideSum<1>{}, width, length);
}

BigCount legal_positions(int rows, int cols) {
    CountOptions o;
    o.rows = rows;
    o.cols = cols;
    return count_legal(o).value();
}

}  // namespace smallgo
