// start_game (cli/game_start.hpp): the board or SGF file a command starts from, read whole (a few
// KB at most for boards of 64 points) and handed to read_sgf.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/game_start.hpp"
#include "cli/options.hpp"
#include "cli/sgf.hpp"

namespace smallgo::cli {

bool names_sgf_file(const std::string& board) {
    std::error_code ec;
    return (board.size() > 4 && board.compare(board.size() - 4, 4, ".sgf") == 0) ||
           std::filesystem::is_regular_file(board, ec);
}

GameStart start_game(const std::string& board, const std::string& rules, const std::string& komi) {
    const std::string preset = rules.empty() ? std::string(DefaultPreset) : rules;
    if (!names_sgf_file(board)) {
        Rules r = parse_rules(preset);
        if (!komi.empty()) r.komi_x2 = parse_komi(komi);
        const Geometry g = parse_board(board);
        return {preset, History(g, r), {}, false};
    }
    std::ifstream in(board, std::ios::binary);
    if (!in) throw UsageError(fmt::format("cannot read SGF file '{}'", board));
    std::ostringstream text;
    text << in.rdbuf();
    auto read = read_sgf(text.str());
    if (auto* e = std::get_if<SgfError>(&read))
        throw UsageError(fmt::format("{}:{}", board, to_string(*e)));
    const SgfGame& game = std::get<SgfGame>(read);
    // The rules: --rules, else the file's preset, else the default; then --komi, else KM.
    const std::string name = !rules.empty()         ? rules
                             : !game.preset.empty() ? game.preset
                                                    : std::string(DefaultPreset);
    Rules r = parse_rules(name);
    if (game.komi_x2) r.komi_x2 = *game.komi_x2;
    if (!komi.empty()) r.komi_x2 = parse_komi(komi);
    auto h = sgf_history(game, r);
    if (auto* e = std::get_if<SgfError>(&h))
        throw UsageError(fmt::format("{}:{}", board, to_string(*e)));
    return {name, std::get<History>(h), game.moves, game.start.occupied() != 0};
}

}  // namespace smallgo::cli
