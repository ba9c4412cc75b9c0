// The Searcher's parallel search, young brothers wait (solver/parallel.hpp): the children of a
// split point handed out in move order to the threads of the arena.
#include <vector>

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "solver/searcher.hpp"

namespace smallgo {

Outcome Searcher::split(Node& n, const Move* moves, int count, int depth, bool& open,
                        Move& open_move, const i8* syms) {
    const int beta = n.beta;
    struct Job {
        Move m;
        int sym;  // the child's symmetry if the lookup pass found it, else -1 (Searcher::test)
        Position next;
        Keep keep;
        Dep dep;
        std::vector<u16> boards;  // the fingerprints of the proof's boards (Searcher::BoardStack)
        Outcome r{Unknown, 0};
        u64 nodes = 0, hits = 0, stores = 0, open_hits = 0, lookup_cutoffs = 0, list_saves = 0;
        u64 stack_cutoffs = 0, lean_cutoffs = 0, reply_leaves = 0;
    };
    std::vector<Job> jobs;
    jobs.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Job j{moves[i], syms[i], {}, {}, {}, {}};
        int value = 0;
        const auto step = prepare(n, j.m, j.next, value, j.dep);
        if (step == Child::Skip) continue;
        if (step == Child::Decided) {
            if (proves_high(n, j.m, j.next, value, j.keep, j.dep, boards_top()))
                return {High, value};
            continue;
        }
        jobs.push_back(j);
    }
    Split here;
    here.parent = split_;
    here.open.store(open);
    auto proves = [&](const Job& j) { return j.r.kind != Unknown && -j.r.value >= beta; };
    // The jobs go out in move order (a task per job would run the worst-ordered first: oneTBB's
    // owner takes its newest task): every worker, this thread included, takes the next job.
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
            Job* j = &jobs[i];
            if (here.cancelled() || interrupted() || par_->restart.load()) return;
            History path = *h_;  // h_ is not changed until every task has finished
            path.push(j->next, j->m != Pass);
            Searcher w(*this, path, &here);
            j->r = w.test(1 - beta, here.open.load() ? sibling_depth(depth) : depth - 1, j->keep,
                          j->dep, j->sym);
            j->nodes = w.nodes, j->hits = w.hits, j->stores = w.stores, j->open_hits = w.open_hits;
            j->lookup_cutoffs = w.lookup_cutoffs, j->list_saves = w.list_saves;
            j->stack_cutoffs = w.stack_cutoffs, j->lean_cutoffs = w.lean_cutoffs;
            j->reply_leaves = w.reply_leaves;
            if (j->r.kind != Unknown) j->boards = std::move(w.stack_.fps);  // w began with none
            // The nodes since its last step of 4,096 (a short task has no step at all), and the
            // node limit checked with them: when a thread is idle most tasks are that short.
            par_->counted.fetch_add(w.tick_ & TickMask, std::memory_order_relaxed);
            over_limit();
            if (j->r.kind == Unknown && !w.stopped_) {
                here.open.store(true);
                // A lean cutoff (node.cpp, step 5): the siblings are cancelled as by a proof.
                int none = -1;
                if (lean_ && j->r.value < 0 && depth <= lean_depth_ &&
                    here.leaning.compare_exchange_strong(none, static_cast<int>(i)))
                    here.cut.store(true);
            }
            if (proves(*j)) here.cut.store(true);
        }
    };
    tbb::task_group group;
    const int helpers =
        std::min<int>(static_cast<int>(jobs.size()), tbb::this_task_arena::max_concurrency()) - 1;
    for (int k = 0; k < helpers; ++k)
        group.run([&] {
            par_->working.fetch_add(1, std::memory_order_relaxed);
            work();
            par_->working.fetch_sub(1, std::memory_order_relaxed);
        });
    work();
    par_->working.fetch_sub(1, std::memory_order_relaxed);  // idle unless it runs another task
    group.wait();
    par_->working.fetch_add(1, std::memory_order_relaxed);
    for (const Job& j : jobs) {
        nodes += j.nodes, hits += j.hits, stores += j.stores, open_hits += j.open_hits;
        lookup_cutoffs += j.lookup_cutoffs, list_saves += j.list_saves;
        stack_cutoffs += j.stack_cutoffs, lean_cutoffs += j.lean_cutoffs;
        reply_leaves += j.reply_leaves;
    }
    // A proof is a proof, whatever stopped the others: the first proving child in move order.
    // A child's boards go on this searcher's stack, as if it had searched the child itself.
    auto child_boards = [&](const Job& j) {
        const std::size_t mark = boards_top();
        stack_.fps.insert(stack_.fps.end(), j.boards.begin(), j.boards.end());
        return mark;
    };
    for (const Job& j : jobs)
        if (proves(j)) {
            proves_high(n, j.m, j.next, -j.r.value, j.keep, j.dep, child_boards(j));
            return {High, -j.r.value};
        }
    if (interrupted()) {
        stopped_ = true;
        return {Unknown, 0};
    }
    if (par_->restart.load()) {
        abort_ = true;
        return {Unknown, 0};
    }
    const int leaning = here.leaning.load();
    if (leaning >= 0) {
        open_move = jobs[static_cast<std::size_t>(leaning)].m, open = true;
        ++lean_cutoffs;
    }
    for (const Job& j : jobs) {
        if (j.r.kind == Unknown) {
            if (!open) open_move = j.m;
            open = true;
            continue;
        }
        // Below beta: no proof of High.
        proves_high(n, j.m, j.next, -j.r.value, j.keep, j.dep, child_boards(j));
    }
    return leaning >= 0 ? Outcome{Unknown, 1} : Outcome{Low, 0};
}

}  // namespace smallgo
