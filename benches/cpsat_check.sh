#!/usr/bin/env bash
# Small cross-checks of benches/cpsat.py (the CP-SAT model) against
# `scramble solve`. Exits non-zero on the first disagreement.
#
#   benches/cpsat_check.sh
#
# Needs Python 3 with OR-tools (`pip install ortools`) and a release build
# (`cargo build --release`). Took 55 s at load average 2.6-5.6 on 2 cores;
# runs one solver at a time.
#
# 1. Counts: on the 2x2 and 3x3 fixtures, a generated 4x4 (planted, K = 4),
#    and 12 uniform random 3x3 puzzles (most with no solution), every
#    solution CP-SAT enumerates is verified in Python, and their number must
#    equal scramble's: solutions modulo rotation with the model's symmetry
#    break (piece 1 at rotation 0), arrangements without it; the `--model
#    bool` variant's count (with the break) must equal it too. A count of 0
#    means CP-SAT proved INFEASIBLE.
# 2. First solution: on generated 5x5 puzzles (too many solutions to count)
#    CP-SAT must find a solution that passes its Python check, and
#    `scramble solve --first` must find one that passes the same check
#    (`cpsat.py --check`, which reads scramble's `#piece@rotation` rows).
# 3. Notation: the planted solution in every fixtures/hard header passes
#    `cpsat.py --check`, and the same rows with one piece turned do not.
set -euo pipefail
cd "$(dirname "$0")/.."
scramble=target/release/scramble
[ -x "$scramble" ] || { echo "build first: cargo build --release" >&2; exit 2; }
python3 -c 'import ortools' 2>/dev/null || { echo "pip install ortools" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$scramble" generate --size 4 --patterns 4 --seed 1 --out "$work" >/dev/null
"$scramble" generate --size 5 --patterns 4 --seed 1 --out "$work" >/dev/null
"$scramble" generate --size 5 --patterns 4 --count 2 --seed 13 --out "$work" >/dev/null
# Uniform random 3x3 puzzles over 3 patterns, repetitions allowed.
python3 - "$work/uniform" <<'EOF'
import os, random, sys
out = sys.argv[1]
os.makedirs(out)
rng = random.Random(13)
for i in range(12):
    with open(f"{out}/u3-{i:02}.txt", "w") as fh:
        fh.write(f"# uniform 3x3, 3 patterns, python random.Random(13) puzzle {i}\n")
        for _ in range(9):
            fh.write(" ".join(f"{rng.randint(1, 3)}{rng.choice('+-')}" for _ in range(4)) + "\n")
EOF

failures=0
json_field() { grep -m1 "\"$1\"" | tr -dc '0-9'; }
count_of() { sed -n 's/^count: \([0-9]*\).*/\1/p'; }

for f in fixtures/paper2x2.txt fixtures/several2x2.txt fixtures/unsolvable2x2.txt \
  fixtures/repetition_mismatch2x2.txt fixtures/named2x2.txt fixtures/planted3x3.txt \
  fixtures/cards3x3.txt "$work"/generated/s4-*.txt "$work"/uniform/*.txt; do
  json=$("$scramble" solve --json --out "$work/pictures" "$f" || true)
  want_sol=$(echo "$json" | json_field solutions)
  want_arr=$(echo "$json" | json_field arrangements)
  got_sol=$(python3 benches/cpsat.py --count --time-limit 60 "$f" | count_of || true)
  got_arr=$(python3 benches/cpsat.py --count --no-symmetry-break --time-limit 60 "$f" | count_of || true)
  got_bool=$(python3 benches/cpsat.py --model bool --count --time-limit 60 "$f" | count_of || true)
  verdict=ok
  if [ "$got_sol" != "$want_sol" ] || [ "$got_arr" != "$want_arr" ] || [ "$got_bool" != "$want_sol" ]; then
    verdict=DISAGREE failures=$((failures + 1))
  fi
  echo "$(basename "$f"): scramble $want_sol solutions / $want_arr arrangements, CP-SAT $got_sol / $got_arr, bool model $got_bool: $verdict"
done

for f in "$work"/generated/s5-*.txt; do
  set +e
  python3 benches/cpsat.py --time-limit 60 "$f" >"$work/cp.out"; cp_rc=$?
  "$scramble" solve --first --json --out "$work/pictures" "$f" >"$work/sc.json"; sc_rc=$?
  rows=$(python3 -c 'import json, sys; print(" / ".join(" ".join(r) for r in json.load(open(sys.argv[1]))["solution"]))' "$work/sc.json")
  python3 benches/cpsat.py --check "$rows" "$f" >/dev/null; check_rc=$?
  set -e
  verdict=ok
  if [ $cp_rc != 0 ] || [ $sc_rc != 0 ] || [ $check_rc != 0 ]; then verdict=DISAGREE failures=$((failures + 1)); fi
  echo "$(basename "$f"): CP-SAT $(sed -n 's/^status: //p' "$work/cp.out") (exit $cp_rc), scramble --first exit $sc_rc, its solution checked in Python: exit $check_rc: $verdict"
done

checked=0
for f in fixtures/hard/*.txt; do
  rows=$(sed -n 's/^# planted solution, rows of piece@quarter-turns clockwise: //p' "$f")
  # The first cell turned a quarter more: must fail the check.
  bad="$(echo "$rows" | awk '{ split($1, a, "@"); $1 = a[1] "@" ((a[2] + 1) % 4); print }')"
  set +e
  python3 benches/cpsat.py --check "$rows" "$f" >/dev/null; good_rc=$?
  python3 benches/cpsat.py --check "$bad" "$f" >/dev/null; bad_rc=$?
  set -e
  if [ $good_rc != 0 ] || [ $bad_rc != 4 ]; then
    echo "$(basename "$f"): planted solution check exit $good_rc (want 0), turned one exit $bad_rc (want 4): DISAGREE"
    failures=$((failures + 1))
  fi
  checked=$((checked + 1))
done
echo "planted solutions of $checked hard fixtures pass the check, each with its first piece turned fails it"

if [ $failures -ne 0 ]; then
  echo "$failures disagreement(s)" >&2
  exit 1
fi
echo "all agree"
