// `smallgo verify FILE [--json]`: checks a proof certificate (FILE "-": standard input)
// (docs/proof.md) with the checker of verify/, which uses the rules kernel and none of the search.
// Exit code 0 when the certificate proves its value (or its bound), 1 when it is rejected (one
// line: the line of the file and why), 2 when the file cannot be read; Ctrl-C stops the check
// (130).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/signals.hpp"
#include "verify/certificate_check.hpp"

namespace smallgo::cli {

namespace {
struct VerifyArgs {
    std::string file;
    bool json = false;
};

void run_verify(const VerifyArgs& a) {
    // The checker reads its input twice (references first, then the trees). A regular file is
    // read from disk both times; standard input ("-"), a pipe or a FIFO is read into memory once.
    const bool standard_input = a.file == "-";
    std::ifstream file;
    if (!standard_input) {
        file.open(a.file, std::ios::binary);
        if (!file) throw UsageError(fmt::format("cannot read '{}'", a.file));
    }
    std::stringstream copy;
    std::istream* in = &file;
    std::error_code ec;
    if (standard_input || !std::filesystem::is_regular_file(a.file, ec)) {
        copy << (standard_input ? std::cin.rdbuf() : file.rdbuf());
        in = &copy;
    }
    StopOnSignals signals(0);
    const auto start = std::chrono::steady_clock::now();
    verify::CheckReport r;
    try {
        r = verify::check_certificate(*in, signals.flag());
    } catch (const verify::Rejected& e) {
        if (signals.signal() != 0)
            throw Stopped{fmt::format("{}: the check was stopped ({})", a.file, signals.reason()),
                          signals.exit_code()};
        throw CheckFailed(fmt::format("{}: rejected: {}", a.file, e.what()));
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string moves;
    for (const auto& m : r.moves) moves += (moves.empty() ? "" : " ") + m;
    if (moves.empty()) moves = "none";
    if (a.json) {
        nlohmann::json j;
        j["file"] = a.file;
        j["valid"] = true;
        j["board"] = r.board;
        j["rules"] = r.rules;
        j["komi"] = r.komi_x2 / 2.0;
        j["moves"] = r.moves;
        // A value certificate gives "value"; a bound certificate "bound" (">= 2", "<= -0.5").
        if (r.value_x2) j["value"] = *r.value_x2 / 2.0;
        if (r.bound)
            j["bound"] = fmt::format("{} {}", r.bound->prover == Color::Black ? ">=" : "<=",
                                     komi_text(r.bound->bound_x2));
        j["claims"] = r.claims;
        j["positions"] = r.nodes;
        j["final_leaves"] = r.final_leaves;
        j["static_leaves"] = r.static_leaves;
        j["territory_leaves"] = r.territory_leaves;
        j["shared"] = r.references;
        j["longest_line"] = r.depth;
        j["seconds"] = seconds;
        fmt::print("{}\n", j.dump());
        return;
    }
    fmt::print("{}: valid. {} under {}, komi {}, moves before: {}.\n", a.file, r.board, r.rules,
               komi_text(r.komi_x2), moves);
    if (r.value_x2)
        fmt::print("Proven value: {} ({}), by {} claim(s).\n", value_short(*r.value_x2),
                   value_text(*r.value_x2), r.claims);
    else
        fmt::print(
            "Proven bound: the value is {} {} (Black's area minus White's minus komi), by "
            "{} claim(s).\n",
            r.bound->prover == Color::Black ? "at least" : "at most", komi_text(r.bound->bound_x2),
            r.claims);
    fmt::print(
        "Checked {} positions ({} games ended, {} settled by unconditional life, {} by "
        "territory, {} shared subtrees used again), longest line {} turns, in {:.3f} s.\n",
        r.nodes, r.final_leaves, r.static_leaves, r.territory_leaves, r.references, r.depth,
        seconds);
}
}  // namespace

void add_verify_command(CLI::App& app) {
    auto a = std::make_shared<VerifyArgs>();
    auto* cmd = app.add_subcommand(
        "verify",
        "Check a proof certificate written by `solve --proof` (none of the search's code)");
    cmd->add_option("file", a->file, "The certificate ('-': standard input)")->required();
    cmd->add_flag(
        "--json", a->json,
        "Print one JSON object: file, valid, board, rules, komi, moves, value (or bound), "
        "claims, positions, ... (default: off)");
    cmd->footer(
        "Exit code 0: the certificate proves its value (or bound); 1: rejected (the line of the "
        "file and why); 2: the file cannot be read.\n\n"
        "Example:\n"
        "  smallgo solve 3x3 --proof 3x3.proof && smallgo verify 3x3.proof");
    cmd->callback([a] { run_verify(*a); });
}

}  // namespace smallgo::cli
