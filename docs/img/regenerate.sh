#!/usr/bin/env bash
# Regenerates every picture README.md and RESULTS.md show, into docs/img/
# (the one tracked picture folder; commands write to out/ by default, which
# git ignores). Run from anywhere: `docs/img/regenerate.sh` (add `--quick`
# to skip the studies, which take minutes). Needs ../shared beside the
# repository, like the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
s() { ./target/release/scramble "$@" --out docs/img >/dev/null; }
real=../shared/puzzles/real

for p in fixtures/paper2x2.txt "$real/monkey_puzzle.txt" "$real/repeat_puzzle.txt"; do
    s graph "$p"
done
s subgraphs fixtures/paper2x2.txt --solutions --draw 1
s subgraphs fixtures/repetition_mismatch2x2.txt --solutions
s inspect "$real/wizards.txt"
s solve "$real/wizards.txt"
s solve "$real/lion_tiger.txt"
s verify --patterns 3 --repetitions --shard 20/40 --keep 1
if [ "${1:-}" != "--quick" ]; then
    # The studies with RESULTS.md's commands (their defaults).
    s study heuristics --sweep
    s study uniqueness
    s study repetitions
fi
git status --short docs/img
