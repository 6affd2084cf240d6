#!/usr/bin/env python3
"""Ganak, an exact model counter, as the yardstick of `scramble solve`'s counts.

    benches/ganak.py [--timeout S] [--project] [--strict] PUZZLE...

For each puzzle, one after the other:

- `scramble solve --json --no-pictures -j 1 --time-limit S PUZZLE`: its
  `solutions`, the number of solution arrangements divided by 4 (the whole
  grid's four turns; identical cards told apart: ../shared/SPEC.md and
  docs/output.md);
- `scramble export --cnf PUZZLE` (src/render/cnf.rs), counted by Ganak through its
  Python binding (`pip install pyganak`) in a child process killed after S
  seconds; a count not finished by then is reported as a timeout, never as
  an agreement.

Framed edge-matching puzzles (`.json`, `e2pieces` text) are read too:
their CNF (src/render/cnf/edge.rs) pins the lowest corner piece when grey lies
only on the rim and nothing is pinned, and its models are then `solve`'s
`solutions` (boards modulo the board's rotations); otherwise they are the
filled boards, `solve`'s `arrangements`, which the header's first line
says and the comparison follows.

Conversion: none (x1). The CNF fixes piece 0 at rotation 0, and of the four
turns of a solution arrangement exactly one leaves piece 0 unturned, so the
CNF's solutions are the arrangements divided by 4, as `solve` counts them;
identical cards are different pieces on both sides. The CNF's other
variables add no model: each inner boundary's picture variables are forced
by the placements on either side (a placement implies its picture, at most
one picture per boundary), and a sequential at-most-one counter's auxiliary
variables are forced by its one true input (the auxiliaries from that input
on are implied true, those before it must be false or the input's clause
`-x_i -s_{i-1}` fails). So the plain model count is the count projected onto
the placement variables. `--project` counts both ways (the projection set
read from the `c place VAR ...` lines of the CNF's header) and requires the
two to be equal.

Prints a Markdown table: puzzle, grid, solve's count, Ganak's count,
conversion, verdict, solve's seconds (whole process / the search's own
`seconds`), Ganak's seconds (whole child process / `count()` alone, which is
Arjun's preprocessing and the count). Then the totals and the medians.

Exit 0 when every finished comparison agrees; 1 on any disagreement, on a
Ganak or scramble failure, or (with `--strict`) on any timeout; 2 on bad
arguments or a missing pyganak.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SCRAMBLE = os.path.join(HERE, "..", "target", "release", "scramble")
CONVERSION = "x1"


def read_dimacs(path):
    """The CNF at `path`: (variables, clauses, placement variables)."""
    variables, clauses, placements = None, [], []
    with open(path) as cnf:
        for line in cnf:
            words = line.split()
            if not words:
                continue
            if words[0] == "c":
                if len(words) > 2 and words[1] == "place" and words[2].isdigit():
                    placements.append(int(words[2]))
            elif words[0] == "p":
                variables = int(words[2])
            else:
                literals = [int(w) for w in words]
                if literals[-1] != 0:
                    raise ValueError(f"{path}: a clause line that does not end in 0: {line!r}")
                clauses.append(literals[:-1])
    if variables is None:
        raise ValueError(f"{path}: no `p cnf` line")
    return variables, clauses, placements


def count_child(path, project):
    """Counts the CNF at `path` with Ganak; prints one JSON object."""
    import pyganak

    variables, clauses, placements = read_dimacs(path)
    counter = pyganak.Counter(seed=0)
    counter.new_vars(variables)
    counter.add_clauses(clauses)
    if project:
        counter.set_sampling_set(placements)
    start = time.perf_counter()
    count = counter.count()
    seconds = time.perf_counter() - start
    print(json.dumps({
        "count": str(count),
        "seconds": seconds,
        "variables": variables,
        "clauses": len(clauses),
        "projected_on": len(placements) if project else None,
        "pyganak": pyganak.__version__,
    }))


def run_timed(command, timeout):
    """Runs `command`; (CompletedProcess or None on timeout, wall seconds)."""
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start
    return done, time.perf_counter() - start


def solve(scramble, puzzle, timeout):
    """`solve`'s count: dict with solutions (int or None), grid, seconds, error."""
    done, wall = run_timed(
        [scramble, "solve", "--json", "--no-pictures", "-j", "1",
         "--time-limit", str(timeout), puzzle], timeout + 30)
    if done is None:
        return {"error": "timeout", "wall": wall}
    try:
        report = json.loads(done.stdout.splitlines()[0])
    except (IndexError, json.JSONDecodeError):
        return {"error": f"exit {done.returncode}: {done.stderr.strip()[:200]}", "wall": wall}
    if "size" in report:
        grid = f"{report['size']}x{report['size']}"
    else:
        grid = f"{report['width']}x{report['height']} framed"
    result = {"grid": grid, "wall": wall, "seconds": report["seconds"]}
    if not report["complete"]:
        result["error"] = "timeout"
    else:
        result["solutions"] = int(report["solutions"])
        result["arrangements"] = int(report["arrangements"])
    return result


