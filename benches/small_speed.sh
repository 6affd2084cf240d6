#!/usr/bin/env bash
# The fixed cost of a small search: two scramble builds count the same small
# puzzles on one thread (RAYON_NUM_THREADS=1), in turn, RUNS times each; per
# puzzle the best `seconds` of `solve --json` (the search alone, without
# start-up and reading) of each build, their ratio, and the node counts
# and solutions (the solutions must be the same, or the script fails; the
# nodes differ where a build searches identical cards once). Ends with the
# median and quartiles of the ratios (base / new: above 1 means the new
# build is faster) over the puzzles whose trees are the same in both builds
# (equal node counts), then over all.
# With WARM=1 each process counts the puzzle twice and the second count is
# timed: the cost of a search in a process that has searched before (as in
# a study or a batch), without the first search's one-time cost of mapping
# the search's code.
#   benches/small_speed.sh BASE/scramble NEW/scramble [RUNS] [PUZZLE ...]
# Default puzzles: the 3x3 puzzles of fixtures/legespiel and fixtures/real,
# exported to the text format with numbered patterns; a puzzle that one build cannot read (an
# older build and self-matching pictures) is listed as skipped. Run from
# the crate root.
set -euo pipefail
base=$(realpath "$1")
new=$(realpath "$2")
runs=${3:-10}
shift $(($# < 3 ? $# : 3))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
puzzles=("$@")
if [ ${#puzzles[@]} -eq 0 ]; then
    for f in fixtures/legespiel/*.xml fixtures/real/*.txt; do
        if "$new" show "$f" 2>/dev/null | head -1 | grep -q ': 3x3 grid'; then
            name=$(basename "$f"); name=${name%.config.xml}; name=${name%.txt}
            # Pattern names as numbers, which every build reads.
            "$new" export --text "$f" | awk '{
                for (i = 1; i <= NF; i++) {
                    sign = substr($i, length($i)); name = substr($i, 1, length($i) - 1)
                    if (!(name in id)) id[name] = ++k
                    $i = id[name] sign
                }
                print
            }' >"$work/$name.txt"
            puzzles+=("$work/$name.txt")
        fi
    done
fi
# Top-level keys of the last JSON document (with WARM=1 the second count),
# pretty or on one line, on one line: a diagnosis has keys of the same
# names, so only the top level counts.
fields() {
    python3 -c '
import json, sys
text, decoder, at, last = sys.stdin.read(), json.JSONDecoder(), 0, {}
while text[at:].strip():
    at += len(text[at:]) - len(text[at:].lstrip())
    last, at = decoder.raw_decode(text, at)
print(*(last.get(key, "") for key in sys.argv[1:]))' "$@"
}
best() { sort -g | head -1; }
count() {
    if [ "${WARM:-0}" = 1 ]; then
        RAYON_NUM_THREADS=1 "$1" solve "$2" "$2" --json --out "$work/out" 2>/dev/null || true
    else
        RAYON_NUM_THREADS=1 "$1" solve "$2" --json --out "$work/out" 2>/dev/null || true
    fi
}
printf '| puzzle | base nodes | new nodes | solutions | base µs (best of %s) | new µs (best of %s) | base / new |\n' "$runs" "$runs"
printf '|---|---:|---:|---:|---:|---:|---:|\n'
: >"$work/ratios" && : >"$work/same"
for puzzle in "${puzzles[@]}"; do
    : >"$work/base" && : >"$work/new"
    if [ -z "$(count "$base" "$puzzle" | fields nodes)" ] || [ -z "$(count "$new" "$puzzle" | fields nodes)" ]; then
        printf '| %s | skipped: a build reports nothing |||||\n' "$(basename "$puzzle" .txt)"
        continue
    fi
    for _ in $(seq "$runs"); do
        for build in base new; do
            count "${!build}" "$puzzle" | fields nodes solutions seconds >>"$work/$build"
        done
    done
    if [ "$(cut -d' ' -f2 "$work/base" "$work/new" | sort -u | wc -l)" -ne 1 ]; then
        echo "solutions differ on $puzzle:" >&2
        cat "$work/base" "$work/new" >&2
        exit 1
    fi
    read -r nodes solutions _ <"$work/base"
    read -r new_nodes _ <"$work/new"
    b=$(cut -d' ' -f3 "$work/base" | best)
    n=$(cut -d' ' -f3 "$work/new" | best)
    awk -v b="$b" -v n="$n" 'BEGIN {print b / n}' >>"$work/ratios"
    if [ "$nodes" = "$new_nodes" ]; then awk -v b="$b" -v n="$n" 'BEGIN {print b / n}' >>"$work/same"; fi
    awk -v p="$(basename "$puzzle" .txt)" -v nodes="$nodes" -v nn="$new_nodes" -v s="$solutions" -v b="$b" -v n="$n" \
        'BEGIN {printf "| %s | %d | %d | %d | %.1f | %.1f | %.2f |\n", p, nodes, nn, s, b * 1e6, n * 1e6, b / n}'
done
summary() {
    sort -g "$2" | awk -v what="$1" '{a[NR] = $1; faster += $1 > 1} END {
        printf "%s, %d puzzles: base / new lower quartile %.2f, median %.2f, upper quartile %.2f; new faster on %d\n",
            what, NR, a[int((NR + 3) / 4)], (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2), a[int((3 * NR + 3) / 4)], faster
    }'
}
echo
summary "same tree (equal node counts)" "$work/same"
summary "all" "$work/ratios"
