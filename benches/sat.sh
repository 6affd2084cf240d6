#!/usr/bin/env bash
# The hard suite under CaDiCaL beside `scramble solve --first`, same machine,
# same time limit, one puzzle at a time.
#
#   benches/sat.sh [TIME_LIMIT_SECONDS] [FILE...]
#
# Defaults: 30 s and every puzzle of fixtures/hard/. Needs `cadical` (Debian
# package `cadical`) and a release build (`cargo build --release`). For each
# puzzle it writes the CNF (`scramble export --cnf`, encoding in src/cnf.rs),
# runs `cadical -q -t LIMIT` and `scramble solve --first --time-limit LIMIT
# --json`, and prints a Markdown table of wall-clock seconds; `>LIMIT` means
# the time limit was reached. CaDiCaL's answer is its status line (exit code
# 10 satisfiable, 20 unsatisfiable). Time to write the CNF is not counted.
set -euo pipefail
limit=${1:-30}
shift || true
cd "$(dirname "$0")/.."
files=("$@")
if [ ${#files[@]} -eq 0 ]; then files=(fixtures/hard/*.txt); fi
scramble=target/release/scramble
command -v cadical >/dev/null || { echo "cadical not found (apt-get install cadical)" >&2; exit 2; }
[ -x "$scramble" ] || { echo "build first: cargo build --release" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

timed() { # command... ; sets $elapsed (wall seconds) and $status (exit code)
  local start end
  start=$(date +%s.%N)
  set +e; "$@" >"$work/out" 2>/dev/null; status=$?; set -e
  end=$(date +%s.%N)
  elapsed=$(echo "$end - $start" | bc)
}

echo "| puzzle | variables | clauses | CaDiCaL s | scramble s | ratio |"
echo "|---|---:|---:|---:|---:|---:|"
for f in "${files[@]}"; do
  name=$(basename "$f" .txt)
  "$scramble" export --cnf "$f" >"$work/p.cnf"
  header=$(grep -m1 '^p cnf' "$work/p.cnf")
  vars=$(echo "$header" | cut -d' ' -f3)
  clauses=$(echo "$header" | cut -d' ' -f4)
  timed cadical -q -t "$limit" "$work/p.cnf"
  sat=$elapsed sat_status=$status
  case $status in
    10) sat_text=$(printf '%.2f' "$sat") ;;
    20) sat_text="$(printf '%.2f' "$sat") (UNSAT!)" ;;
    *) sat_text=">$limit" ;;
  esac
  timed "$scramble" solve --first --time-limit "$limit" --json --out "$work/pictures" "$f"
  ours=$elapsed
  case $status in
    0) ours_text=$(printf '%.2f' "$ours") ;;
    *) ours_text=">$limit" ;;
  esac
  # CaDiCaL over its limit: the ratio is a lower bound.
  ratio=-
  if [ "$status" = 0 ]; then
    ratio=$(echo "scale=1; $sat / $ours" | bc)
    case $sat_status in 10 | 20) ;; *) ratio=">=$ratio" ;; esac
  fi
  echo "| $name | $vars | $clauses | $sat_text | $ours_text | $ratio |"
done
