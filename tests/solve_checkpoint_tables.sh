#!/usr/bin/env bash
# A solve with --checkpoint searches exactly as the same solve without it: under simple ko too,
# where the history-free bounds take part of --hash and the tables get what they leave. Until
# 2026-12-02 a checkpointed solve under simple ko gave the tables half of --hash even where the
# bounds did not fit, and searched 4x4 with half the entries. One thread, so the node counts are
# reproducible: the nodes and the table's entries must be the same. The cases: 3x3 at 2 MB (the
# bounds fit: the tables have fewer entries than with --no-cycle-bounds, checked, or the case
# would prove nothing), 3x4 at 8 MB (they do not fit), and 2x4 under positional superko.
#
# usage: solve_checkpoint_tables.sh SMALLGO
set -u
smallgo=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
field() {  # field FILE KEY...: the value at that path of the JSON in FILE
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for k in sys.argv[2:]: d = d[k]
print(d)' "$@"
}
failed=0
check() {  # check NAME BOUNDS_FIT ARGS...
    local name=$1 fit=$2
    shift 2
    rm -f "$dir/ckpt"
    "$smallgo" solve "$@" --threads 1 --json >"$dir/plain" || { echo "$name: the plain solve failed"; exit 1; }
    "$smallgo" solve "$@" --threads 1 --json --checkpoint "$dir/ckpt" >"$dir/kept" ||
        { echo "$name: the checkpointed solve failed"; exit 1; }
    local n1 n2 e1 e2
    n1=$(field "$dir/plain" nodes) n2=$(field "$dir/kept" nodes)
    e1=$(field "$dir/plain" table entries) e2=$(field "$dir/kept" table entries)
    echo "$name: plain $n1 nodes, $e1 entries; with --checkpoint $n2 nodes, $e2 entries"
    [ "$n1" = "$n2" ] && [ "$e1" = "$e2" ] || { echo "$name: they differ"; failed=1; }
    if [ "$fit" = fit ]; then
        "$smallgo" solve "$@" --threads 1 --json --no-cycle-bounds >"$dir/none" || exit 1
        local e0
        e0=$(field "$dir/none" table entries)
        [ "$e1" -lt "$e0" ] ||
            { echo "$name: the bounds took nothing ($e1 entries, $e0 without them)"; failed=1; }
    fi
}
check "3x3 simple 2M" fit 3x3 --rules simple --hash 2M
check "3x4 simple 8M" none 3x4 --rules simple --hash 8M
check "2x4 tromp-taylor 4M" none 2x4 --hash 4M
exit $failed
