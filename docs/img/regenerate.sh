#!/usr/bin/env bash
# Regenerates every picture README.md and RESULTS.md show, into docs/img/
# (the one tracked picture folder; commands write to out/ by default, which
# git ignores). Run from anywhere: `docs/img/regenerate.sh` (add `--quick`
# to skip the studies, which take minutes each: the 3x3 `study uniqueness`
# took 4 min 42 s and the 4x4 one 4 min 17 s on a busy 2-core machine).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
s() { ./target/release/scramble "$@" --out docs/img >/dev/null; }
real=fixtures/real

for p in fixtures/paper2x2.txt "$real/monkey_puzzle.txt" "$real/repeat_puzzle.txt"; do
    s graph "$p" --per-piece
done
s subgraphs fixtures/paper2x2.txt --solutions --draw 1
s subgraphs fixtures/repetition_mismatch2x2.txt --solutions
s inspect "$real/wizards.txt"
s solve "$real/wizards.txt"
s solve "$real/lion_tiger.txt"
s verify --patterns 3 --repetitions --shard 20/40 --keep 1
./target/release/scramble graph "$real/monkey_puzzle.txt" --highlight 3 --out docs/img/highlight >/dev/null
# RESULTS section 4's exact probabilities (table on stdout, plot to docs/img/exact/).
cargo run --release --quiet --example exact_probabilities -- docs/img >/dev/null
# The counterexamples to the weaker forms of the n x n theorem's (C)
# (fixtures/nxn/README.md); inspect exits 1 on them ("not a solution").
for f in shared-pair no-orientation no-circuit-order separate-bijections; do
    s inspect "fixtures/nxn/$f.txt" --subgraph "fixtures/nxn/$f.edges" || [ $? -eq 1 ]
    for svg in "docs/img/$f/inspect-subgraph/"*.svg; do
        rsvg-convert -w 700 "$svg" -o "${svg%.svg}.png"
    done
done
if [ "${1:-}" != "--quick" ]; then
    # The studies with RESULTS.md's commands (their defaults).
    s study heuristics --sweep
    # RESULTS 1.1: the factorial (defaults; about half an hour of CPU).
    s study heuristics --factorial
    s study uniqueness --sizes 3 --counts 40000 --sampled 40000
    ./target/release/scramble study uniqueness --sizes 4 --patterns 3,4,5,6,7,8 --counts 1000 --sampled 4000 \
        --commercial 0,0 --out docs/img/4x4 >/dev/null
    s study repetitions
fi
git status --short docs/img
