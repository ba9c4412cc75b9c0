#!/usr/bin/env bash
# SIGTERM while `solve --resume` reads its checkpoint ends the command with one line and exit 143
# before any search, and leaves the file as it was. Writes a 3x3 checkpoint of --hash SIZE (its
# read takes a tenth of a second or more), resumes from it, and sends SIGTERM once the process
# is seen holding the file open twice in a row: the read of the whole file, with the handlers
# installed (the header's read before them takes microseconds). A resume that ends before the
# poll sees that is tried again, up to 10 times.
#
# usage: solve_term_while_reading.sh SMALLGO SIZE
set -u
smallgo=$1 size=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file=$dir/c.ckpt
"$smallgo" solve 3x3 --threads 1 --hash "$size" --checkpoint "$file" >/dev/null || exit 1
before=$(sha256sum <"$file")
for ((try = 0; try < 10; try++)); do
    "$smallgo" solve 3x3 --threads 1 --resume "$file" >"$dir/out" 2>"$dir/err" &
    pid=$!
    caught=0 seen=0
    while kill -0 "$pid" 2>/dev/null; do
        if ls -l "/proc/$pid/fd" 2>/dev/null | grep -q "$file"; then
            seen=$((seen + 1))
            if [ $seen -ge 2 ]; then
                kill -s TERM "$pid" && caught=1
                break
            fi
        else
            seen=0
        fi
        sleep 0.002
    done
    wait "$pid"
    status=$?
    [ $caught -eq 1 ] && break
done
if [ $caught -eq 0 ]; then
    echo "every resume ended before its read was seen: nothing was tested"; exit 1
fi
if [ $status -ne 143 ]; then
    echo "exit $status, expected 143:"; cat "$dir/err"; exit 1
fi
if ! grep -qx "smallgo: solve: terminated while reading $file; nothing was searched" "$dir/err"; then
    echo "expected one line on stderr:"; cat "$dir/err"; exit 1
fi
[ "$(wc -l <"$dir/err")" -eq 1 ] || { echo "more than one line:"; cat "$dir/err"; exit 1; }
[ ! -s "$dir/out" ] || { echo "stdout should be empty:"; cat "$dir/out"; exit 1; }
[ "$(sha256sum <"$file")" = "$before" ] || { echo "the checkpoint changed"; exit 1; }
echo "stopped while reading (try $((try + 1))): one line, exit 143, the file unchanged"
