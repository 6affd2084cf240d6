#!/usr/bin/env bash
# The field's published counts, reproduced by the frontier counter with the
# release binary (each takes seconds and under 2 GB there; too heavy for
# `cargo test`'s unoptimised builds):
#   MacMahon's 24 squares: 54,591,488 filled boards, which is 13,328 up to
#     the pieces' own turns (512), the rectangle's symmetries (4) and the
#     swap of the two inner colours (2), the literature's figure;
#   Eternity II clue puzzle 3: 2,195,647,488 boards counting the board's
#     rotations (the pieces told apart), published in 2010.
#   tests/published.sh [SCRAMBLE]    (default: target/release/scramble)
set -euo pipefail
scramble=${1:-target/release/scramble}
check() {
    local file=$1 expected=$2
    local got
    got=$("$scramble" solve "$file" --method frontier --memory 3072 --json |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["arrangements"])')
    if [ "$got" != "$expected" ]; then
        echo "$file: $got boards, published $expected"
        exit 1
    fi
    echo "$file: $got boards, as published"
}
check fixtures/edge/macmahon24.json 54591488
check fixtures/edge/e2/e2-clue-clue3.json 2195647488
