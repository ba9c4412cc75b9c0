// Robustness of the SGF reader: random legal games on random boards round-trip through write_sgf
// and read_sgf, and a generated corpus of mutated files (truncations, byte flips, inserted
// brackets, parentheses, semicolons and backslashes, deep nesting) goes through read_sgf,
// sgf_history and Geometry::parse_move without a crash (CI runs this under ASan and UBSan) and
// with every answer well formed. Fixed seeds; `test_cli "[slow]"` runs a corpus 50 times larger.
#include <random>

#include <catch2/catch.hpp>

#include "cli/sgf.hpp"

namespace smallgo::cli {
namespace {

using Rng = std::mt19937_64;

int below(Rng& rng, int n) {
    return static_cast<int>(rng() % static_cast<u64>(n));
}

// A random board of at most 64 points and at most 52 columns (SGF's letters).
Geometry random_board(Rng& rng) {
    for (;;) {
        const int rows = 1 + below(rng, 12), cols = 1 + below(rng, 12);
        if (auto g = Geometry::make(rows, cols); g && rows * cols <= MaxPoints) return *g;
    }
}

// A random legal game: a setup of scattered stones (kept only when legal), then random legal
// moves with passes, under a random preset.
struct RandomGame {
    SgfGame game;
    Rules rules;
    Position end;  // after the moves
};
RandomGame random_game(Rng& rng) {
    const Geometry g = random_board(rng);
    const auto all = presets();
    const Preset& preset = all[below(rng, static_cast<int>(all.size()))];
    Position start;
    if (below(rng, 3) == 0) {
        Bitboard black = 0, white = 0;
        for (int p = 0; p < g.points(); ++p) {
            const int r = below(rng, 5);
            if (r == 0) black |= Geometry::bit(p);
            if (r == 1) white |= Geometry::bit(p);
        }
        start = make_position(black, white, below(rng, 2) ? Color::White : Color::Black);
        if (!start.is_legal(g)) start = make_position(0, 0, start.to_move);
    }
    SgfGame game{g, std::string(preset.name), below(rng, 41) - 20, start, {}, {}};
    History h(g, preset.rules, start);
    const int length = below(rng, 3 * g.points() + 2);
    for (int i = 0; i < length && !h.game_over(); ++i) {
        Move m = below(rng, 8) == 0 ? Pass : static_cast<Move>(below(rng, g.points()));
        if (h.play(m) != Verdict::Legal) {
            m = Pass;
            if (h.play(m) != Verdict::Legal) break;  // a pass may repeat a grid (1996 rules)
        }
        game.moves.push_back(m);
    }
    return {game, preset.rules, h.current()};
}

// Random annotations: comments with characters that need escapes, variations, labels.
SgfAnnotations random_notes(Rng& rng, const SgfGame& game) {
    static const char* texts[] = {"", "B+9", "a ] b", "back\\slash", "x:y", "(;W[aa])", "\n"};
    auto text = [&] { return std::string(texts[below(rng, 7)]); };
    SgfAnnotations notes;
    notes.result = text();
    notes.root_comment = text();
    notes.branch_at = static_cast<std::size_t>(below(rng, static_cast<int>(game.moves.size()) + 1));
    notes.branch_comment = text();
    for (std::size_t i = 0; i < game.moves.size(); ++i) notes.comments.push_back(text());
    for (int i = below(rng, 3); i > 0; --i)
        notes.variations.push_back(
            {static_cast<Move>(below(rng, game.geometry.points() + 1) - 1), text()});
    for (int i = below(rng, 3); i > 0; --i)
        notes.labels.push_back({static_cast<Move>(below(rng, game.geometry.points())), text()});
    return notes;
}

// One mutation of a file.
std::string mutate(Rng& rng, std::string s) {
    static const char inserts[] = "[]();\\:\n BWtaz";
    const int kinds = 6;
    switch (below(rng, kinds)) {
        case 0:  // truncation
            s.resize(static_cast<std::size_t>(below(rng, static_cast<int>(s.size()) + 1)));
            break;
        case 1:  // a byte flipped
            if (!s.empty())
                s[below(rng, static_cast<int>(s.size()))] ^= static_cast<char>(1 << below(rng, 8));
            break;
        case 2:  // a syntax character inserted
            s.insert(s.begin() + below(rng, static_cast<int>(s.size()) + 1),
                     inserts[below(rng, sizeof inserts - 1)]);
            break;
        case 3:  // a byte deleted
            if (!s.empty()) s.erase(s.begin() + below(rng, static_cast<int>(s.size())));
            break;
        case 4: {  // a slice duplicated elsewhere
            const int from = below(rng, static_cast<int>(s.size()) + 1);
            const int length = below(rng, 12);
            const std::string slice = s.substr(from, length);
            s.insert(static_cast<std::size_t>(below(rng, static_cast<int>(s.size()) + 1)), slice);
            break;
        }
        default:  // deep nesting
            s.insert(static_cast<std::size_t>(below(rng, static_cast<int>(s.size()) + 1)),
                     std::string(static_cast<std::size_t>(below(rng, 5000)), "(;"[below(rng, 2)]));
    }
    return s;
}

// Reads one input and checks that the answer is well formed. Returns whether it was read.
bool read_any(const std::string& text) {
    auto r = read_sgf(text);
    if (auto* e = std::get_if<SgfError>(&r)) {
        const long lines = 1 + std::count(text.begin(), text.end(), '\n');
        REQUIRE(e->line >= 1);
        REQUIRE(e->line <= lines);
        REQUIRE(e->column >= 1);
        REQUIRE(!e->message.empty());
        return false;
    }
    const SgfGame& game = std::get<SgfGame>(r);
    const Geometry& g = game.geometry;
    REQUIRE(game.start.is_ok(g));
    REQUIRE(game.start.is_legal(g));
    REQUIRE(game.places.size() == game.moves.size());
    for (Move m : game.moves) REQUIRE((m == Pass || (m >= 0 && m < g.points())));
    auto h = sgf_history(game, sgf_rules(game, Rules{}));
    if (auto* history = std::get_if<History>(&h)) REQUIRE(history->is_ok());
    return true;
}

void fuzz(int inputs, u64 seed) {
    Rng rng(seed);
    int read = 0, tried = 0;
    while (tried < inputs) {
        const RandomGame base = random_game(rng);
        const std::string text = write_sgf(base.game, random_notes(rng, base.game));
        for (int k = 0; k < 50 && tried < inputs; ++k, ++tried) {
            std::string input = text;
            for (int n = 1 + below(rng, 3); n > 0; --n) input = mutate(rng, input);
            read += read_any(input);
            // The move parser of the command line, on a slice of the same bytes.
            const std::size_t at =
                static_cast<std::size_t>(below(rng, static_cast<int>(input.size()) + 1));
            (void)base.game.geometry.parse_move(std::string_view(input).substr(at, below(rng, 5)));
        }
    }
    // Some mutations keep the file valid (an inserted space, a flipped comment byte).
    CHECK(read > 0);
    CHECK(read < inputs);
}

}  // namespace

TEST_CASE("cli: random legal games round-trip through write_sgf and read_sgf") {
    Rng rng(24);
    for (int i = 0; i < 2000; ++i) {
        const RandomGame base = random_game(rng);
        const std::string text = write_sgf(base.game, random_notes(rng, base.game));
        auto r = read_sgf(text);
        INFO(text);
        REQUIRE(std::holds_alternative<SgfGame>(r));
        const SgfGame& back = std::get<SgfGame>(r);
        REQUIRE(back.moves == base.game.moves);
        REQUIRE(back.geometry.rows() == base.game.geometry.rows());
        REQUIRE(back.geometry.cols() == base.game.geometry.cols());
        REQUIRE(back.komi_x2 == base.game.komi_x2);
        REQUIRE(back.preset == base.game.preset);
        REQUIRE(back.start.black() == base.game.start.black());
        REQUIRE(back.start.white() == base.game.start.white());
        auto h = sgf_history(back, sgf_rules(back, Rules{}));
        REQUIRE(std::holds_alternative<History>(h));
        const Position& end = std::get<History>(h).current();
        REQUIRE(end.same_board(base.end));
        REQUIRE(end.to_move == base.end.to_move);
        REQUIRE(end.passes == base.end.passes);
    }
}

TEST_CASE("cli: 50000 mutated SGF files read without a crash, each answer well formed") {
    fuzz(50000, 1);
}

TEST_CASE("cli: 1000000 mutated SGF files read without a crash", "[.][slow]") {
    fuzz(1000000, 2);
}

}  // namespace smallgo::cli
