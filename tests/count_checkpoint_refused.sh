#!/usr/bin/env bash
# Every kind of bad checkpoint is refused: exit code 2 and one line on stderr that says why.
# Writes the checkpoints of `count 6x6 --modulus 1000003` (the last one, of the complete count,
# is as good a test as one half-way), spoils the latest as CASE says, and resumes from it.
#
# usage: count_checkpoint_refused.sh SMALLGO CASE EXPECTED_REGEX
set -u
smallgo=$1 case=$2 expected=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
args=(6x6 --modulus 1000003 --threads 1)
"$smallgo" count "${args[@]}" --checkpoint "$dir/c" >/dev/null || exit 1
file=$(ls "$dir"/c/g*-r0.ckpt)
size=$(stat -c %s "$file")
case $case in
    board) args[0]=6x7 ;;
    method) args=(6x6 --threads 1) ;;
    modulus) args[2]=1000033 ;;
    version) printf '9.9.9\0' | dd of="$file" bs=1 seek=8 conv=notrunc status=none ;;
    truncated) truncate -s $((size - 5)) "$file" ;;
    header_truncated) truncate -s 50 "$file" ;;
    longer) printf 'x' >>"$file" ;;
    corrupted) printf '\x55' | dd of="$file" bs=1 seek=$((size - 3)) conv=notrunc status=none ;;
    sums) printf '\xff\xff' | dd of="$file" bs=1 seek=104 conv=notrunc status=none ;;
    header) printf '\xff\x7f' | dd of="$file" bs=1 seek=64 conv=notrunc status=none ;;
    magic) printf 'NOTACKPT' | dd of="$file" bs=1 seek=0 conv=notrunc status=none ;;
    ranks) printf 'g%s ranks 3\n' "$(basename "$file" | sed 's/^g\([0-9]*\)-.*/\1/')" >"$dir/c/latest" ;;
    missing) rm -rf "$dir/c" && mkdir "$dir/c" ;;
    *) echo "unknown case $case"; exit 1 ;;
esac
"$smallgo" count "${args[@]}" --resume "$dir/c" >"$dir/out" 2>"$dir/err"
status=$?
lines=$(wc -l <"$dir/err")
cat "$dir/err"
if [ $status -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -Eq "$expected" "$dir/err"; then
    echo "expected exit 2 and one line matching '$expected'; got exit $status, $lines lines"
    cat "$dir/out"
    exit 1
fi
