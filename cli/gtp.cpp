// `smallgo gtp [--rules P] [--komi K] [--hash SIZE] [--threads N] [--move-time S]`: a GTP version 2
// engine on stdin and stdout for GUIs (GoGui, Sabaki) and referees (docs/gtp.md). The options
// are checked before the first command is read; after that no input ends the program but `quit`
// or the end of stdin. Notes on each genmove go to stderr.
#include <cstdio>
#include <iostream>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/gtp_engine.hpp"
#include "cli/options.hpp"

namespace smallgo::cli {

namespace {
struct GtpArgs {
    std::string rules{DefaultPreset}, komi, hash{DefaultHash};
    int threads = default_threads();
    double move_time = 60;
};

void run_gtp(const GtpArgs& a) {
    GtpOptions o;
    parse_rules(a.rules);  // a UsageError names the presets
    o.preset = a.rules;
    if (!a.komi.empty()) o.komi_x2 = parse_komi(a.komi);
    o.hash_bytes = hash_option(a.hash);
    o.threads = threads_option("--threads", a.threads);
    if (!(a.move_time > 0))
        throw UsageError(fmt::format("bad --move-time {}: expected seconds over 0", a.move_time));
    o.move_seconds = a.move_time;
    std::ios::sync_with_stdio(false);
    GtpEngine engine(o, std::cerr);
    engine.run(std::cin, std::cout);
}
}  // namespace

void add_gtp_command(CLI::App& app) {
    auto a = std::make_shared<GtpArgs>();
    auto* cmd = app.add_subcommand(
        "gtp", "Play by the Go Text Protocol (version 2) on stdin/stdout, perfectly where proven");
    cmd->add_option("--rules,-r", a->rules, rules_help());
    cmd->add_option("--komi,-k", a->komi,
                    "Komi, a multiple of 0.5 (default: the preset's; GTP's komi changes it)");
    cmd->add_option("--hash", a->hash, hash_help(DefaultHash));
    cmd->add_option("--threads", a->threads, threads_help(true));
    cmd->add_option("--move-time", a->move_time,
                    "Seconds a genmove may search when time_settings gives no less (default 60)");
    cmd->footer(
        "Commands: `list_commands`; extensions smallgo-boardsize ROWS COLS, smallgo-rules PRESET,\n"
        "smallgo-move_values. docs/gtp.md says how genmove chooses and how time is shared.\n\n"
        "Examples:\n"
        "  smallgo gtp\n"
        "  smallgo gtp --rules mg --threads 2 --move-time 10");
    cmd->callback([a] { run_gtp(*a); });
}

}  // namespace smallgo::cli
