// A deliberately naive reference for the rules of Go, written straight from the words of the
// Tromp-Taylor logical rules ("The Logical Rules of Go", John Tromp and Bill Taylor), for the
// tests and the benchmark to check the bitboard kernel in rules/ against. It shares no code with
// rules/ (no bitboards, no rules/ header): a grid is a vector of colours, "reach" is a recursive
// search, the history is a list of earlier grids, each with who made the turn that left it.
// The ko variants follow the texts of the other presets as rules/rules.hpp interprets them:
//   Simple      MG Rules Of Go: "making a play so that the position just before the other
//               player's last move is not recreated"; a play that recreates an earlier grid with
//               the same player to move ends the game as a draw (the MG repetition).
//   Positional  The Logical Rules of Go: "a move that doesn't repeat an earlier grid coloring".
//   Situational Official AGA Rules of Go (1991), rule 6: "recreate a previous board position
//               from the game, with the same player to play".
//   OwnGrids    Taylor-Tromp 1996 post, rule 4: "a move that does not leave a grid pattern
//               identical to one that that player has previously left": every turn (a pass
//               too) leaves its grid; the starting grid was left by no one.
//   OwnPlays    The same rule read so that only plays leave a grid.
// No suicide (evercat, AGA rule 5): a play is illegal if clearing one's own colour would empty
// anything. Costs: every check copies grids and compares against the whole list; this is slow on
// purpose and must stay obviously correct rather than fast.
#pragma once

#include <vector>

namespace smallgo::naive {

enum class Colour { Empty, Black, White };
// Black for White and White for Black.
Colour other(Colour c);

// A rows x cols grid; point index = row * cols + col, row 0 at the bottom, col 0 at the left.
struct Grid {
    int rows = 0, cols = 0;
    std::vector<Colour> colour;

    // The points next to p (vertically or horizontally).
    std::vector<int> adjacent(int p) const;
    friend bool operator==(const Grid&, const Grid&) = default;
};

// An all-empty grid.
Grid empty_grid(int rows, int cols);
// "A point P, not colored C, is said to reach C, if there is a path of (vertically or
// horizontally) adjacent points of P's color from P to a point of color C."
bool reaches(const Grid& g, int p, Colour c);
// "Clearing a color is the process of emptying all points of that color that don't reach empty."
Grid clear(const Grid& g, Colour c);
// "A move consists of coloring an empty point one's own color; then clearing the opponent color,
// and then clearing one's own color."
Grid move(const Grid& g, int p, Colour c);
// "A player's score is the number of points of her color, plus the number of empty points that
// reach only her color."
int score(const Grid& g, Colour c);

constexpr int PassMove = -1;

enum class KoRule { Simple, Positional, Situational, OwnGrids, OwnPlays };
struct Rules {
    KoRule ko = KoRule::Positional;
    bool suicide_allowed = true;
    int komi_x2 = 0;  // komi in half points, added to White's score
};
enum class Verdict { Legal, Occupied, Suicide, Ko, Superko, GameOver };

// A game: the list of every grid so far, each with the player to move and who made the turn.
class Game {
  public:
    // "Starting with an empty grid, the players alternate turns, starting with Black."
    Game(int rows, int cols, const Rules& r);

    const Grid& grid() const { return turns_.back().grid; }
    Colour to_move() const { return turns_.back().to_move; }
    // Passes at the end of the list of turns.
    int consecutive_passes() const;
    bool ended_by_repetition() const { return repetition_; }
    // "The game ends after two consecutive passes" (or by the MG repetition).
    bool over() const { return repetition_ || consecutive_passes() >= 2; }
    // Whether the player to move may make this turn (a point, or PassMove).
    Verdict check(int p) const;
    // Makes a turn that check() allowed.
    void play(int p);
    // Black's score minus White's minus komi, in half points; 0 after a repetition.
    int result_x2() const;

  private:
    struct Turn {
        Grid grid;
        Colour to_move = Colour::Black;
        Colour mover = Colour::Empty;  // who made the turn; Empty for the starting grid
        bool pass = false;
    };
    Rules rules_;
    std::vector<Turn> turns_;
    bool repetition_ = false;
};

}  // namespace smallgo::naive
