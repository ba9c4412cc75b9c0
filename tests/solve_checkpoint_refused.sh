#!/usr/bin/env bash
# Every kind of bad solve checkpoint is refused: exit code 2 and one line on stderr that says why.
# Writes the checkpoint of `solve 2x3 --hash 1` (that of a finished solve is as good a test as one
# half-way), spoils it or changes the command as CASE says, and resumes from it.
#
# usage: solve_checkpoint_refused.sh SMALLGO CASE EXPECTED_REGEX
set -u
smallgo=$1 case=$2 expected=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file=$dir/c.ckpt
args=(2x3 --threads 1 --hash 1)
"$smallgo" solve "${args[@]}" --checkpoint "$file" >/dev/null || exit 1
size=$(stat -c %s "$file")
case $case in
    board) args[0]=3x2 ;;
    rules) args+=(--rules aga) ;;
    komi) args+=(--komi 1.5) ;;
    hash) args[4]=2 ;;
    build) printf 'zz' | dd of="$file" bs=1 seek=8 conv=notrunc status=none ;;
    truncated) truncate -s $((size - 5)) "$file" ;;
    header_truncated) truncate -s 50 "$file" ;;
    longer) printf 'x' >>"$file" ;;
    corrupted) printf '\x55' | dd of="$file" bs=1 seek=$((size / 2)) conv=notrunc status=none ;;
    magic) printf 'NOTACKPT' | dd of="$file" bs=1 seek=0 conv=notrunc status=none ;;
    missing) rm "$file" ;;
    proof) args+=(--proof "$dir/p.proof") ;;
    *) echo "unknown case $case"; exit 1 ;;
esac
"$smallgo" solve "${args[@]}" --resume "$file" >"$dir/out" 2>"$dir/err"
status=$?
lines=$(wc -l <"$dir/err")
cat "$dir/err"
if [ $status -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -Eq -- "$expected" "$dir/err"; then
    echo "expected exit 2 and one line matching '$expected'; got exit $status, $lines lines"
    cat "$dir/out"
    exit 1
fi
