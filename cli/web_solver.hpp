// The solver behind `smallgo serve`: exact values for the requests of many clients at once, with
// the solver's tables kept across requests, each solve bounded in time, watched and cancellable.
//
// Tables. One GameTables per board and rules (komi included), as the GTP engine keeps one per
// game: every game of the server starts from the empty board, and the solver checks each stored
// proof against the reader's own history (solver/search.hpp), so one table serves every game of
// its board and rules. At most `max_tables` are kept, the least recently used dropped first; a
// solve holds its table's mutex, so two solves never share a table at once. At most `max_solves`
// run at a time; a request that waits for its table or a slot past its time limit is answered
// "busy". Memory: at most (max_tables + max_solves) tables of hash_bytes, the simple-ko bounds
// included (solver/game_tables.hpp).
//
// Jobs. A solve may carry a token chosen by the client; while it runs, progress(token) says how
// far it got and cancel(token) stops it. A watcher thread stops every solve past its time limit,
// and all of them once `shutdown` is set (by SIGINT or SIGTERM); it wakes every 50 ms.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <semaphore>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/web_game.hpp"
#include "solver/game_tables.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

struct WebSolverOptions {
    std::size_t hash_bytes = std::size_t{64} << 20;
    int threads = 1;                // search threads of one solve
    double max_seconds = 60;        // the longest solve a request may ask for
    std::size_t max_tables = 4;     // tables kept between requests
    std::ptrdiff_t max_solves = 4;  // solves at once
};

// How a solve ended. `stopped` is empty when it finished, else one of "time limit", "cancelled",
// "server stopping", "busy" (no table or slot in time; the search did not start).
struct WebSolveOutcome {
    SolveResult res;
    std::string stopped;
};

class WebSolver {
  public:
    // `shutdown` (the program's signal flag) stops every solve once set.
    WebSolver(const WebSolverOptions& options, const std::atomic<bool>* shutdown);
    ~WebSolver();
    WebSolver(const WebSolver&) = delete;
    WebSolver& operator=(const WebSolver&) = delete;

    // The exact value of the game's position (every legal move's too), within `seconds` (capped
    // by max_seconds). A game that is over gets its final score without a search. A token that is
    // not empty names the job for progress and cancel; nullopt when another running job holds it.
    std::optional<WebSolveOutcome> solve(const WebGame& game, const std::string& token,
                                         double seconds);
    // {"running": true, "seconds", "nodes", "depth", "move"} of the job, or {"running": false}.
    nlohmann::json progress(const std::string& token) const;
    // Stops the job; false when no job holds the token.
    bool cancel(const std::string& token);
    // Tables kept now (for the tests and /api/status).
    std::size_t tables_kept() const;

  private:
    struct Job;
    struct Slot;
    std::shared_ptr<Slot> slot_for(const Geometry& g, const Rules& r);
    void watch(std::stop_token stop);

    WebSolverOptions options_;
    const std::atomic<bool>* shutdown_;
    std::counting_semaphore<1024> solves_;
    mutable std::mutex mutex_;  // guards slots_, jobs_ and use_
    std::vector<std::shared_ptr<Slot>> slots_;
    std::vector<std::pair<std::string, std::shared_ptr<Job>>> jobs_;  // running jobs by token
    std::vector<std::shared_ptr<Job>> running_;                       // every running job
    u64 use_ = 0;                                                     // a clock for LRU
    std::jthread watcher_;
};

// The API's answer to a solve: the position (position_json) and complete, stopped, value, lower,
// upper, best_moves, pv, undecided_moves, move_values (move -> value, pass included), nodes,
// seconds, and the svg redrawn with the values (when complete).
nlohmann::json solve_json(const WebGame& game, const WebSolveOutcome& outcome);

}  // namespace smallgo::cli
