#!/usr/bin/env bash
# The count over NP MPI ranks prints the same L(m,n) as the threaded count in one process (the
# oracle): the lines of `smallgo count ARGS`, without the timing and memory lines, must be equal.
#
# usage: count_mpi.sh SMALLGO NP ARGS...
set -u
smallgo=$1 np=$2
shift 2
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
values() { grep -E "legal positions|^L\(" ; }
threaded=$("$smallgo" count "$@" --threads 2 | values) || exit 1
distributed=$(mpirun -np "$np" --oversubscribe "$smallgo" count "$@" | values) || exit 1
echo "$distributed" | tail -3
if [ -z "$threaded" ] || [ "$threaded" != "$distributed" ]; then
    echo "threaded:"; echo "$threaded"; echo "on $np ranks:"; echo "$distributed"
    exit 1
fi
