// The rule set as one explicit value, and the named presets, each citing the rule text it follows
// (title, author, year, where published). Every rule of the game is decided by a Rules value; no
// other flag anywhere changes the game.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "rules/types.hpp"

namespace smallgo {

enum class KoRule : u8 {
    // A play may not recreate the board as it stood just before the opponent's last turn
    // (MG rules: "the position just before the other player's last move is not recreated").
    // A play that recreates an earlier board with the same player to move ends the game as a
    // draw (value 0, whatever the komi); under the superko rules no play can do that.
    Simple,
    // A play may not recreate any earlier board (Tromp-Taylor: "doesn't repeat an earlier
    // grid coloring"). The empty starting board counts.
    Positional,
    // A play may not recreate an earlier board with the same player to move (AGA rule 6).
    Situational,
    // A play may not leave a board that the same player left before (Taylor-Tromp 1996, rule 4:
    // "a move that does not leave a grid pattern identical to one that that player has
    // previously left"). Every turn, pass or play, leaves the board on the grid after it; the
    // empty start was left by no one. That is situational superko except for the start.
    OwnGrids,
    // The same text read so that passes leave no grid: a play may not leave a board that the
    // same player left with an earlier play; the start was left by no one.
    OwnPlays,
};

struct Rules {
    KoRule ko = KoRule::Positional;
    bool suicide_allowed = true;
    int komi_x2 = 0;  // komi in half points, added to White's score

    double komi() const { return komi_x2 / 2.0; }
    bool superko() const { return ko != KoRule::Simple; }
    // Whether the starting position answers the ko rule unlike a later record with the same
    // board, side to move and passes (the 1996 readings: the start was left by no one), so that
    // a position's verdicts depend on more than the position (solver/transposition.hpp).
    bool start_left_by_nobody() const { return ko == KoRule::OwnGrids || ko == KoRule::OwnPlays; }
    friend bool operator==(const Rules&, const Rules&) = default;
};

struct Preset {
    std::string_view name;
    Rules rules;
    std::string_view source;   // the rule text: title, author, year, where published
    std::string_view summary;  // what the preset means, for people
};

// All presets, in the order `smallgo rules` prints them.
std::span<const Preset> presets();
// The preset with this name, if any.
std::optional<Preset> find_preset(std::string_view name);
// Rules in words, e.g. "positional superko, suicide allowed, komi 0".
std::string describe(const Rules& r);
std::string_view ko_rule_name(KoRule k);
// A komi in half points as people write it: "0", "5.5", "-0.5".
std::string komi_text(int komi_x2);

}  // namespace smallgo
