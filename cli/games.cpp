// `smallgo games MxN [--rules P] [--by-length] [--json] [--threads N] [--memory SIZE]`: the exact
// number of complete games from the empty board (count/game_count.hpp), with --by-length the
// number of each length in turns; `--estimate --samples K [--seed S]` instead estimates it by
// Knuth's random walks (count/game_estimate.hpp), for boards beyond the exact count. Progress on
// stderr when it is a terminal; Ctrl-C or SIGTERM prints what was counted so far, labelled as a
// partial count, and exits 130 or 143.
#include <unistd.h>

#include <cstdio>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/signals.hpp"
#include "count/game_count.hpp"
#include "count/game_estimate.hpp"
#include "count/game_memo.hpp"

namespace smallgo::cli {

namespace {

struct GamesArgs {
    std::string board;
    std::string rules{DefaultPreset};
    std::string memory = "1G";
    int threads = default_threads();
    bool by_length = false, json = false, estimate = false, no_suicide = false;
    u64 samples = 10000, seed = 1;
};

// The least memo worth running with: this many slots.
constexpr u64 MinMemoSlots = 1024;

// How a game ends under these rules, for the first lines of the output.
std::string ending_text(const Rules& r) {
    return r.ko == KoRule::Simple
               ? "a game ends at two consecutive passes, or at a play that repeats a grid with "
                 "the same side to move (a draw under these rules)"
               : "a game ends at two consecutive passes";
}

// A long double as "1.2345e+67".
std::string sci(long double x) {
    char text[64];
    std::snprintf(text, sizeof text, "%.4Le", x);
    return text;
}

// One progress line on stderr, at most twice a second, when stderr is a terminal.
class Progress {
  public:
    explicit Progress(std::string what) : what_(std::move(what)), on_(isatty(2)) {}
    ~Progress() { clear(); }
    void clear() {
        if (shown_) fmt::print(stderr, "\r{:79}\r", "");
        shown_ = false;
    }
    void show(const std::string& text, double seconds) {
        if (!on_ || seconds < next_) return;
        next_ = seconds + 0.5;
        fmt::print(stderr, "\r{}: {}, {:.0f} s ", what_, text, seconds);
        shown_ = true;
    }

