#!/usr/bin/env bash
# A stopped solve, and a peek at its checkpoint, say which first moves still decide the value:
# with Black to move those whose upper bound lies above the value's lower bound, with White to
# move those whose lower bound lies below its upper bound, with their symmetric images. The line
# of the text is checked against that rule applied to the bounds of the same run's JSON, and
# against every move's exact value (the position solved to the end with --all-moves): a move not
# named must be within the bound the line states (3x4 after B2 C2 with Black to move, stopped at
# 12,000 nodes, 2x6 after B1 with White to move, at 50,000). A position with no first move
# settled yet (3x4 from the empty board at 30,000) must print no such line.
#
# usage: solve_open_moves.sh SMALLGO
set -u
smallgo=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$1"; exit 1; }
# agrees JSON EXACT LINE: whether LINE (empty: none printed) is the one the JSON's bounds call for,
# and true of the moves' exact values (EXACT: the same position solved with --all-moves): every
# legal move it does not name is within the bound it states, and it names only legal moves. The
# JSON has one move of each symmetry class, the line every move of an open class.
agrees() {
    python3 - "$1" "$2" "$3" "$4" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
exact = json.load(open(sys.argv[2]))["move_values"]
line, mirrored = sys.argv[3], sys.argv[4] == "rows"
rows = int(j["board"].split("x")[0])
lower, upper, black = j["lower"], j["upper"], j["to_move"] == "Black"
bounds = j["first_moves"]
open_ = {m for m, (lo, hi) in bounds.items() if (hi > lower if black else lo < upper)}
if lower == upper or not bounds or not open_ or len(open_) == len(bounds):
    sys.exit(f"a line where the bounds call for none: {line}" if line else 0)
bound = f"{lower if black else upper:g}"
m = re.fullmatch(r"Open: whether (.+) gives (more|less) than (\S+); every other first move is "
                 r"proven to give at (most|least) (\S+)\.", line)
if not m:
    sys.exit(f"no line, or not in the expected words, where {sorted(open_)} are open: '{line}'")
names = re.split(r", | or ", m.group(1))
want = ("more", bound, "most", bound) if black else ("less", bound, "least", bound)
if not open_ <= set(names) or m.group(2, 3, 4, 5) != want:
    sys.exit(f"'{line}': the bounds call for {sorted(open_)} (and their images), {want}")
# Where the history is symmetric under the reflection of the rows, a bound of one move holds of
# its image too, and an open move's image is open.
image = lambda m: m if m == "pass" else f"{m[0]}{rows + 1 - int(m[1:])}"
if mirrored and any(image(m) not in names for m in names):
    sys.exit(f"'{line}' names a move without its mirror image")
if not set(names) <= set(exact):
    sys.exit(f"'{line}' names moves that are not legal: {sorted(set(names) - set(exact))}")
limit = lower if black else upper
for move, value in exact.items():
    if move not in names and (value > limit if black else value < limit):
        sys.exit(f"'{line}': {move} is not named, yet its value is {value:g}")
for move, (lo, hi) in bounds.items():
    if move not in open_ and move not in exact:
        sys.exit(f"{move} has bounds but is not a legal move")
PY
}
check() {  # name, whether a line is wanted (1/0), "rows" where the history is symmetric under
           # the reflection of the rows (else "-"), the solve's arguments
    local name=$1 want=$2 mirror=$3
    shift 3
    "$smallgo" solve "$@" --threads 1 --hash 16M --json >"$dir/$name.json" ||
        fail "$name: the stopped solve failed"
    local args=()  # the position alone: the board and its --moves, before --max-nodes
    for a in "$@"; do [ "$a" = --max-nodes ] && break; args+=("$a"); done
    "$smallgo" solve "${args[@]}" --all-moves --threads 1 --hash 64M --json >"$dir/$name.exact" ||
        fail "$name: the solve of every move failed"
    "$smallgo" solve "$@" --threads 1 --hash 16M --checkpoint "$dir/$name.ckpt" >"$dir/$name.txt" ||
        fail "$name: the stopped solve in text failed"
    "$smallgo" solve "${args[@]}" --resume "$dir/$name.ckpt" --peek >"$dir/$name.peek" ||
        fail "$name: the peek failed"
    local got peek_line
    got=$(grep '^Open: ' "$dir/$name.txt")
    peek_line=$(grep '^Open: ' "$dir/$name.peek")
    if [ "$want" = 1 ] && [ -z "$got" ]; then
        fail "$name: no line, so the test proves nothing: $(cat "$dir/$name.json")"
    fi
    agrees "$dir/$name.json" "$dir/$name.exact" "$got" "$mirror" || fail "$name: the solve's line"
    [ "$peek_line" = "$got" ] || fail "$name: the peek printed '$peek_line', the solve '$got'"
    echo "$name: ${got:-no line}"
}
check black 1 rows 3x4 --moves B2 C2 --max-nodes 12000
check white 1 - 2x6 --moves B1 --max-nodes 50000
check none 0 rows 3x4 --max-nodes 30000
echo "ok"
