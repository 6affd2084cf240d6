#!/usr/bin/env bash
# CaDiCaL, OR-tools CP-SAT and `scramble solve --first` on the same puzzles,
# same machine, same time limit, one solver at a time (sequentially).
#
#   benches/sat_cpsat.sh [TIME_LIMIT_SECONDS] [FILE...]
#
# Defaults: 30 s and every puzzle of fixtures/hard/. Needs `cadical` (Debian
# package `cadical`), Python 3 with OR-tools (`pip install ortools`) and a
# release build (`cargo build --release`).
#
# For each puzzle, in this order:
#   - CaDiCaL: `scramble export --cnf` (encoding in src/render/cnf.rs; time to write
#     the CNF not counted), then `cadical -q -t LIMIT` (one thread); its answer
#     is its exit code (10 satisfiable, 20 unsatisfiable);
#   - CP-SAT: `benches/cpsat.py --time-limit LIMIT --workers 2` (model and
#     symmetry break described at the top of that file); exit 0 means a
#     solution that passed the Python check, 1 infeasible, 3 time limit,
#     4 a solution that failed the check;
#   - scramble: `scramble solve --first --time-limit LIMIT --json` (rayon,
#     2 threads on this machine); exit 0 found, 3 time limit.
# Times are wall-clock seconds of the whole process (for CP-SAT that includes
# starting Python, importing OR-tools and building the model, about 0.5 s; the
# `CP-SAT solve s` column is the solver's Solve() call alone). `>LIMIT` means
# the time limit was reached. Ratios are X / scramble (and CaDiCaL / CP-SAT):
# `>=r` when X timed out and the other finished (r = LIMIT / other's time),
# `<=r` the other way round, `-` when both timed out. `load` is the 1-minute
# load average just before the puzzle's three runs. Each run is also guarded
# by `timeout 2*LIMIT+30`.
set -euo pipefail
limit=${1:-30}
shift || true
cd "$(dirname "$0")/.."
files=("$@")
if [ ${#files[@]} -eq 0 ]; then files=(fixtures/hard/*.txt); fi
scramble=target/release/scramble
command -v cadical >/dev/null || { echo "cadical not found (apt-get install cadical)" >&2; exit 2; }
python3 -c 'import ortools' 2>/dev/null || { echo "OR-tools not found (pip install ortools)" >&2; exit 2; }
[ -x "$scramble" ] || { echo "build first: cargo build --release" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
guard=$((2 * ${limit%.*} + 30))

timed() { # command... ; sets $elapsed (wall seconds) and $status (exit code)
  local start end
  start=$(date +%s.%N)
  set +e; timeout "$guard" "$@" >"$work/out" 2>"$work/err"; status=$?; set -e
  end=$(date +%s.%N)
  elapsed=$(echo "$end - $start" | bc)
}

# ratio A A_FINISHED B B_FINISHED -> A / B with bounds
ratio() {
  local a=$1 af=$2 b=$3 bf=$4
  if [ "$af" = 1 ] && [ "$bf" = 1 ]; then
    printf '%.2f' "$(echo "scale=4; $a / $b" | bc)"
  elif [ "$af" = 0 ] && [ "$bf" = 1 ]; then
    printf '>=%.2f' "$(echo "scale=4; $limit / $b" | bc)"
  elif [ "$af" = 1 ] && [ "$bf" = 0 ]; then
    printf '<=%.2f' "$(echo "scale=4; $a / $limit" | bc)"
  else
    printf -- '-'
  fi
}

echo "| puzzle | load | CaDiCaL s | CP-SAT s | CP-SAT solve s | scramble s | CaDiCaL / scramble | CP-SAT / scramble | CaDiCaL / CP-SAT |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for f in "${files[@]}"; do
  name=$(basename "$f" .txt)
  load=$(cut -d' ' -f1 /proc/loadavg)
  "$scramble" export --cnf "$f" >"$work/p.cnf"

  timed cadical -q -t "$limit" "$work/p.cnf"
  sat=$elapsed sat_fin=0
  case $status in
    10) sat_text=$(printf '%.2f' "$sat") sat_fin=1 ;;
    20) sat_text="$(printf '%.2f' "$sat") (UNSAT!)" sat_fin=1 ;;
    *) sat_text=">$limit" ;;
  esac

  timed python3 benches/cpsat.py --time-limit "$limit" --workers 2 "$f"
  cp=$elapsed cp_fin=0
  cp_solve=$(sed -n 's/^solve_seconds: //p' "$work/out")
  case $status in
    0) cp_text=$(printf '%.2f' "$cp") cp_fin=1 ;;
    1) cp_text="$(printf '%.2f' "$cp") (INFEASIBLE!)" cp_fin=1 ;;
    4) cp_text="$(printf '%.2f' "$cp") (CHECK FAILED!)" ;;
    *) cp_text=">$limit" ;;
  esac
  [ -n "$cp_solve" ] || cp_solve=-

  timed "$scramble" solve --first --time-limit "$limit" --json --out "$work/pictures" "$f"
  ours=$elapsed ours_fin=0
  case $status in
    0) ours_text=$(printf '%.2f' "$ours") ours_fin=1 ;;
    *) ours_text=">$limit" ;;
  esac

  echo "| $name | $load | $sat_text | $cp_text | $cp_solve | $ours_text" \
    "| $(ratio "$sat" $sat_fin "$ours" $ours_fin)" \
    "| $(ratio "$cp" $cp_fin "$ours" $ours_fin)" \
    "| $(ratio "$sat" $sat_fin "$cp" $cp_fin) |"
done
