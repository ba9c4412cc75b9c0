// The serial search from the empty board of small boards under tromp-taylor, one thread, a 64 MB
// table: nodes per second (items) and the node count, which one thread reproduces exactly. The
// lines measure the shortcut of Benson's algorithm for boards holding both colours
// (solver/benson.cpp), on which 1x12's probes spend their time; 3x4 and 2x6 measure ordinary
// boards. Each iteration is a whole solve with fresh tables; times are wall-clock, so run it on
// an idle machine.
#include <benchmark/benchmark.h>

#include "rules/rules.hpp"
#include "solver/search.hpp"

namespace {

void BM_solve(benchmark::State& state) {
    const auto g = smallgo::Geometry::make(int(state.range(0)), int(state.range(1)));
    const smallgo::Rules rules = smallgo::find_preset("tromp-taylor")->rules;
    smallgo::SolveOptions o;
    o.hash_bytes = std::size_t{64} << 20;
    o.threads = 1;
    std::int64_t nodes = 0;
    smallgo::u64 last = 0;
    for (auto _ : state) {
        smallgo::History h(*g, rules);
        const smallgo::SolveResult r = smallgo::solve(h, o);
        last = r.nodes;
        nodes += std::int64_t(r.nodes);
        benchmark::DoNotOptimize(r.lower_x2);
    }
    state.SetItemsProcessed(nodes);
    state.counters["nodes"] = double(last);
}

}  // namespace

BENCHMARK(BM_solve)
    ->Args({1, 9})
    ->Args({1, 10})
    ->Args({1, 11})
    ->Args({3, 4})
    ->Args({2, 6})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();  // solve() searches on a thread of its own (a large stack), not this one

BENCHMARK_MAIN();
