// One step of the legal-position transfer (one point decided for every border state) at border
// widths 5 to 11, exact counts of 3 limbs, one thread. The states are those before the middle
// point of the middle row of a square board, built once per width; items are source states.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "count/legal_sweep.hpp"

namespace {

using Sweep = smallgo::LegalSweep<smallgo::WideSum<3>>;

// A sweep of a width x width board stopped before its middle point.
const Sweep& middle_of(int width) {
    static std::map<int, std::unique_ptr<Sweep>> built;
    auto& s = built[width];
    if (!s) {
        s = std::make_unique<Sweep>(width, width, smallgo::WideSum<3>{});
        const int middle = width * (width / 2) + width / 2;
        while (s->points_done() < middle) s->step();
    }
    return *s;
}

void BM_count_step(benchmark::State& state) {
    const int width = int(state.range(0));
    const Sweep& start = middle_of(width);
    std::int64_t items = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto s = start.clone();
        state.ResumeTiming();
        s->step();
        items += std::int64_t(start.states());
        benchmark::DoNotOptimize(s->states());
    }
    state.SetItemsProcessed(items);
    state.counters["states"] = double(start.states());
}
BENCHMARK(BM_count_step)->DenseRange(5, 11)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
