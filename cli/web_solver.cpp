// WebSolver (web_solver.hpp): the kept tables, the jobs and their watcher, and the JSON of a solve.
#include "cli/web_solver.hpp"

#include <algorithm>

#include "cli/cli.hpp"
#include "cli/svg_board.hpp"

namespace smallgo::cli {

using Clock = std::chrono::steady_clock;

// A solve in progress. The watcher and cancel() write `stop` and `reason`; the solver's threads
// write the progress fields; the request's thread reads them all.
struct WebSolver::Job {
    explicit Job(const Geometry& geometry) : g(geometry) {}
    std::atomic<bool> stop{false};
    std::atomic<int> reason{0};  // 0 none, 1 time limit, 2 cancelled, 3 server stopping
    std::atomic<u64> nodes{0};
    std::atomic<int> depth{0};
    std::atomic<int> move{NoMove};
    Clock::time_point start = Clock::now(), deadline;
    Geometry g;

    // The first reason given wins.
    void halt(int why) {
        int none = 0;
        reason.compare_exchange_strong(none, why);
        stop.store(true);
    }
};

// The tables of one board and rules, with their simple-ko bounds (built from the empty board
// every game starts from, at the first solve), and who may use them.
struct WebSolver::Slot {
    Slot(const Geometry& geometry, const Rules& r, std::size_t bytes)
        : g(geometry), rules(r), tables(bytes) {}
    Geometry g;
    Rules rules;
    std::timed_mutex in_use;
    GameTables tables;
    u64 last_used = 0;
};

WebSolver::WebSolver(const WebSolverOptions& options, const std::atomic<bool>* shutdown)
    : options_(options),
      shutdown_(shutdown),
      solves_(std::clamp<std::ptrdiff_t>(options.max_solves, 1, 1024)),
      watcher_([this](std::stop_token stop) { watch(stop); }) {}

WebSolver::~WebSolver() {
    watcher_.request_stop();
    watcher_.join();
}

void WebSolver::watch(std::stop_token stop) {
    while (!stop.stop_requested()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const bool closing = shutdown_ && shutdown_->load();
        const auto now = Clock::now();
        std::lock_guard lock(mutex_);
        for (const auto& job : running_) {
            if (closing) job->halt(3);
            if (now >= job->deadline) job->halt(1);
        }
    }
}

std::shared_ptr<WebSolver::Slot> WebSolver::slot_for(const Geometry& g, const Rules& r) {
    std::lock_guard lock(mutex_);
    for (const auto& slot : slots_)
        if (slot->g.rows() == g.rows() && slot->g.cols() == g.cols() && slot->rules == r) {
            slot->last_used = ++use_;
            return slot;
        }
    if (slots_.size() >= std::max<std::size_t>(options_.max_tables, 1)) {
        // A dropped table still in use lives on in its solve's shared_ptr until the solve ends.
        auto oldest = std::min_element(
            slots_.begin(), slots_.end(),
            [](const auto& a, const auto& b) { return a->last_used < b->last_used; });
        slots_.erase(oldest);
    }
    slots_.push_back(std::make_shared<Slot>(g, r, options_.hash_bytes));
    slots_.back()->last_used = ++use_;
    return slots_.back();
}

std::optional<WebSolveOutcome> WebSolver::solve(const WebGame& game, const std::string& token,
                                                double seconds) {
    WebSolveOutcome out;
    History h = game.h;
    if (h.game_over()) {
        // Nothing to search: the value is the final score.
        out.res.complete = true;
        out.res.value_x2 = out.res.lower_x2 = out.res.upper_x2 = h.result_x2();
        return out;
    }
    auto job = std::make_shared<Job>(h.geometry());
    job->deadline =
        job->start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                         std::clamp(seconds, 0.0, options_.max_seconds)));
    {
        std::lock_guard lock(mutex_);
        if (!token.empty()) {
            for (const auto& [name, other] : jobs_)
                if (name == token) return std::nullopt;
            jobs_.emplace_back(token, job);
        }
        running_.push_back(job);
    }
    // However the solve ends (an exception included: bad_alloc from a table), the job goes.
    struct Unregister {
        WebSolver& solver;
        const std::shared_ptr<Job>& job;
        ~Unregister() {
            std::lock_guard lock(solver.mutex_);
            std::erase_if(solver.jobs_, [&](const auto& entry) { return entry.second == job; });
            std::erase(solver.running_, job);
        }
    } unregister{*this, job};
    // Step 1. A slot among max_solves, then the table of this board and rules, both before the
    // deadline. The waits are cut in slices of 50 ms, so that cancel() and a signal end them too.
    constexpr auto slice = std::chrono::milliseconds(50);
    auto waiting = [&] { return !job->stop.load() && Clock::now() < job->deadline; };
    bool slot_taken = false;
    while (!slot_taken && waiting()) slot_taken = solves_.try_acquire_for(slice);
    struct ReleaseSlot {
        std::counting_semaphore<1024>& solves;
        bool taken;
        ~ReleaseSlot() {
            if (taken) solves.release();
        }
    } release_slot{solves_, slot_taken};
    std::shared_ptr<Slot> slot = slot_taken ? slot_for(h.geometry(), h.rules()) : nullptr;
    std::unique_lock<std::timed_mutex> table_lock;
    if (slot) {
        table_lock = std::unique_lock(slot->in_use, std::defer_lock);
        while (!table_lock.owns_lock() && waiting()) table_lock.try_lock_for(slice);
    }

    // Step 2. The search, with every move's value, stopped by the watcher or cancel().
    if (slot && table_lock.owns_lock() && !job->stop.load()) {
        SolveOptions o;
        o.threads = options_.threads;
        o.all_moves = true;
        o.stop = &job->stop;
        slot->tables.prepare(h, o);
        o.progress = [&job = *job](const Progress& p) {
            job.nodes.store(std::max(job.nodes.load(std::memory_order_relaxed), p.nodes),
                            std::memory_order_relaxed);
            job.depth.store(p.depth, std::memory_order_relaxed);
            job.move.store(p.move, std::memory_order_relaxed);
        };
        out.res = smallgo::solve(h, o);
        if (!out.res.complete) {
            static constexpr const char* reasons[] = {"time limit", "time limit", "cancelled",
                                                      "server stopping"};
            out.stopped = reasons[std::clamp(job->reason.load(), 0, 3)];
        }
    } else {
        out.stopped = job->reason.load() == 2   ? "cancelled"
                      : job->reason.load() == 3 ? "server stopping"
                                                : "busy";
        // Nothing proven: the bounds of any score on this board, as solve() starts from.
        const ScoreRange range = score_range(h);
        out.res.lower_x2 = range.lower_x2, out.res.upper_x2 = range.upper_x2;
    }
    return out;
}

