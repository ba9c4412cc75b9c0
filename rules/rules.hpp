// The rule set as one explicit value, and the named presets, each citing the text in
// ../shared/rules/ it follows. Every rule of the game is decided by a Rules value; no other
// flag anywhere changes the game.
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
    Simple,
    // A play may not recreate any earlier board (Tromp-Taylor: "doesn't repeat an earlier
    // grid coloring"). The empty starting board counts.
    Positional,
    // A play may not recreate an earlier board with the same player to move (AGA rule 6).
    Situational,
    // A play may not leave a board that the same player left with an earlier play
    // (Taylor-Tromp 1996, rule 4). Passes leave no board; the empty start was left by no one.
    OwnGrids,
};

// What a whole-board repetition means where the ko rule allows one (KoRule::Simple): a play that
// recreates an earlier board with the same player to move ends the game; the result is a draw
// (value 0, whatever the komi). Under the superko rules no play can repeat, so this never applies.
enum class CycleRule : u8 { Draw };

struct Rules {
    KoRule ko = KoRule::Positional;
    bool suicide_allowed = true;
    int komi_x2 = 0;  // komi in half points, added to White's score
    CycleRule cycle = CycleRule::Draw;

    double komi() const { return komi_x2 / 2.0; }
    bool superko() const { return ko != KoRule::Simple; }
    friend bool operator==(const Rules&, const Rules&) = default;
};

struct Preset {
    std::string_view name;
    Rules rules;
    std::string_view source;   // file in ../shared/rules/
    std::string_view summary;  // one line for people
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
