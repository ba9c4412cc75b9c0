// The legal-position counter's estimates, limits and choice of method (the driver that runs a
// count is legal_run.cpp).
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

// Bytes of state tables at the peak of a count in `limbs` words a count.
// On several ranks, each holds about its share of the states (shard_sweep.hpp).
u64 bytes_for(int rows, int cols, int limbs, int threads, const RankExchange* exchange = nullptr) {
    const u64 ranks = exchange ? u64(exchange->ranks()) : 1;
    return sweep_bytes_estimate(max_states_estimate(std::min(rows, cols)) / ranks, limbs,
                                exchange ? 1 : threads);
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
                                                         o.threads, o.exchange) > o.memory_limit;
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
        const u64 need = bytes_for(o.rows, o.cols, limbs, o.threads, o.exchange);
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

BigCount legal_positions(int rows, int cols) {
    CountOptions o;
    o.rows = rows;
    o.cols = cols;
    return count_legal(o).value();
}

}  // namespace smallgo
