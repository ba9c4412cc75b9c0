// libFuzzer target for the SGF reader (built only in a clang build with SMALLGO_SANITIZE naming
// fuzzer-no-link; tests/CMakeLists.txt, .ci/run). Every input goes through read_sgf; a game read
// is replayed by sgf_history, written by write_sgf and read again, which must give the same game;
// the bytes also go through Geometry::parse_move, the command line's move parser. A crash, a
// sanitizer report or a failed round trip stops the fuzzer.
#include <cstdlib>
#include <string_view>

#include "cli/sgf.hpp"

using namespace smallgo;
using namespace smallgo::cli;

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto read = read_sgf(text);
    const Geometry g = *Geometry::make(3, 4);
    (void)g.parse_move(text.substr(0, 8));
    if (auto* e = std::get_if<SgfError>(&read)) {
        if (e->line < 1 || e->column < 1 || e->message.empty()) std::abort();
        return 0;
    }
    const SgfGame& game = std::get<SgfGame>(read);
    (void)game.geometry.parse_move(text.substr(0, 8));
    (void)sgf_history(game, sgf_rules(game, Rules{}));
    auto again = read_sgf(write_sgf(game));
    const auto* back = std::get_if<SgfGame>(&again);
    if (!back || back->moves != game.moves || back->komi_x2 != game.komi_x2 ||
        back->preset != game.preset || back->start.black() != game.start.black() ||
        back->start.white() != game.start.white() || back->start.to_move != game.start.to_move ||
        back->geometry.rows() != game.geometry.rows() ||
        back->geometry.cols() != game.geometry.cols())
        std::abort();
    return 0;
}
