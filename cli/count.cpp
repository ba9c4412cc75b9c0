// `smallgo count MxN [--json] [--table M N] [--modulus P] [--crt] [--memory SIZE] [--threads N]
// [--checkpoint DIR] [--resume DIR] [--checkpoint-every S]`:
// the number of legal positions of a board (every string has a liberty), exactly or modulo P, by
// the border-state transfer of count/legal_count.hpp. Exact counts are made in multi-word
// integers, or from residue sweeps recombined (--crt, or by itself where only those fit the memory,
// which is the machine's by default). Checks the board and the memory budget before starting; shows
// progress on stderr when it is a terminal; Ctrl-C or SIGTERM stops between two points and says
// where (exit code 130 or 143), after a checkpoint when --checkpoint is given. Under `mpirun` (in
// a build with MPI) every process is a rank of one count (count/shard_sweep.hpp); rank 0 alone
// prints, the others' stdout and stderr go to /dev/null.
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <optional>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/signals.hpp"
#include "count/legal_count.hpp"
#ifdef SMALLGO_HAVE_MPI
#include "count/mpi_exchange.hpp"
#endif

namespace smallgo::cli {

namespace {

struct CountArgs {
    std::string board;
    std::vector<int> table;
    std::string modulus;
    std::string memory;  // empty: the machine's physical memory
    int threads = default_threads();
    bool crt = false;
    bool json = false;
    std::string checkpoint, resume;
    double checkpoint_every = 600;
    RankExchange* exchange = nullptr;  // the ranks under mpirun, else nullptr
};

// "MxN" with 1 <= M, N (no limit on the product: the counter takes boards of any length).
std::pair<int, int> parse_size(const std::string& text) {
    auto x = text.find_first_of("xX");
    int rows = 0, cols = 0;
    auto number = [](const char* b, const char* e, int& out) {
        auto r = std::from_chars(b, e, out);
        return r.ec == std::errc{} && r.ptr == e;
    };
    const char* s = text.data();
    if (x == std::string::npos || !number(s, s + x, rows) ||
        !number(s + x + 1, s + text.size(), cols) || rows < 1 || cols < 1 || rows > 10000 ||
        cols > 10000)
        throw UsageError(
            fmt::format("bad board '{}': expected ROWSxCOLS with rows, cols >= 1", text));
    return {rows, cols};
}

u64 parse_modulus(const std::string& text) {
    if (text.empty()) return 0;
    u64 p = 0;
    auto r = std::from_chars(text.data(), text.data() + text.size(), p);
    if (r.ec != std::errc{} || r.ptr != text.data() + text.size() || p < 2)
        throw UsageError(
            fmt::format("bad modulus '{}': expected an integer from 2 to 2^64-1", text));
    return p;
}

// Progress on stderr, at most twice a second: row and point, states, elapsed, time left. The
// time left is the points left at the pace of the last row's worth of points (the work of a point
// grows with its states, which grow over the first rows, so the pace of the whole sweep so far
// would promise too little); later residue sweeps as long as the first one took.
class ProgressLine {
  public:
    explicit ProgressLine(std::string what) : what_(std::move(what)), on_(isatty(2)) {}
    ~ProgressLine() { clear(); }
    // Takes the line off the terminal, so that a message can follow on a clean line.
    void clear() {
        if (shown_) fmt::print(stderr, "\r{:79}\r", "");
        shown_ = false;
    }
    void operator()(const CountProgress& p) {
        if (!on_) return;
        if (p.sweep != sweep_) {  // a new residue sweep: the last one ended at the last report
            const double end = recent_.empty() ? sweep_start_ : recent_.back();
            if (sweep_ == 0) first_sweep_ = end - sweep_start_;
            sweep_ = p.sweep, sweep_start_ = end, recent_.clear();
        }
        recent_.push_back(p.seconds);
        if (int(recent_.size()) > p.width + 1) recent_.pop_front();
        if (p.seconds < next_) return;
        next_ = p.seconds + 0.5;
        const double pace = recent_.size() > 1
                                ? (recent_.back() - recent_.front()) / double(recent_.size() - 1)
                                : 0;
        double left = pace * (p.points_total - p.points_done);
        const double per_sweep = first_sweep_ > 0 ? first_sweep_ : p.seconds - sweep_start_ + left;
        left += per_sweep * (p.sweeps - p.sweep - 1);
        const std::string sweep =
            p.sweeps > 1 ? fmt::format("sweep {}/{} ", p.sweep + 1, p.sweeps) : std::string();
        const std::string sent =
            p.bytes_exchanged ? fmt::format("  {} sent", size_text(p.bytes_exchanged)) : "";
        fmt::print(stderr,
                   "\r{}: {}row {}/{} point {}/{}  {} states{}  {:.0f} s, about {:.0f} s left ",
                   what_, sweep, std::min(p.row + 1, p.length), p.length, p.col + 1, p.width,
                   p.states, sent, p.seconds, left);
        shown_ = true;
    }

