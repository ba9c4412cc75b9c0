#!/usr/bin/env bash
# `solve --resume F --peek` says what F's runs proved, from its header alone: a 3x4 solve stopped
# after 30,000 nodes, peeked at, gives the bounds, first moves' bounds, nodes and runs that the
# stopped solve printed; at another position of the game (other --moves) it gives none and names
# the moves of the file's own (as a resume there does, in its text and its JSON), from the starting
# grid where an SGF file's setup starts the game; a file whose build id differs is still
# read, and said to be another build's (which --resume refuses); a file of another board is
# refused with one line.
#
# usage: solve_peek.sh SMALLGO
set -u
smallgo=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$1"; exit 1; }
common=(solve 3x4 --threads 1 --hash 16M)
"$smallgo" "${common[@]}" --max-nodes 30000 --checkpoint "$dir/ckpt" --json >"$dir/solve" ||
    fail "the stopped solve failed"
"$smallgo" solve 3x4 --resume "$dir/ckpt" --peek --json >"$dir/peek" || fail "the peek failed"
python3 - "$dir/solve" "$dir/peek" <<'EOF' || exit 1
import json, sys
solve, peek = (json.load(open(f)) for f in sys.argv[1:3])
if solve["complete"] or not solve["first_moves"]:
    sys.exit(f"the solve was not stopped with first moves open: the test proves nothing: {solve}")
for key in ("lower", "upper", "first_moves", "to_move"):
    if peek[key] != solve[key]:
        sys.exit(f"{key}: the peek says {peek[key]!r}, the solve said {solve[key]!r}")
c = peek["checkpoint"]
if not (peek["same_position"] and c["this_build"] and c["runs"] == 1 and
        c["nodes_all_runs"] == solve["checkpoint"]["nodes_all_runs"] == solve["nodes"]):
    sys.exit(f"the peek's checkpoint: {c}, same position {peek['same_position']}")
print("peek:", peek["lower"], peek["upper"], len(peek["first_moves"]), "first moves")
EOF
# Another position of the same game: nothing of it is known.
"$smallgo" solve 3x4 --moves B2 --resume "$dir/ckpt" --peek --json >"$dir/other" ||
    fail "the peek at another position failed"
python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
if j["same_position"] or j["lower"] is not None or j["first_moves"]:
    sys.exit(f"another position took the file'"'"'s bounds: {j}")
if j["checkpoint"]["moves"] != []:
    sys.exit("the position of the file (the start) named as " + str(j["checkpoint"]["moves"]))' \
    "$dir/other" || exit 1
# A file written after moves names them, to a peek and to a resume at another position.
"$smallgo" "${common[@]}" --moves B2 C2 --max-nodes 2000 --checkpoint "$dir/after" >/dev/null ||
    fail "the solve after B2 C2 failed"
text=$("$smallgo" solve 3x4 --resume "$dir/after" --peek) || fail "the peek of the file after B2 C2"
grep -q "Its runs solved another position of this game (after B2 C2), where" <<<"$text" ||
    fail "the peek does not name the file's moves: $text"
text=$("$smallgo" "${common[@]}" --resume "$dir/after" --max-nodes 1) ||
    fail "the resume at the start from the file after B2 C2 failed"
grep -q "of another position (after B2 C2)" <<<"$text" ||
    fail "the resume does not name the file's moves: $text"
"$smallgo" "${common[@]}" --resume "$dir/after" --max-nodes 1 --json >"$dir/resumed" ||
    fail "the resume at the start with --json failed"
python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["checkpoint"]
if c["resumed_same_position"] or c["resumed_moves"] != ["B2", "C2"]:
    sys.exit(f"the resume'"'"'s JSON does not name the file'"'"'s moves: {c}")' "$dir/resumed" || exit 1
# A game from an SGF file's starting grid: the file's position is named from that grid.
printf '(;FF[4]GM[1]SZ[3:2]AB[ab]AW[cb]PL[W])' >"$dir/setup.sgf"
"$smallgo" solve "$dir/setup.sgf" --moves B1 --threads 1 --hash 16M --checkpoint "$dir/setup" \
    >/dev/null || fail "the solve from the SGF's grid failed"
text=$("$smallgo" solve "$dir/setup.sgf" --resume "$dir/setup" --peek) ||
    fail "the peek of the file from the SGF's grid failed"
grep -q "another position of this game (after B1 from the starting grid), where" <<<"$text" ||
    fail "the peek does not say the file's moves follow the starting grid: $text"
text=$("$smallgo" solve "$dir/setup.sgf" --moves B1 A2 --resume "$dir/setup" --peek) ||
    fail "the peek of the file from the SGF's grid after B1 A2 failed"
grep -q "(after B1 from the starting grid)" <<<"$text" ||
    fail "the peek after B1 A2 does not name the file's position: $text"
# Another build's file: its build id (bytes 8..71) changed.
cp "$dir/ckpt" "$dir/other_build"
printf '%064d' 0 | dd of="$dir/other_build" bs=1 seek=8 conv=notrunc status=none
text=$("$smallgo" solve 3x4 --resume "$dir/other_build" --peek) || fail "another build's file refused"
grep -q "another build of the solver: --resume refuses it" <<<"$text" ||
    fail "another build's file not said to be one: $text"
"$smallgo" solve 3x4 --resume "$dir/other_build" --max-nodes 1 >/dev/null 2>&1 &&
    fail "--resume took another build's file"
# Another board: one line, exit 2.
"$smallgo" solve 4x3 --resume "$dir/ckpt" --peek >/dev/null 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "another board: exit $code"
[ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q "is of board 3x4, not 4x3" "$dir/err" ||
    fail "another board: $(cat "$dir/err")"
echo "ok"
