// GtpEngine's loadsgf and printsgf (gtp_engine.hpp), through cli/sgf.hpp. loadsgf FILE
// [MOVE_NUMBER] as GTP 2 says: board size, komi, the starting grid and the moves of the file's
// main line, up to just before move MOVE_NUMBER (all of them when absent); the file's RU sets the
// rules when it names a preset, else the engine's rules stay. printsgf (GNU Go's extension)
// answers the game as SGF, or writes it to FILE when one is given.
#include <cstdint>
#include <fstream>
#include <ostream>
#include <sstream>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/gtp_engine.hpp"
#include "cli/sgf.hpp"

namespace smallgo::cli {

namespace {
// GTP vertices go up to 25 columns and rows (A to Z without I).
constexpr int MaxSide = 25;
}  // namespace

GtpReply GtpEngine::loadsgf(const std::vector<std::string>& args) {
    if (args.empty() || args.size() > 2) return {false, "syntax error"};
    std::size_t played = SIZE_MAX;
    if (args.size() == 2) {
        const std::string& n = args[1];
        if (n.empty() || n.size() > 9 || n.find_first_not_of("0123456789") != std::string::npos ||
            std::stoul(n) == 0)
            return {false, "syntax error"};
        played = std::stoul(n) - 1;  // the position before move n
    }
    std::ifstream in(args[0], std::ios::binary);
    std::ostringstream text;
    if (!in || !(text << in.rdbuf())) {
        log_ << fmt::format("smallgo: loadsgf: cannot read '{}'\n", args[0]);
        return {false, "cannot load file"};
    }
    auto read = read_sgf(text.str());
    if (auto* e = std::get_if<SgfError>(&read)) {
        log_ << fmt::format("smallgo: loadsgf: {}:{}\n", args[0], to_string(*e));
        return {false, "cannot load file"};
    }
    SgfGame game = std::get<SgfGame>(std::move(read));
    if (game.geometry.rows() > MaxSide || game.geometry.cols() > MaxSide)
        return {false, "unacceptable size"};
    if (played < game.moves.size()) {
        game.moves.resize(played);
        if (!game.places.empty()) game.places.resize(played);
    }
    const Rules r = sgf_rules(game, rules_);
    auto replay = sgf_history(game, r);
    if (auto* e = std::get_if<SgfError>(&replay)) {
        log_ << fmt::format("smallgo: loadsgf: {}:{}\n", args[0], to_string(*e));
        return {false, "cannot load file"};
    }
    g_ = game.geometry;
    rules_ = r;
    if (!game.preset.empty()) preset_ = game.preset;
    start_ = game.start;
    moves_ = game.moves;
    h_ = std::get<History>(std::move(replay));
    status_.clear();
    return {};
}

GtpReply GtpEngine::printsgf(const std::vector<std::string>& args) const {
    if (args.size() > 1) return {false, "syntax error"};
    SgfGame game{g_, preset_, rules_.komi_x2, start_, moves_, {}};
    SgfAnnotations notes;
    if (h_.game_over()) notes.result = value_short(h_.result_x2());
    const std::string text = write_sgf(game, notes);
    if (args.empty()) return {true, text};
    std::ofstream out(args[0], std::ios::binary);
    if (!(out << text) || !out.flush()) return {false, "cannot write file"};
    return {};
}

}  // namespace smallgo::cli
