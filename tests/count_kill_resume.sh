#!/usr/bin/env bash
# A count killed with SIGKILL at random moments and resumed from its checkpoints ends with the
# expected value: up to KILLS times, start (or resume) the count with --checkpoint, kill it after
# a random 100..MAX_MS milliseconds (a run that ends first ends the loop), then resume it to the end
# and compare its first line with EXPECTED_REGEX, or, when that is "-", with the first line of the
# same count run plainly (the threaded counter, in one process, without checkpoints). With NP > 0 the count runs
# under `mpirun -np NP`, and the kill goes to one rank chosen at random (mpirun then ends the
# others): a rank lost, as on a cluster. Under load a run can be killed before its first
# checkpoint, so the delays grow until one exists (stop_delay.sh), and a count that then ends
# before any run was resumed starts again from nothing; the kills and resumes required below stay
# the same.
#
# usage: count_kill_resume.sh SMALLGO NP KILLS MAX_MS EXPECTED_REGEX BOARD [ARGS...]
set -u
smallgo=$1 np=$2 kills=$3 max_ms=$4 expected=$5
shift 5
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
launch=()
if [ "$np" -gt 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    launch=(mpirun -np "$np" --oversubscribe)
fi
plain=
[ "$expected" = "-" ] && plain=$("$smallgo" count "$@" | head -1)
RANDOM=${SEED:-$$}
source "$(dirname "$0")/stop_delay.sh"
killed=0 resumed=0
for ((i = 0; i < kills; i++)); do
    resume=()
    [ -f "$dir/latest" ] && resume=(--resume "$dir") && resumed=$((resumed + 1))
    "${launch[@]}" "$smallgo" count "$@" --checkpoint "$dir" "${resume[@]}" >"$dir/out" 2>"$dir/err" &
    pid=$!
    sleep_before_stop
    victim=$pid
    if [ "$np" -gt 0 ]; then
        ranks=($(pgrep -P "$pid" -f smallgo))
        [ ${#ranks[@]} -gt 0 ] && victim=${ranks[$((RANDOM % ${#ranks[@]}))]}
    fi
    kill -9 "$victim" 2>/dev/null && killed=$((killed + 1))
    # A rank killed while MPI starts up can leave mpirun waiting for ever (Open MPI 4.1): after
    # 30 s the job is ended the way a batch system would end it.
    for ((t = 0; t < 300; t++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
        echo "mpirun still waiting 30 s after the kill: the whole job killed"
        kill -9 $(pgrep -P "$pid") "$pid" 2>/dev/null
    fi
    wait "$pid" 2>/dev/null
    status=$?
    next_span "$dir/latest"
    if [ $status -eq 0 ]; then
        [ $resumed -gt 0 ] && break
        # Under load the runs can be killed before their first checkpoint until the grown delay
        # outlasts a whole count, which then ends with nothing resumed: start again from nothing
        # with the first delays (in CI, 10x10 on 4 ranks beside a 4x4 solve: 3 kills, 0 resumes).
        rm -rf "${dir:?}"/*
        span=$max_ms killed=0
        continue
    fi
    if [ $status -ne 137 ] && [ "$np" -eq 0 ]; then
        echo "run $i exited $status:"; cat "$dir/err"; exit 1
    fi
done
resume=()
[ -f "$dir/latest" ] && resume=(--resume "$dir")
"${launch[@]}" "$smallgo" count "$@" --checkpoint "$dir" "${resume[@]}" >"$dir/out" 2>"$dir/err"
status=$?
cat "$dir/out"
echo "kills: $killed of $kills runs, resumed runs: $resumed"
if [ $status -ne 0 ]; then
    echo "the last run exited $status:"; cat "$dir/err"; exit 1
fi
if [ -n "$plain" ]; then
    [ "$(head -1 "$dir/out")" = "$plain" ] || { echo "expected: $plain"; exit 1; }
elif ! head -1 "$dir/out" | grep -Eq "$expected"; then
    echo "expected: $expected"; exit 1
fi
if [ "$killed" -lt 3 ] || [ $resumed -eq 0 ]; then
    echo "too few kills or nothing resumed: the test proved nothing"; exit 1
fi
