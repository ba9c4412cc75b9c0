// `solve --checkpoint FILE [--checkpoint-every S] [--resume FILE]`: the search's proofs saved to a
// file (solver/checkpoint.hpp) when it stops, for whatever reason, and every S seconds at its next
// restart; and a later solve of the same game that starts from them. A long search can so be
// spread over many runs, and a kill loses at most the work since the last checkpoint.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "rules/history.hpp"
#include "solver/checkpoint.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

// Seconds between two checkpoints of a running solve by default.
constexpr double DefaultSolveCheckpointEvery = 1800;

class SolveCheckpoints {
  public:
    // `write`: the file to write (empty: none); `resume`: the file to start from (empty: none).
    SolveCheckpoints(std::string write, std::string resume, double every_seconds)
        : write_(std::move(write)), resume_(std::move(resume)), every_(every_seconds) {}
    bool active() const { return !write_.empty() || !resume_.empty(); }

    // The tables' memory: `asked` when --hash was given (hash_given), else the resumed file's.
    // Throws UsageError (one line) when the file cannot be read.
    std::size_t hash_bytes(std::size_t asked, bool hash_given) const;
    // Reads the resumed file into `tables` (made for h's game with `hash_bytes`), and hooks the
    // periodic checkpoints into o; the files written name the position by `moves`, those from
    // the game's start to h's position. Throws UsageError when the file does not fit this solve.
    // Returns false, with nothing hooked, when *stop was set during the read (the caller reports
    // the signal; the file is untouched).
    bool attach(SolveOptions& o, SolveTables& tables, const History& h,
                const std::vector<Move>& moves, std::size_t hash_bytes, bool board_lists,
                const std::atomic<bool>* stop);
    // After the solve: the last checkpoint, with the result's nodes, time and bounds. An error
    // text when it could not be written.
    std::optional<std::string> finish(const SolveResult& res);

    // For the report.
    const std::string& written_file() const { return write_; }
    const std::string& resumed_file() const { return resume_; }
    const SolveCheckpointTotals& before() const { return before_; }  // of the runs resumed
    // Whether the resumed file's runs solved this very position after this history (their
    // bounds are then this position's, and the root's race starts from them).
    bool same_position() const { return same_position_; }
    const SolveCheckpointTotals& after() const { return after_; }  // with this run's
    int writes() const { return writes_; }
    double write_seconds() const { return write_seconds_; }

  private:
    std::optional<std::string> write(const SolveCheckpointTotals& totals);
    double elapsed() const;

    std::string write_, resume_;
    double every_;
    SolveCheckpointKey key_;
    SolveTables* tables_ = nullptr;
    SolveCheckpointTotals before_, after_;
    u64 path_ = 0;
    std::vector<Move> moves_;
    bool same_position_ = false;
    std::chrono::steady_clock::time_point start_, last_;
    int writes_ = 0;
    double write_seconds_ = 0;
};

}  // namespace smallgo::cli