def counted_by_models(path):
    """What the CNF's models count, from its header: `solutions`, or
    `arrangements` for a framed puzzle without a pinned corner."""
    with open(path) as cnf:
        first = cnf.readline()
    return "arrangements" if "models are filled boards" in first else "solutions"


def ganak(puzzle_cnf, timeout, project):
    """Ganak's count of the CNF file: dict with count (int), seconds, wall, error."""
    command = [sys.executable, os.path.abspath(__file__), "--count-child", puzzle_cnf]
    if project:
        command.append("--project")
    done, wall = run_timed(command, timeout)
    if done is None:
        return {"error": "timeout", "wall": wall}
    if done.returncode != 0:
        return {"error": f"exit {done.returncode}: {done.stderr.strip()[-300:]}", "wall": wall}
    report = json.loads(done.stdout.splitlines()[-1])
    return {"count": int(report["count"]), "seconds": report["seconds"], "wall": wall,
            "pyganak": report["pyganak"]}


def export(scramble, puzzle, path):
    """Writes the puzzle's CNF to `path`; an error text or None."""
    done = subprocess.run([scramble, "export", "--cnf", puzzle, "-o", path],
                          capture_output=True, text=True)
    return None if done.returncode == 0 else f"export failed: {done.stderr.strip()[:200]}"


