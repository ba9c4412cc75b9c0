#!/usr/bin/env bash
# A stopped solve, and a peek at its checkpoint, say which first moves still decide the value:
# with Black to move those whose upper bound lies above the value's lower bound, with White to
# move those whose lower bound lies below its upper bound. The line of the text is checked
# against that rule applied to the bounds of the same run's JSON (3x4 after B2 C2 with Black to
# move, 2x6 after B1 with White to move, stopped at 50,000 nodes), and a position with no first
# move settled yet (3x4 from the empty board at 30,000) must print no such line.
#
# usage: solve_open_moves.sh SMALLGO
set -u
smallgo=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$1"; exit 1; }
# agrees JSON LINE: whether LINE (empty: none printed) is the one the JSON's bounds call for. The
# JSON lists the first moves in another order than the text, so the names are compared as a set.
agrees() {
    python3 - "$1" "$2" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
line = sys.argv[2]
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
if sorted(names) != sorted(open_) or m.group(2, 3, 4, 5) != want:
    sys.exit(f"'{line}': the bounds call for {sorted(open_)}, {want}")
PY
}
check() {  # name, whether a line is wanted (1/0), the solve's arguments
    local name=$1 want=$2
    shift 2
    "$smallgo" solve "$@" --threads 1 --hash 16M --json >"$dir/$name.json" ||
        fail "$name: the stopped solve failed"
    "$smallgo" solve "$@" --threads 1 --hash 16M --checkpoint "$dir/$name.ckpt" >"$dir/$name.txt" ||
        fail "$name: the stopped solve in text failed"
    local board=$1 moves=()
    shift
    while [ $# -gt 0 ]; do
        if [ "$1" = --moves ]; then
            shift
            while [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; do moves+=("$1"); shift; done
        else
            shift
        fi
    done
    "$smallgo" solve "$board" ${moves[@]+--moves "${moves[@]}"} --resume "$dir/$name.ckpt" \
        --peek >"$dir/$name.peek" || fail "$name: the peek failed"
    local got peek_line
    got=$(grep '^Open: ' "$dir/$name.txt")
    peek_line=$(grep '^Open: ' "$dir/$name.peek")
    if [ "$want" = 1 ] && [ -z "$got" ]; then
        fail "$name: no line, so the test proves nothing: $(cat "$dir/$name.json")"
    fi
    agrees "$dir/$name.json" "$got" || fail "$name: the solve's line"
    [ "$peek_line" = "$got" ] || fail "$name: the peek printed '$peek_line', the solve '$got'"
    echo "$name: ${got:-no line}"
}
check black 1 3x4 --moves B2 C2 --max-nodes 50000
check white 1 2x6 --moves B1 --max-nodes 50000
check none 0 3x4 --max-nodes 30000
echo "ok"
