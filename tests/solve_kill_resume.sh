#!/usr/bin/env bash
# A solve stopped again and again and resumed from its checkpoint ends with the value of the same
# solve run once: up to KILLS times, start (or resume) `smallgo solve BOARD ARGS --checkpoint F
# --checkpoint-every 0.05`, then after a random 100..MAX_MS milliseconds kill it, with SIGKILL
# (the checkpoint written at its last restart survives) or, every third time, SIGTERM (the
# search stops and writes its proofs before it exits with 143); a run that ends first ends the
# loop. Then resume to the end and compare the value and optimal moves with the uninterrupted
# solve's.
#
# Under load (a sanitizer build beside other work) a run can be stopped before it has written a
# checkpoint, or before it has even set up its signal handlers. Until a checkpoint exists the
# delays grow (stop_delay.sh). A SIGTERM is sent only once the run has written a checkpoint of
# its own (or after 60 s), since then its handlers are in place; stopping a run while it reads
# one is the subject of solve_term_while_reading.sh. A SIGTERM run that still printed nothing at
# all counts as no stop, and the next run is a SIGTERM run again. The counts of stops and resumes
# required below stay the same.
#
# usage: solve_kill_resume.sh SMALLGO KILLS MAX_MS BOARD [ARGS...]
set -u
smallgo=$1 kills=$2 max_ms=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
value_line() { grep -E '^(Value|Optimal moves for)' "$1"; }
"$smallgo" solve "$@" >"$dir/plain" || { echo "the plain solve failed"; exit 1; }
plain=$(value_line "$dir/plain")
[ -n "$plain" ] || { echo "the plain solve printed no value"; cat "$dir/plain"; exit 1; }
RANDOM=${SEED:-$$}
source "$(dirname "$0")/stop_delay.sh"
killed=0 termed=0 resumed=0 term_again=0
for ((i = 0; i < kills; i++)); do
    signal=KILL expect=137
    if [ $((i % 3)) -eq 2 ] || [ $term_again -eq 1 ]; then signal=TERM expect=143; fi
    resume=()
    [ -f "$dir/ckpt" ] && resume=(--resume "$dir/ckpt") && resumed=$((resumed + 1))
    touch "$dir/launched"
    "$smallgo" solve "$@" --checkpoint "$dir/ckpt" --checkpoint-every 0.05 "${resume[@]}" \
        >"$dir/out" 2>"$dir/err" &
    pid=$!
    sleep_before_stop
    if [ $signal = TERM ]; then
        for ((t = 0; t < 600; t++)); do
            [ "$dir/ckpt" -nt "$dir/launched" ] && break
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
    fi
    kill -s "$signal" "$pid" 2>/dev/null
    wait "$pid"
    status=$?
    [ $status -eq 0 ] && break
    if [ $status -ne $expect ]; then
        echo "run $i exited $status after SIG$signal:"; cat "$dir/err"; exit 1
    fi
    next_span "$dir/ckpt"
    term_again=0
    if [ $signal = TERM ] && [ ! -s "$dir/out" ] && [ ! -s "$dir/err" ]; then
        echo "run $i: SIGTERM before the solve started"
        term_again=1
    elif [ $signal = TERM ]; then
        termed=$((termed + 1))
        # The stopped run reports its checkpoint, or it was still reading the last one.
        grep -q '^Checkpoint: ' "$dir/out" || grep -q 'nothing was searched$' "$dir/err" ||
            { echo "SIGTERM: no checkpoint reported"; cat "$dir/out" "$dir/err"; exit 1; }
    else
        killed=$((killed + 1))
    fi
done
resume=()
[ -f "$dir/ckpt" ] && resume=(--resume "$dir/ckpt") && resumed=$((resumed + 1))
"$smallgo" solve "$@" --checkpoint "$dir/ckpt" "${resume[@]}" >"$dir/out" 2>"$dir/err"
status=$?
cat "$dir/out"
echo "SIGKILL: $killed, SIGTERM: $termed of $kills runs, resumed runs: $resumed"
if [ $status -ne 0 ]; then
    echo "the last run exited $status:"; cat "$dir/err"; exit 1
fi
[ "$(value_line "$dir/out")" = "$plain" ] || { echo "expected: $plain"; exit 1; }
# The same position after the same moves: its bounds (and its first moves') are taken up again.
if [ ${#resume[@]} -gt 0 ] && ! grep -q '^Resumed from .*, the value then in \[' "$dir/out"; then
    echo "the resumed run did not take up the same position's bounds"; exit 1
fi
if [ "$killed" -lt 2 ] || [ "$termed" -lt 1 ] || [ $resumed -lt 3 ]; then
    echo "too few stops or nothing resumed: the test proved nothing"; exit 1
fi
