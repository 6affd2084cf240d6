#!/usr/bin/env bash
# One core's search rate of two scramble builds on the same puzzles, in the
# same run: each puzzle is counted on one thread (RAYON_NUM_THREADS=1) by
# the base build and the new one in turn, RUNS times each, and the table
# gives the node count (the same in both, or the script fails), the median
# search seconds of each build (the `seconds` of `solve --json`: the search
# without start-up and reading), their ratio and the node rates, then the
# median CPU seconds of each whole process (user + system, from
# /usr/bin/time) and their ratio: on a shared machine the process's own
# CPU time scatters less than the clock.
# With CALLGRIND=1 it adds each build's instruction count on the first
# puzzle given as CALLGRIND_PUZZLE (default: a 5x5 count that valgrind runs
# in seconds).
#   benches/core_speed.sh BASE/scramble NEW/scramble [RUNS] [PUZZLE ...]
# Default puzzles: the hard suite's 6x6 K = 6 puzzles #1, #2, #4 (counts of
# 1.1e8 to 2.0e8 nodes). Run from the crate root.
set -euo pipefail
base=$(realpath "$1")
new=$(realpath "$2")
runs=${3:-5}
shift $(($# < 3 ? $# : 3))
puzzles=("$@")
if [ ${#puzzles[@]} -eq 0 ]; then
    puzzles=(fixtures/hard/s6-k6-seed13-0001.txt fixtures/hard/s6-k6-seed13-0002.txt
        fixtures/hard/s6-k6-seed13-0004.txt)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
# One thread: RAYON_NUM_THREADS for builds without `-j`, `-j1` for those with
# it (their default is every core).
one_thread() { if "$1" solve --help | grep -q -- '--threads <N>'; then echo -j1; fi; }
count() { RAYON_NUM_THREADS=1 /usr/bin/time -f '%U %S' -o "$work/time" "$1" solve "$2" --json $(one_thread "$1"); }
# The first number of a JSON key in a report (the top-level one).
field() { grep -o "\"$1\": *[0-9.e+-]*" | head -1 | sed 's/.*: *//'; }
printf '| puzzle | nodes | solutions | base s (median of %s) | new s (median of %s) | base / new | base M nodes/s | new M nodes/s | base CPU s | new CPU s | CPU base / new |\n' "$runs" "$runs"
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for puzzle in "${puzzles[@]}"; do
    : >"$work/base" && : >"$work/new"
    for _ in $(seq "$runs"); do
        for build in base new; do
            count "${!build}" "$puzzle" >"$work/report"
            cpu=$(awk '{print $1 + $2}' "$work/time")
            echo "$(field nodes <"$work/report") $(field solutions <"$work/report") $(field seconds <"$work/report") $cpu" >>"$work/$build"
        done
    done
    if [ "$(cut -d' ' -f1-2 "$work/base" "$work/new" | sort -u | wc -l)" -ne 1 ]; then
        echo "node counts or solutions differ on $puzzle:" >&2
        cat "$work/base" "$work/new" >&2
        exit 1
    fi
    read -r nodes solutions _ <"$work/base"
    b=$(cut -d' ' -f3 "$work/base" | median)
    n=$(cut -d' ' -f3 "$work/new" | median)
    bc=$(cut -d' ' -f4 "$work/base" | median)
    nc=$(cut -d' ' -f4 "$work/new" | median)
    awk -v p="$(basename "$puzzle" .txt)" -v nodes="$nodes" -v s="$solutions" -v b="$b" -v n="$n" -v bc="$bc" -v nc="$nc" \
        'BEGIN {printf "| %s | %d | %d | %.3f | %.3f | %.2f | %.1f | %.1f | %.2f | %.2f | %.2f |\n", p, nodes, s, b, n, b / n, nodes / b / 1e6, nodes / n / 1e6, bc, nc, bc / nc}'
done
if [ "${CALLGRIND:-0}" = 1 ]; then
    puzzle=${CALLGRIND_PUZZLE:-}
    if [ -z "$puzzle" ]; then
        "$base" generate --size 5 --patterns 5 --seed 1 --count 1 --out "$work/5" >/dev/null
        puzzle=$(ls "$work"/5/generated/*.txt)
    fi
    for build in base new; do
        RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
            "${!build}" solve "$puzzle" --json >"$work/report" 2>"$work/cg.err"
        refs=$(grep -o 'refs: *[0-9,]*' "$work/cg.err" | tr -d ' ,' | cut -d: -f2)
        nodes=$(field nodes <"$work/report")
        awk -v b="$build" -v p="$(basename "$puzzle")" -v r="$refs" -v n="$nodes" \
            'BEGIN {printf "%s instructions (callgrind), %s: %d for %d nodes, %.1f per node\n", b, p, r, n, r / n}'
    done
fi