  private:
    std::string what_;
    bool on_, shown_ = false;
    double next_ = 1;
    int sweep_ = 0;
    double sweep_start_ = 0, first_sweep_ = 0;
    std::deque<double> recent_;  // the times of the last reports in this sweep (a row's worth)
};

CountOptions options_for(const CountArgs& a, int rows, int cols) {
    CountOptions o;
    o.rows = rows;
    o.cols = cols;
    o.modulus = parse_modulus(a.modulus);
    o.threads = threads_option("--threads", a.threads);
    // By default the ranks on one machine share its memory.
    const char* local_ranks = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    const u64 share = a.exchange && local_ranks ? u64(std::max(1, std::atoi(local_ranks))) : 1;
    o.memory_limit =
        a.memory.empty() ? physical_memory() / share : size_option("--memory", a.memory);
    o.exchange = a.exchange;
    o.checkpoint_dir = a.checkpoint;
    o.resume_dir = a.resume;
    o.version = SMALLGO_VERSION;
    if (!(a.checkpoint_every > 0))
        throw UsageError(fmt::format("bad --checkpoint-every {}: it must be above 0 seconds",
                                     a.checkpoint_every));
    o.checkpoint_seconds = a.checkpoint_every;
    if (a.crt) {
        if (o.modulus) throw UsageError("give either --crt or --modulus, not both");
        o.residues = residues_for_points(rows * cols);
    } else {
        choose_exact_method(o);
    }
    if (auto problem = count_problem(o)) throw UsageError(*problem);
    return o;
}

// Runs one count with progress, or says where it stopped and leaves through Stopped.
CountResult run_one(CountOptions o, const std::string& what) {
    ProgressLine line(what);
    o.progress = [&line](const CountProgress& p) { line(p); };
    o.note = [&line](const std::string& text) {
        line.clear();
        fmt::print(stderr, "smallgo: {}\n", text);
    };
    StopOnSignals signals;
    o.stop = signals.flag();
    CountResult r = count_legal(o);
    if (r.end == CountEnd::Complete) return r;
    if (r.end == CountEnd::BadCheckpoint) throw UsageError(r.problem);
    const std::string sweep =
        r.residues ? fmt::format("residue sweep {} of {}, ", r.stopped_sweep + 1, r.residues)
                   : std::string();
    // A residue count knows no row exactly before its last sweep has passed it.
    const std::string rows =
        r.residues ? std::string() : fmt::format("; {} rows complete", r.per_row.size());
    const std::string where =
        fmt::format("{}row {} of {}, column {} of {} (after {:.1f} s{})", sweep, r.stopped_row + 1,
                    r.length, r.stopped_col + 1, r.width, r.seconds, rows);
    line.clear();
    if (r.end == CountEnd::OutOfMemory)
        throw UsageError(
            fmt::format("{}: the state tables outgrew the memory limit at {}", what, where));
    const std::string resume =
        o.checkpoint_dir.empty() ? "" : fmt::format("; resume with --resume {}", o.checkpoint_dir);
    throw Stopped{fmt::format("{}: {} at {}{}", what, signals.reason(), where, resume),
                  signals.exit_code()};
}

void run_board(const CountArgs& a) {
    auto [rows, cols] = parse_size(a.board);
    CountOptions o = options_for(a, rows, cols);
    const std::string name = fmt::format("{}x{}", rows, cols);
    CountResult r = run_one(o, name);
    const std::string value = r.value().str();
    if (a.json) {
        nlohmann::json j = {
            {"board", name},
            {"legal_positions", value},
            {"modulus", o.modulus ? nlohmann::json(std::to_string(o.modulus)) : nlohmann::json()},
            {"method", o.modulus    ? "modulus"
                       : r.residues ? "residues"
                                    : "exact"},
            {"residues", r.residues},
            {"max_states", r.max_states},
            {"memory_bytes", r.peak_bytes},
            {"seconds", r.seconds},
            {"threads", o.threads},
            {"ranks", r.ranks},
            {"bytes_exchanged", r.bytes_exchanged},
            {"checkpoints", r.checkpoints},
            {"resumed_point",
             r.resumed_point < 0 ? nlohmann::json() : nlohmann::json(r.resumed_point)},
            {"width", r.width}};
        fmt::print("{}\n", j.dump());
        return;
    }
    fmt::print("{}: {} legal positions{}\n", name, value,
               o.modulus    ? fmt::format(" (modulo {})", o.modulus)
               : r.residues ? fmt::format(" (exact, from {} residues recombined)", r.residues)
                            : std::string());
    fmt::print("states at the widest step: {} (border width {})\n", r.max_states, r.width);
    fmt::print("memory: {} of state tables at the peak{}\n", size_text(r.peak_bytes),
               r.ranks > 1 ? " (the largest rank)" : "");
    if (r.ranks > 1)
        fmt::print(
            "time: {:.3f} s on {} ranks, {} sent between them ({} a point)\n", r.seconds, r.ranks,
            size_text(r.bytes_exchanged),
            size_text(r.bytes_exchanged / u64(r.width * r.length * std::max(1, r.residues))));
    else
        fmt::print("time: {:.3f} s with {} thread{}\n", r.seconds, o.threads,
                   o.threads == 1 ? "" : "s");
    if (r.resumed_point >= 0)
        fmt::print("resumed at row {}, column {}{} from {}\n", r.resumed_point / r.width + 1,
                   r.resumed_point % r.width + 1,
                   r.residues ? fmt::format(" of sweep {}", r.resumed_sweep + 1) : "",
                   o.resume_dir);
}

void run_table(const CountArgs& a) {
    if (!a.board.empty()) throw UsageError("give either a board or --table M N, not both");
    if (!a.checkpoint.empty() || !a.resume.empty())
        throw UsageError("--checkpoint and --resume are for one board, not --table");
    const int m = a.table[0], n = a.table[1];
    if (m < 1 || n < 1)
        throw UsageError(fmt::format("bad table {} {}: both must be at least 1", m, n));
    const int length = std::max(m, n);
    // L(i, j) for width min(i, j): one sweep per width.
    std::vector<std::vector<BigCount>> by_width(std::min(m, n) + 1);
    double seconds = 0;
    u64 max_states = 0;
    for (int w = 1; w <= std::min(m, n); ++w) {
        CountOptions o = options_for(a, length, w);
        CountResult r = run_one(o, fmt::format("width {}", w));
        by_width[w] = r.per_row;
        seconds += r.seconds;
        max_states = std::max(max_states, r.max_states);
    }
    auto value = [&](int i, int j) { return by_width[std::min(i, j)][std::max(i, j) - 1].str(); };
    if (a.json) {
        nlohmann::json rows = nlohmann::json::array();
        for (int i = 1; i <= m; ++i) {
            nlohmann::json row = nlohmann::json::array();
            for (int j = 1; j <= n; ++j) row.push_back(value(i, j));
            rows.push_back(row);
        }
        nlohmann::json j = {
            {"rows", m},
            {"cols", n},
            {"legal_positions", rows},
            {"modulus", a.modulus.empty() ? nlohmann::json() : nlohmann::json(a.modulus)},
            {"max_states", max_states},
            {"seconds", seconds}};
        fmt::print("{}\n", j.dump());
        return;
    }
    for (int i = 1; i <= m; ++i)
        for (int j = 1; j <= n; ++j) fmt::print("L({},{}) = {}\n", i, j, value(i, j));
    fmt::print("time: {:.3f} s\n", seconds);
}

}  // namespace

void add_count_command(CLI::App& app) {
    auto a = std::make_shared<CountArgs>();
    auto* cmd = app.add_subcommand(
        "count", "Count the legal positions of a board (every string has a liberty)");
    cmd->add_option("board", a->board, "Board as ROWSxCOLS, e.g. 9x9");
    cmd->add_option("--table", a->table,
                    "Print L(i,j) for every i <= M, j <= N instead of one board (default: off)")
        ->expected(2);
    cmd->add_option("--modulus", a->modulus,
                    "Count modulo P (2 <= P < 2^64) instead of exactly (default: exactly)");
    cmd->add_flag("--crt", a->crt,
                  "Count exactly from residues modulo 64-bit primes, recombined (less memory; "
                  "default: only where the multi-word count does not fit)");
    cmd->add_option("--memory", a->memory,
                    fmt::format("Refuse boards whose state tables need more, e.g. 512M, 2G; a "
                                "bare number is MB (default: the machine's memory, {})",
                                size_text(physical_memory())));
    cmd->add_option("--threads", a->threads, threads_help(false));
    cmd->add_flag("--json", a->json, "One JSON object on stdout (default: off)");
    cmd->add_option("--checkpoint", a->checkpoint,
                    "Write checkpoints of the count to DIR at every row end (default: none)");
    cmd->add_option("--checkpoint-every", a->checkpoint_every,
                    "Also write one at least every S seconds (default: 600)");
    cmd->add_option("--resume", a->resume,
                    "Go on from the last checkpoint in DIR, of the same count (default: from the "
                    "start)");
    cmd->footer(
        "The rules play no part: a position is legal when every string has a liberty.\n"
        "With --checkpoint DIR, the same command with --resume DIR added goes on after a kill.\n"
        "In a build with MPI, 'mpirun -np N smallgo count ...' counts on N processes.\n\n"
        "Examples:\n"
        "  smallgo count 5x5\n"
        "  smallgo count --table 4 6 --json\n"
        "  smallgo count 8x8 --modulus 1000000007 --memory 4G\n"
        "  smallgo count 13x13 --checkpoint ckpt");
    cmd->callback([a] {
#ifdef SMALLGO_HAVE_MPI
        // Under mpirun every process is a rank of the count; rank 0 alone speaks.
        std::optional<MpiSession> mpi;
        if (MpiSession::launched()) {
            mpi.emplace();
            a->exchange = &mpi->exchange();
            if (a->exchange->rank() != 0) {
                if (!std::freopen("/dev/null", "w", stdout) ||
                    !std::freopen("/dev/null", "w", stderr))
                    throw UsageError("cannot silence rank " + std::to_string(a->exchange->rank()));
            }
        }
#endif
        if (!a->table.empty())
            run_table(*a);
        else if (a->board.empty())
            throw UsageError("count: give a board ROWSxCOLS or --table M N");
        else
            run_board(*a);
    });
}

}  // namespace smallgo::cli