nlohmann::json WebSolver::progress(const std::string& token) const {
    std::lock_guard lock(mutex_);
    for (const auto& [name, job] : jobs_)
        if (name == token) {
            const Move m = static_cast<Move>(job->move.load(std::memory_order_relaxed));
            return {{"running", true},
                    {"seconds", std::chrono::duration<double>(Clock::now() - job->start).count()},
                    {"nodes", job->nodes.load(std::memory_order_relaxed)},
                    {"depth", job->depth.load(std::memory_order_relaxed)},
                    {"move", m == NoMove ? nlohmann::json() : nlohmann::json(job->g.aga(m))}};
        }
    return {{"running", false}};
}

bool WebSolver::cancel(const std::string& token) {
    std::lock_guard lock(mutex_);
    for (const auto& [name, job] : jobs_)
        if (name == token) {
            job->halt(2);
            return true;
        }
    return false;
}

std::size_t WebSolver::tables_kept() const {
    std::lock_guard lock(mutex_);
    return slots_.size();
}

nlohmann::json solve_json(const WebGame& game, const WebSolveOutcome& outcome) {
    const Geometry& g = game.h.geometry();
    const SolveResult& res = outcome.res;
    nlohmann::json j = position_json(game);
    add_result_json(j, g, res, outcome.stopped);
    j["move_values"] = nlohmann::json::object();
    for (const auto& mv : res.move_values) j["move_values"][g.aga(mv.move)] = mv.value_x2 / 2.0;
    j["nodes"] = res.nodes;
    j["seconds"] = res.seconds;
    if (res.complete && !game.h.game_over()) {
        BoardPicture pic = board_picture(game.h);
        pic.values = res.move_values;
        pic.best_moves = res.best_moves;
        j["svg"] = svg_board(pic);
    }
    return j;
}

}  // namespace smallgo::cli
