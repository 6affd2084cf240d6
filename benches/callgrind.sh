#!/usr/bin/env bash
# Instruction counts (callgrind) of one scramble binary on six workloads,
# for before/after comparisons of refactorings: run it on two builds.
#   benches/callgrind.sh OLD/scramble; benches/callgrind.sh target/release/scramble
# Needs valgrind; run from the crate root.
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" generate --size 4 --patterns 5 --seed 3 --count 1 --out "$work/4" >/dev/null
"$bin" generate --size 5 --patterns 5 --seed 1 --count 1 --out "$work/5" >/dev/null
p4=$(ls "$work"/4/generated/*.txt)
p5=$(ls "$work"/5/generated/*.txt)
run() {
    RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/cg.err"
    grep -o 'refs: *[0-9,]*' "$work/cg.err" | tr -d ' ,' | cut -d: -f2
}
printf 'verify --patterns 2             %s\n' "$(run "$bin" verify --patterns 2 --json)"
printf 'solve wizards (3x3 count)       %s\n' "$(run "$bin" solve fixtures/real/wizards.txt --json --out "$work/o")"
printf 'solve 4x4 K=5 seed 3 (count)    %s\n' "$(run "$bin" solve "$p4" --json --out "$work/o")"
printf 'solve 5x5 K=5 seed 1 (count)    %s\n' "$(run "$bin" solve "$p5" --json --out "$work/o")"
printf 'solve 6x6 hard (first)          %s\n' "$(run "$bin" solve fixtures/hard/s6-k5-seed13-0003.txt --first --json --out "$work/o")"
printf 'graph paper2x2 (DOT and SVG)    %s\n' "$(run "$bin" graph fixtures/paper2x2.txt --renderer embedded --out "$work/o")"