def compare(scramble, puzzle, timeout, project, work):
    """One puzzle's row: dict with name, solve, ganak (list), verdict."""
    name = os.path.basename(puzzle)
    for suffix in (".config.xml", ".xml", ".txt", ".json"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    ours = solve(scramble, puzzle, timeout)
    cnf = os.path.join(work, "puzzle.cnf")
    failure = export(scramble, puzzle, cnf)
    counts = [] if failure else [ganak(cnf, timeout, False)]
    if project and not failure:
        counts.append(ganak(cnf, timeout, True))
    key = "solutions" if failure else counted_by_models(cnf)
    if key in ours:
        ours = dict(ours, solutions=ours[key])
    return {"name": name, "solve": ours, "ganak": counts, "key": key,
            "verdict": verdict(ours, counts, failure)}


def verdict(ours, counts, failure):
    """`agree`, `DISAGREE`, `timeout` or `ERROR: ...` for one puzzle."""
    if failure:
        return "ERROR: " + failure
    errors = [c["error"] for c in [ours] + counts if "error" in c and c["error"] != "timeout"]
    if errors:
        return "ERROR: " + "; ".join(errors)
    finished = [c["count"] for c in counts if "count" in c]
    if "solutions" in ours and any(c != ours["solutions"] for c in finished):
        return "DISAGREE"
    if len(set(finished)) > 1:
        return "DISAGREE"
    if "solutions" not in ours or len(finished) < len(counts):
        return "timeout"
    return "agree"


def seconds_cell(result, timeout, inner):
    """`process / inner` seconds, or `>T` for a timeout."""
    if result.get("error") == "timeout":
        return f">{timeout:g} (timeout)"
    if inner not in result:
        return "-"
    return f"{result['wall']:.2f} / {result[inner]:.3g}"


def count_cell(result, key):
    if key in result:
        return f"{result[key]:,}"
    return "timeout" if result.get("error") == "timeout" else "error"


def row(entry, timeout):
    ours, counts = entry["solve"], entry["ganak"]
    ganak_count = " / ".join(count_cell(c, "count") for c in counts) or "-"
    ganak_time = " ; ".join(seconds_cell(c, timeout, "seconds") for c in counts) or "-"
    return (f"| {entry['name']} | {ours.get('grid', '-')} | {count_cell(ours, 'solutions')} "
            f"| {ganak_count} | {CONVERSION if entry['key'] == 'solutions' else 'x1, filled boards'} | {entry['verdict']} "
            f"| {seconds_cell(ours, timeout, 'seconds')} | {ganak_time} |")


def summary(entries, timeout):
    """The totals and the medians, as Markdown lines."""
    tally = {}
    for e in entries:
        key = e["verdict"].split(":")[0]
        tally[key] = tally.get(key, 0) + 1
    lines = [f"Compared {len(entries)} puzzle(s): " + ", ".join(
        f"{key} {tally[key]}" for key in sorted(tally)) + f" (timeout {timeout:g} s per count)."]
    agreed = [e for e in entries if e["verdict"] == "agree"]
    if agreed:
        median = statistics.median
        lines.append(
            f"Medians over the {len(agreed)} agreeing puzzles: solve {median([e['solve']['wall'] for e in agreed]):.3f} s "
            f"per process ({median([e['solve']['seconds'] for e in agreed]):.6f} s search); "
            f"Ganak {median([e['ganak'][0]['wall'] for e in agreed]):.3f} s per process "
            f"({median([e['ganak'][0]['seconds'] for e in agreed]):.3f} s count()).")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzles", nargs="+", metavar="PUZZLE")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds per count, solve's and Ganak's each (default 60)")
    parser.add_argument("--scramble", default=DEFAULT_SCRAMBLE,
                        help="the scramble binary (default target/release/scramble)")
    parser.add_argument("--project", action="store_true",
                        help="also count projected onto the placement variables; both must agree")
    parser.add_argument("--strict", action="store_true", help="a timeout fails the run too")
    args = parser.parse_args()
    if not os.access(args.scramble, os.X_OK):
        sys.exit(f"no scramble binary at {args.scramble}: cargo build --release")
    try:
        import pyganak
    except ImportError:
        print("pyganak not found: pip install pyganak", file=sys.stderr)
        sys.exit(2)
    print(f"pyganak {pyganak.__version__}; load average {open('/proc/loadavg').read().split()[0]} at the start\n")
    print("| puzzle | grid | solve's count | Ganak's count | conversion | verdict "
          "| solve s (process / search) | Ganak s (process / count()) |")
    print("|---|---|---:|---:|---|---|---:|---:|")
    entries = []
    with tempfile.TemporaryDirectory() as work:
        for puzzle in args.puzzles:
            entry = compare(args.scramble, puzzle, args.timeout, args.project, work)
            entries.append(entry)
            print(row(entry, args.timeout), flush=True)
    print()
    for line in summary(entries, args.timeout):
        print(line)
    print(f"Load average {open('/proc/loadavg').read().split()[0]} at the end.")
    bad = [e for e in entries if e["verdict"] == "DISAGREE" or e["verdict"].startswith("ERROR")]
    timeouts = [e for e in entries if e["verdict"] == "timeout"]
    if bad or (args.strict and timeouts):
        sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--count-child":
        count_child(sys.argv[2], "--project" in sys.argv[3:])
    else:
        main()
