#!/usr/bin/env bash
# Scaling of one count: threads (solve on 1 and 2 threads) against shards
# (solve --shard I/N, N = 1, 2, 4, 8, 16, run 2 at a time by GNU parallel),
# with each shard's nodes and seconds, the imbalance (slowest shard against
# the mean, by nodes and by seconds), and the merge's time.
#   benches/shards.sh target/release/scramble fixtures/hard/s6-k6-seed13-0002.txt
# Needs GNU parallel and jq; run from the crate root.
set -euo pipefail
bin=$(realpath "$1")
puzzle=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc -l | xargs printf '%.2f'; }
printf '| run | wall s | nodes | solutions | slowest/mean shard (nodes) | slowest/mean shard (s) | merge s |\n'
printf '|---|---:|---:|---:|---:|---:|---:|\n'
for threads in 1 2; do
    t=$(now)
    report=$(RAYON_NUM_THREADS=$threads "$bin" solve "$puzzle" --json)
    printf '| solve, %s thread(s) | %s | %s | %s | | | |\n' "$threads" "$(since "$t")" \
        "$(jq .nodes <<<"$report")" "$(jq .solutions <<<"$report")"
done
for n in 1 2 4 8 16; do
    dir=$work/$n
    mkdir -p "$dir"
    t=$(now)
    parallel --jobs 2 --quote "$bin" solve "$puzzle" --shard "{}/$n" -o "$dir/shard-{}.json" ::: $(seq "$n")
    wall=$(since "$t")
    t=$(now)
    merged=$("$bin" merge --json "$dir"/shard-*.json)
    merge=$(since "$t")
    ratio() { jq -s "[.[] | $1] | (max / (add / length)) * 100 | round / 100" "$dir"/shard-*.json; }
    printf '| %s shards, 2 at a time | %s | %s | %s | %s | %s | %s |\n' "$n" "$wall" \
        "$(jq .nodes <<<"$merged")" "$(jq .solutions <<<"$merged")" "$(ratio .nodes)" "$(ratio .seconds)" "$merge"
done
