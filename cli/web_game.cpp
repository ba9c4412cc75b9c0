// parse_game and position_json (web_game.hpp). Nothing here throws on any JSON value: every
// member is checked for its type before it is read.
#include "cli/web_game.hpp"

#include <cmath>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/svg_board.hpp"

namespace smallgo::cli {

namespace {
// The komi of a JSON number in half points, if it is a multiple of 0.5 within +-128 (the bounds of
// the command line's --komi).
std::optional<int> komi_x2_of(const nlohmann::json& value) {
    if (!value.is_number()) return std::nullopt;
    const double twice = value.get<double>() * 2;
    if (!std::isfinite(twice) || twice != std::floor(twice) || std::fabs(twice) > 256)
        return std::nullopt;
    return static_cast<int>(twice);
}

// Plays the move written `text` as move `number`; the refusal otherwise.
std::optional<WebError> play_json(WebGame& game, const nlohmann::json& text, std::size_t number) {
    const Geometry& g = game.h.geometry();
    if (!text.is_string())
        return WebError{fmt::format("move {}: expected a string like \"B2\" or \"pass\"", number)};
    const auto m = g.parse_move(text.get<std::string>());
    if (!m)
        return WebError{fmt::format("move {}: '{}' is not a point of the {} board", number,
                                    text.get<std::string>(), g.name())};
    const Color c = game.h.current().to_move;
    const Verdict v = game.h.play(*m);
    if (v != Verdict::Legal)
        return WebError{fmt::format("move {}: {} {} is illegal ({})", number, color_name(c),
                                    g.aga(*m), verdict_name(v))};
    game.moves.push_back(*m);
    return std::nullopt;
}
}  // namespace

std::variant<WebGame, WebError> parse_game(const nlohmann::json& body, const WebLimits& limits,
                                           const char* extra_move) {
    if (!body.is_object()) return WebError{"expected a JSON object"};
    const auto board = body.find("board");
    if (board == body.end() || !board->is_string())
        return WebError{"missing \"board\": expected a string like \"3x3\""};
    const auto g = Geometry::parse(board->get<std::string>());
    if (!g)
        return WebError{
            fmt::format("bad board '{}': expected ROWSxCOLS", board->get<std::string>())};
    if (g->points() > limits.max_points)
        return WebError{fmt::format("board {} has {} points; this server takes at most {}",
                                    g->name(), g->points(), limits.max_points)};

    std::string preset(DefaultPreset);
    if (const auto rules = body.find("rules"); rules != body.end() && !rules->is_null()) {
        if (!rules->is_string()) return WebError{"\"rules\": expected a preset's name"};
        preset = rules->get<std::string>();
    }
    const auto found = find_preset(preset);
    if (!found) {
        std::string known;
        for (const auto& p : presets()) known += (known.empty() ? "" : ", ") + std::string(p.name);
        return WebError{fmt::format("unknown rules preset '{}' (known: {})", preset, known)};
    }
    Rules r = found->rules;
    if (const auto komi = body.find("komi"); komi != body.end() && !komi->is_null()) {
        const auto k = komi_x2_of(*komi);
        if (!k) return WebError{"\"komi\": expected a number, a multiple of 0.5 within +-128"};
        r.komi_x2 = *k;
    }

    WebGame game{std::string(found->name), History(*g, r), {}};
    if (const auto moves = body.find("moves"); moves != body.end() && !moves->is_null()) {
        if (!moves->is_array()) return WebError{"\"moves\": expected an array of moves"};
        if (moves->size() > limits.max_moves)
            return WebError{fmt::format("{} moves; this server takes at most {}", moves->size(),
                                        limits.max_moves)};
        std::size_t number = 0;
        for (const auto& text : *moves)
            if (auto error = play_json(game, text, ++number)) return *error;
    }
    if (extra_move) {
        const auto move = body.find(extra_move);
        if (move == body.end())
            return WebError{fmt::format("missing \"{}\": the move to play", extra_move)};
        if (game.moves.size() >= limits.max_moves)
            return WebError{fmt::format("this server takes at most {} moves", limits.max_moves)};
        if (auto error = play_json(game, *move, game.moves.size() + 1)) return *error;
    }
    return game;
}

nlohmann::json position_json(const WebGame& game) {
    const History& h = game.h;
    const Geometry& g = h.geometry();
    const Position& pos = h.current();
    nlohmann::json j;
    j["board"] = g.name();
    j["rows"] = g.rows();
    j["cols"] = g.cols();
    j["rules"] = game.preset;
    j["komi"] = h.rules().komi();
    j["moves"] = moves_json(g, game.moves);
    j["to_move"] = color_name(pos.to_move);
    j["game_over"] = h.game_over();
    j["result"] = h.game_over() ? nlohmann::json(h.result_x2() / 2.0) : nlohmann::json();
    std::vector<Move> black, white;
    for (int p = 0; p < g.points(); ++p) {
        const auto m = static_cast<Move>(p);
        if (pos.black() & Geometry::bit(p)) black.push_back(m);
        if (pos.white() & Geometry::bit(p)) white.push_back(m);
    }
    const BoardPicture pic = board_picture(h);
    std::vector<Move> ko;
    for (int p = 0; p < g.points(); ++p)
        if (pic.ko_forbidden & Geometry::bit(p)) ko.push_back(static_cast<Move>(p));
    j["black"] = moves_json(g, black);
    j["white"] = moves_json(g, white);
    j["legal"] = moves_json(g, h.legal_moves());
    j["ko"] = moves_json(g, ko);
    j["svg"] = svg_board(pic);
    return j;
}

}  // namespace smallgo::cli
