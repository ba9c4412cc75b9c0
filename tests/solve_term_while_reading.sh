#!/usr/bin/env bash
# SIGTERM while `solve --resume` reads its checkpoint ends the command with one line and exit 143,
# before any search and before the read's end, and leaves the file as it was. The checkpoint (3x3,
# --hash 64M, about 60 MB) reaches the solve through a named pipe: once its first 16 MB have gone
# in (a pipe holds 64 KB), the solve is inside the read with its handlers installed. SIGTERM goes
# then, and the rest is offered; the read stops at its next chunk (8 MB), so the writer meets a
# closed pipe before the end. The ctest TIMEOUT covers a solve that never opens the pipe.
#
# usage: solve_term_while_reading.sh SMALLGO
set -u
smallgo=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
trap '' PIPE  # a write to the closed pipe fails instead of ending the script
file=$dir/c.ckpt
args=(3x3 --threads 1 --hash 64M)
"$smallgo" solve "${args[@]}" --checkpoint "$file" >/dev/null ||
    { echo "the first solve wrote no checkpoint"; exit 1; }
before=$(sha256sum <"$file")
size=$(stat -c %s "$file")
first=$((16 << 20))
[ "$size" -gt $((first + (16 << 20))) ] || { echo "checkpoint of $size bytes: too small"; exit 1; }
mkfifo "$dir/pipe"
"$smallgo" solve "${args[@]}" --resume "$dir/pipe" >"$dir/out" 2>"$dir/err" &
pid=$!
exec 3>"$dir/pipe"  # opens once the solve opens the pipe to read it
head -c $first "$file" >&3 || { echo "the solve stopped reading before 16 MB"; exit 1; }
kill -s TERM "$pid"
if tail -c +$((first + 1)) "$file" >&3 2>/dev/null; then
    echo "the whole file was read after SIGTERM"; exit 1
fi
exec 3>&-
wait "$pid"
status=$?
if [ $status -ne 143 ]; then
    echo "exit $status, expected 143:"; cat "$dir/err"; exit 1
fi
expected="smallgo: solve: terminated while reading $dir/pipe; nothing was searched"
[ "$(cat "$dir/err")" = "$expected" ] || { echo "expected one line on stderr:"; cat "$dir/err"; exit 1; }
[ ! -s "$dir/out" ] || { echo "stdout should be empty:"; cat "$dir/out"; exit 1; }
[ "$(sha256sum <"$file")" = "$before" ] || { echo "the checkpoint changed"; exit 1; }
echo "stopped while reading: one line, exit 143, the read cut short, the file unchanged"
