// solve's checkpoints (solve_checkpoint.hpp): read before the search, written at its rests and
// after it.
#include "cli/solve_checkpoint.hpp"

#include <unistd.h>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/options.hpp"

namespace smallgo::cli {

std::size_t SolveCheckpoints::hash_bytes(std::size_t asked, bool hash_given) const {
    if (resume_.empty() || hash_given) return asked;
    SolveCheckpointKey key;
    if (auto problem = read_solve_checkpoint_key(resume_, key)) throw UsageError(*problem);
    // As hash_option checks a --hash given (a damaged size is refused later, by the checksum,
    // unless it is too large to try).
    const u64 physical = physical_memory();
    if (physical > 0 && key.hash_bytes > physical)
        throw UsageError(
            fmt::format("checkpoint {} was written with --hash {}, more than this "
                        "machine's memory ({})",
                        resume_, size_text(key.hash_bytes), size_text(physical)));
    return key.hash_bytes;
}

bool SolveCheckpoints::attach(SolveOptions& o, SolveTables& tables, const History& h,
                              const std::vector<Move>& moves, std::size_t hash_bytes,
                              bool board_lists, const std::atomic<bool>* stop) {
    key_ = checkpoint_key(h, hash_bytes, board_lists);
    tables_ = &tables;
    const ScoreRange range = score_range(h);
    before_.lower_x2 = range.lower_x2, before_.upper_x2 = range.upper_x2;
    if (!resume_.empty())
        if (auto problem = read_solve_checkpoint(resume_, key_, tables, before_, stop)) {
            if (stop && stop->load()) return false;
            throw UsageError(*problem);
        }
    // The first moves' bounds are of the position the file's run solved: used where that is this
    // one after this history (the same --moves), else this race proves its own from the table.
    path_ = checkpoint_path(h);
    moves_ = moves;
    same_position_ = !resume_.empty() && before_.path == path_;
    if (same_position_) {
        o.root_bounds = before_.root;
        o.race_first_round = before_.race_round;  // the caps the race had reached
    }
    after_ = before_;
    after_.path = path_, after_.moves = moves_;
    if (!same_position_) {  // another position's
        after_.root.clear();
        after_.race_round = 0;
    }
    start_ = last_ = std::chrono::steady_clock::now();
    o.first_run = before_.restarts;
    if (write_.empty()) return true;
    o.at_rest = [this](u64 nodes, u64 restarts, int lower_x2, int upper_x2,
                       const std::vector<RootBound>& root, int race_round) {
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_).count() < every_) return;
        SolveCheckpointTotals t = before_;
        t.nodes += nodes, t.seconds += elapsed(), t.runs += 1, t.restarts = restarts;
        t.lower_x2 = lower_x2, t.upper_x2 = upper_x2;
        t.path = path_, t.moves = moves_, t.root = root, t.race_round = race_round;
        const auto problem = write(t);
        // A failure is said wherever stderr goes (a batch job's log too); the search goes on,
        // and the checkpoint at its end is tried again.
        const bool terminal = isatty(STDERR_FILENO);
        if (problem)
            fmt::print(stderr, "{}smallgo: checkpoint not written: {}\n",
                       terminal ? "\r\033[K" : "", *problem);
        else if (terminal)
            fmt::print(stderr, "\r\033[Kcheckpoint written to {} ({:.1f} s)\n", write_,
                       write_seconds_);
    };
    return true;
}

double SolveCheckpoints::elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::optional<std::string> SolveCheckpoints::write(const SolveCheckpointTotals& totals) {
    const auto begin = std::chrono::steady_clock::now();
    auto problem = write_solve_checkpoint(write_, key_, *tables_, totals);
    last_ = std::chrono::steady_clock::now();
    write_seconds_ += std::chrono::duration<double>(last_ - begin).count();
    if (problem) return problem;
    ++writes_;
    return std::nullopt;
}

std::optional<std::string> SolveCheckpoints::finish(const SolveResult& res) {
    after_ = before_;
    after_.nodes += res.nodes, after_.seconds += res.seconds, after_.runs += 1;
    after_.restarts += res.restarts;
    after_.lower_x2 = res.lower_x2, after_.upper_x2 = res.upper_x2;
    after_.path = path_, after_.moves = moves_, after_.root = res.root_bounds;
    after_.race_round = res.race_round;
    if (write_.empty()) return std::nullopt;
    // A checkpoint during the search that failed is superseded by this one.
    if (auto problem = write(after_)) return "--checkpoint: " + *problem + "; the proofs are lost";
    return std::nullopt;
}

}  // namespace smallgo::cli
