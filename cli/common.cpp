// Parsing of the arguments shared by the subcommands, and the words for values and moves.
#include <charconv>
#include <cmath>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "solver/search.hpp"

namespace smallgo::cli {

Geometry parse_board(const std::string& text) {
    if (auto g = Geometry::parse(text)) return *g;
    throw UsageError(fmt::format(
        "bad board '{}': expected ROWSxCOLS with 1 <= rows, cols and rows*cols <= 64", text));
}

Rules parse_rules(const std::string& name) {
    if (auto p = find_preset(name)) return p->rules;
    std::string known;
    for (const auto& p : presets()) known += (known.empty() ? "" : ", ") + std::string(p.name);
    throw UsageError(fmt::format("unknown rules preset '{}' (known: {})", name, known));
}

Move play_text(History& h, const std::string& text, int number, std::string_view where) {
    const Geometry& g = h.geometry();
    auto m = g.parse_move(text);
    if (!m)
        throw UsageError(fmt::format("{}move {}: '{}' is not a point of the {} board", where,
                                     number, text, g.name()));
    Color c = h.current().to_move;
    Verdict v = h.play(*m);
    if (v != Verdict::Legal)
        throw UsageError(fmt::format("{}move {}: {} {} is illegal ({})", where, number,
                                     color_name(c), g.aga(*m), verdict_name(v)));
    return *m;
}

void add_restart_option(CLI::App& cmd, u64& nodes) {
    cmd.add_option("--restart-nodes", nodes,
                   fmt::format("Nodes of the search's first run before a restart, 0 for none "
                               "(default {}; docs/solver.md, \"Restarts\")",
                               SolveOptions{}.restart_nodes))
        ->check([](const std::string& text) -> std::string {
            u64 n = 0;
            auto r = std::from_chars(text.data(), text.data() + text.size(), n);
            if (r.ec != std::errc{} || r.ptr != text.data() + text.size() ||
                (n != 0 && (n < 4096 || n > (u64{1} << 40))))
                return fmt::format("{} is neither 0 nor in 4096..2^40", text);
            return {};
        });
}

int parse_half_points(const std::string& text, const std::string& what) {
    double k = 0;
    auto r = std::from_chars(text.data(), text.data() + text.size(), k);
    double twice = k * 2;
    if (r.ec != std::errc{} || r.ptr != text.data() + text.size() || twice != std::floor(twice) ||
        std::fabs(k) > 128)
        throw UsageError(fmt::format("bad {} '{}': expected a multiple of 0.5", what, text));
    return static_cast<int>(twice);
}

int parse_komi(const std::string& text) {
    return parse_half_points(text, "komi");
}

std::string value_text(int value_x2) {
    if (value_x2 == 0) return "Draw";
    return fmt::format("{} wins by {}", value_x2 > 0 ? "Black" : "White",
                       komi_text(value_x2 > 0 ? value_x2 : -value_x2));
}

std::string value_short(int value_x2) {
    if (value_x2 == 0) return "0";
    return fmt::format("{}+{}", value_x2 > 0 ? "B" : "W",
                       komi_text(value_x2 > 0 ? value_x2 : -value_x2));
}

std::string moves_text(const Geometry& g, const std::vector<Move>& moves) {
    std::string s;
    for (Move m : moves) s += (s.empty() ? "" : " ") + g.aga(m);
    return s;
}

nlohmann::json moves_json(const Geometry& g, const std::vector<Move>& moves) {
    nlohmann::json list = nlohmann::json::array();
    for (Move m : moves) list.push_back(g.aga(m));
    return list;
}

void add_result_json(nlohmann::json& j, const Geometry& g, const SolveResult& res,
                     const std::string& stopped) {
    j["complete"] = res.complete;
    j["stopped"] = stopped.empty() ? nlohmann::json() : nlohmann::json(stopped);
    // A stop after the value was proven still reports it (lower == upper).
    j["value"] = res.complete || res.lower_x2 == res.upper_x2 ? nlohmann::json(res.lower_x2 / 2.0)
                                                              : nlohmann::json();
    j["lower"] = res.lower_x2 / 2.0;
    j["upper"] = res.upper_x2 / 2.0;
    j["best_moves"] = moves_json(g, res.best_moves);
    j["pv"] = moves_json(g, res.pv);
    j["undecided_moves"] = moves_json(g, res.undecided_moves);
}

std::string_view color_name(Color c) {
    return c == Color::Black ? "Black" : "White";
}

}  // namespace smallgo::cli
