// The presets. Each is read off its rule text; where a text is silent on something a solver
// needs (komi, what a cycle means), the choice is stated in the summary and in docs/rules.md.
#include "rules/rules.hpp"

#include <array>

namespace smallgo {

namespace {
constexpr std::array Presets = {
    Preset{"tromp-taylor", Rules{KoRule::Positional, true, 0},
           "The Logical Rules of Go, John Tromp and Bill Taylor, John Tromp's web page (undated)",
           "Tromp-Taylor logical rules: positional superko, suicide allowed, area scoring, komi 0"},
    Preset{"tromp-taylor-1996", Rules{KoRule::OwnGrids, true, 0},
           "The Tromp-Taylor rules posted by Bill Taylor to rec.games.go, quoted in \"Re: "
           "computer-go: Most simple Go rules\", computer-go mailing list, 1996",
           "Taylor-Tromp 1996 wording, rule 4 read plainly: every turn, pass or play, leaves the "
           "grid after it, and a play may not leave a grid the same player left before; this is "
           "situational superko except that the empty start was left by no one; suicide "
           "allowed, komi 0"},
    Preset{"tromp-taylor-1996-plays", Rules{KoRule::OwnPlays, true, 0},
           "The Tromp-Taylor rules posted by Bill Taylor to rec.games.go, quoted in \"Re: "
           "computer-go: Most simple Go rules\", computer-go mailing list, 1996",
           "Taylor-Tromp 1996 wording, rule 4 read so that a pass leaves no grid: a play may "
           "recreate a grid its player left by passing, which decides 3x3 (Black +2 instead of "
           "+9); kept to compare the two readings; suicide allowed, komi 0"},
    Preset{
        "mg", Rules{KoRule::Simple, true, 14},
        "MG Rules Of Go, Draft 2, mgoetze, Sensei's Library (page of March 28, 2007)",
        "MG rules: simple ko, suicide allowed, a repeated cycle ends the game as a draw, komi 7"},
    Preset{"simple", Rules{KoRule::Simple, false, 0},
           "Go rules, Evercat, Sensei's Library user page (undated)",
           "Evercat's basic rules: simple ko, no suicide, komi 0; a repeated board (the text is "
           "silent) is scored a draw as under the MG rules"},
    Preset{"aga", Rules{KoRule::Situational, false, 11},
           "Official AGA Rules of Go, AGA Rules Committee, September 1, 1991, American Go "
           "Association",
           "AGA 1991 rules with area counting: situational superko, no suicide, komi 5.5"},
};
}  // namespace

std::span<const Preset> presets() {
    return Presets;
}

std::optional<Preset> find_preset(std::string_view name) {
    for (const auto& p : Presets)
        if (p.name == name) return p;
    return std::nullopt;
}

std::string_view ko_rule_name(KoRule k) {
    switch (k) {
        case KoRule::Simple:
            return "simple ko";
        case KoRule::Positional:
            return "positional superko";
        case KoRule::Situational:
            return "situational superko";
        case KoRule::OwnGrids:
            return "no grid the same player left before, passes included (1996 wording)";
        case KoRule::OwnPlays:
            return "no grid the same player left with a play before (1996 wording, passes "
                   "leave none)";
    }
    return "?";
}

std::string komi_text(int komi_x2) {
    std::string s = komi_x2 < 0 ? "-" : "";
    int a = komi_x2 < 0 ? -komi_x2 : komi_x2;
    s += std::to_string(a / 2);
    if (a % 2) s += ".5";
    return s;
}

std::string describe(const Rules& r) {
    std::string s{ko_rule_name(r.ko)};
    s += r.suicide_allowed ? ", suicide allowed" : ", no suicide";
    if (r.ko == KoRule::Simple) s += ", a repeated board is a draw";
    s += ", komi ";
    s += komi_text(r.komi_x2);
    return s;
}

}  // namespace smallgo
