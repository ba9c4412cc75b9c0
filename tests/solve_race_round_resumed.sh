#!/usr/bin/env bash
# A resumed solve's race goes on with the caps it had reached: `smallgo solve 2x8` stopped after
# 20 million nodes is in its race's second round (round 1: the first move's exact tests took the
# first round's 10 million and more), and its checkpoint says so; resumed for 2 million nodes,
# it is still in round 1 or later. Without the round in the file it would start again at round
# 0, where 2 million nodes cannot end it.
#
# usage: solve_race_round_resumed.sh SMALLGO
set -u
smallgo=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
round_of() {
    python3 -c 'import json, sys; print(json.load(sys.stdin)["checkpoint"]["race_round"])' <"$1"
}
common=(solve 2x8 --threads 1 --hash 64M --checkpoint "$dir/ckpt" --json)
"$smallgo" "${common[@]}" --max-nodes 20000000 >"$dir/first" ||
    { echo "the first run failed"; exit 1; }
first=$(round_of "$dir/first") || { echo "no round in:"; cat "$dir/first"; exit 1; }
[ "$first" -ge 1 ] || { echo "the first run ended in round $first: the test proves nothing"; exit 1; }
"$smallgo" "${common[@]}" --resume "$dir/ckpt" --max-nodes 2000000 >"$dir/again" ||
    { echo "the resumed run failed"; exit 1; }
again=$(round_of "$dir/again") || { echo "no round in:"; cat "$dir/again"; exit 1; }
echo "round $first after the first run, $again after the resumed one"
[ "$again" -ge "$first" ] || { echo "the resumed race started again below round $first"; exit 1; }