  private:
    std::string what_;
    bool on_, shown_ = false;
    double next_ = 0.5;
};

void run_exact(const GamesArgs& a, const Geometry& g, const Rules& rules) {
    std::string why;
    auto space = GameSpace::make(g, rules, &why);
    if (!space) throw UsageError(why + "; --estimate --samples K estimates bigger boards");
    GameCountOptions o;
    o.by_length = a.by_length;
    o.threads = threads_option("--threads", a.threads);
    o.memo_bytes = size_option("--memory", a.memory);
    const u64 physical = physical_memory();
    if (physical > 0 && o.memo_bytes > physical)
        throw UsageError(fmt::format("bad --memory {}: more than this machine's memory ({})",
                                     a.memory, size_text(physical)));
    const int coefficients = a.by_length ? max_game_turns(*space) + 1 : 1;
    const u64 least = MinMemoSlots * GameMemo::slot_bytes(coefficients);
    if (o.memo_bytes < least)
        throw UsageError(
            fmt::format("bad --memory {}: the memo needs at least {}", a.memory, size_text(least)));

    const std::string name = g.name();
    Progress line(name);
    o.progress = [&line](const GameCountProgress& p) {
        line.show(fmt::format("{}/{} opening lines, {} states", p.lines_done, p.lines, p.nodes),
                  p.seconds);
    };
    StopOnSignals signals;
    o.stop = signals.flag();
    const GameCountResult r = count_games(*space, o);
    line.clear();
    if (r.end == GameCountEnd::Overflow)
        throw UsageError(name +
                         ": a count passed 2^64 inside the memo; the exact counter stops "
                         "there (--estimate estimates)");

    const std::string partial =
        r.complete() ? std::string()
                     : fmt::format(
                           "PARTIAL COUNT ({}): the games of {} of {} opening lines of {} "
                           "turns, and the games that end sooner; a lower bound",
                           signals.reason(), r.lines_done, r.lines, r.opening_turns);
    if (a.json) {
        nlohmann::json j = {{"board", name},
                            {"rules", a.rules},
                            {"suicide", rules.suicide_allowed},
                            {"games", r.total.str()},
                            {"complete", r.complete()},
                            {"lines_done", r.lines_done},
                            {"lines", r.lines},
                            {"states", r.nodes},
                            {"memo_hits", r.memo_hits},
                            {"memo_bytes", r.memo_bytes},
                            {"seconds", r.seconds},
                            {"threads", o.threads}};
        if (a.by_length) {
            nlohmann::json lengths = nlohmann::json::array();
            for (const auto& n : r.by_length) lengths.push_back(n.str());
            j["by_length"] = lengths;
            j["longest"] = r.longest;
        }
        fmt::print("{}\n", j.dump());
    } else {
        fmt::print("Board {}, rules {}: {}\n", name, a.rules, describe(rules));
        if (!partial.empty()) fmt::print("{}\n", partial);
        fmt::print("Games: {} ({})\n", r.total.str(), ending_text(rules));
        if (a.by_length) {
            fmt::print("Longest game: {} turns\nGames by length in turns (passes included):\n",
                       r.longest);
            for (std::size_t t = 0; t < r.by_length.size(); ++t)
                if (r.by_length[t] != 0) fmt::print("  {:>4} {}\n", t, r.by_length[t].str());
        }
        fmt::print("States counted: {}, memo hits: {}, memo {} ({} of {} slots used)\n", r.nodes,
                   r.memo_hits, size_text(r.memo_bytes), r.memo_used, r.memo_slots);
        fmt::print("Time: {:.3f} s with {} thread{}\n", r.seconds, o.threads,
                   o.threads == 1 ? "" : "s");
    }
    if (!r.complete())
        throw Stopped{fmt::format("{}: {} after {} of {} opening lines; the count printed is "
                                  "partial",
                                  name, signals.reason(), r.lines_done, r.lines),
                      signals.exit_code()};
}

void run_estimate(const GamesArgs& a, const Geometry& g, const Rules& rules) {
    if (a.samples < 1 || a.samples > (u64{1} << 40))
        throw UsageError(fmt::format("bad --samples {}: expected 1 to 2^40", a.samples));
    GameEstimateOptions o;
    o.samples = a.samples;
    o.seed = a.seed;
    o.threads = threads_option("--threads", a.threads);
    const std::string name = g.name();
    Progress line(name);
    o.progress = [&line](u64 done, u64 samples, double seconds) {
        line.show(fmt::format("{}/{} random games", done, samples), seconds);
    };
    StopOnSignals signals;
    o.stop = signals.flag();
    const GameEstimate e = estimate_games(g, rules, o);
    line.clear();
    if (a.json) {
        nlohmann::json j = {{"board", name},
                            {"rules", a.rules},
                            {"suicide", rules.suicide_allowed},
                            {"estimate", sci(e.mean)},
                            {"low", sci(e.low)},
                            {"high", sci(e.high)},
                            {"std_error", sci(e.std_error)},
                            {"samples", e.samples},
                            {"seed", a.seed},
                            {"complete", e.complete},
                            {"mean_turns", e.mean_turns},
                            {"longest_turns", e.longest_turns},
                            {"seconds", e.seconds},
                            {"threads", o.threads}};
        fmt::print("{}\n", j.dump());
    } else {
        fmt::print("Board {}, rules {}: {}\n", name, a.rules, describe(rules));
        if (!e.complete)
            fmt::print("PARTIAL ESTIMATE ({}): {} of {} random games\n", signals.reason(),
                       e.samples, a.samples);
        fmt::print("Estimated games: {} (Knuth's estimator, {} random games, seed {}; {})\n",
                   sci(e.mean), e.samples, a.seed, ending_text(rules));
        fmt::print("95% interval: [{}, {}], standard error {} ({:.2f}% of the estimate)\n",
                   sci(e.low), sci(e.high), sci(e.std_error),
                   e.mean > 0 ? static_cast<double>(100 * e.std_error / e.mean) : 0.0);
        fmt::print("Random games: {:.1f} turns on average, the longest {}\n", e.mean_turns,
                   e.longest_turns);
        fmt::print("Time: {:.3f} s with {} thread{}\n", e.seconds, o.threads,
                   o.threads == 1 ? "" : "s");
    }
    if (!e.complete)
        throw Stopped{fmt::format("{}: {} after {} random games; the estimate printed is partial",
                                  name, signals.reason(), e.samples),
                      signals.exit_code()};
}

}  // namespace

void add_games_command(CLI::App& app) {
    auto args = std::make_shared<GamesArgs>();
    auto* cmd = app.add_subcommand("games", "Count (or estimate) the complete games of a board");
    cmd->add_option("board", args->board, "Board ROWSxCOLS, e.g. 2x2")->required();
    cmd->add_option("--rules", args->rules, rules_help());
    cmd->add_flag("--by-length", args->by_length, "Also count the games of each length in turns");
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--threads", args->threads, threads_help(false));
    cmd->add_option("--memory", args->memory,
                    "Memo of the exact count, e.g. 512M, 2G; a bare number is MB (default 1G); "
                    "when full, the cheapest states are recounted");
    cmd->add_flag("--estimate", args->estimate,
                  "Estimate by Knuth's random walks instead of counting");
    cmd->add_flag("--no-suicide", args->no_suicide,
                  "Forbid suicide whatever the preset says (tromp-taylor with it: positional "
                  "superko without suicide)");
    auto* samples =
        cmd->add_option("--samples", args->samples, "Random games of --estimate (default 10000)");
    auto* seed =
        cmd->add_option("--seed", args->seed, "Seed of --estimate's random games (default 1)");
    cmd->footer(
        "A game is every turn from the empty board to its end, passes included.\n\n"
        "Examples:\n"
        "  smallgo games 1x3 --by-length\n"
        "  smallgo games 2x2 --rules aga --threads 2\n"
        "  smallgo games 1x4 --no-suicide\n"
        "  smallgo games 3x3 --estimate --samples 100000 --seed 7");
    cmd->callback([args, samples, seed] {
        const Geometry g = parse_board(args->board);
        Rules rules = parse_rules(args->rules);
        if (args->no_suicide) rules.suicide_allowed = false;
        if (!args->estimate && (samples->count() > 0 || seed->count() > 0))
            throw UsageError(
                "--samples and --seed go with --estimate; the exact count has neither");
        if (args->estimate)
            run_estimate(*args, g, rules);
        else
            run_exact(*args, g, rules);
    });
}

}  // namespace smallgo::cli
