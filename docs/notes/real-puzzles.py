#!/usr/bin/env python3
"""The table of real puzzles in RESULTS.md section 5, from the Legespiel
collection in fixtures/legespiel/: for each configuration its grid, patterns,
repetitions, self-matching pictures, solutions, looks and search nodes, then
the share of 3x3 configurations with a unique solution (by solutions and by
looks) with 95% Wilson intervals.

Usage: python3 docs/notes/real-puzzles.py [SCRAMBLE] > table.md
SCRAMBLE defaults to target/release/scramble.
"""
import glob
import json
import math
import os
import subprocess
import sys

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/scramble"
LIMIT = "60"


def run(*args):
    out = subprocess.run([BIN, *args], capture_output=True, text=True)
    return out.stdout


def wilson(k, n, z=1.959963984540054):
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (centre - half), 100 * (centre + half)


rows = []
for path in sorted(glob.glob("fixtures/legespiel/*.xml")):
    shown = json.loads(run("show", "--json", path))
    text = run("export", "--text", path)
    tokens = [t for line in text.splitlines() for t in line.split()[-4:]]
    selfm = sorted({t[:-1] for t in tokens if t.endswith("=")})
    solved = json.loads(run("solve", "--json", "--time-limit", LIMIT, path).splitlines()[0])
    rows.append((os.path.basename(path).split(".")[0], shown, len(selfm), solved))

print("| puzzle | grid | patterns | repetition-free | self-matching | solutions | looks | unique (solutions / looks) | nodes |")
print("| --- | --- | ---: | --- | ---: | ---: | ---: | --- | ---: |")
for name, shown, selfm, solved in rows:
    n = shown["size"]
    done = solved["complete"]
    sols = f"{solved['solutions']:,}" if done else f">= {solved['solutions']:,} (stopped at {LIMIT} s)"
    looks = f"{solved['looks']:,}" if solved.get("looks") is not None else "-"
    unique = "-" if not done else f"{'yes' if solved['solutions'] == 1 else 'no'} / {'yes' if solved['looks'] == 1 else 'no'}"
    rf = "yes" if shown["repetition_free"] else "no"
    print(f"| {name} | {n}x{n} | {len(shown['patterns'])} | {rf} | {selfm} | {sols} | {looks} | {unique} | {solved['nodes']:,} |")

three = [(s, sv) for _, s, _, sv in rows if s["size"] == 3 and sv["complete"]]
solvable = [sv for _, sv in three if sv["solutions"] > 0]
by_sol = sum(1 for sv in solvable if sv["solutions"] == 1)
by_look = sum(1 for sv in solvable if sv["looks"] == 1)
print()
print(f"3x3 configurations: {len(three)}, solvable: {len(solvable)}")
for what, k in (("solutions", by_sol), ("looks", by_look)):
    lo, hi = wilson(k, len(solvable))
    print(f"unique by {what}: {k} of {len(solvable)} = {100 * k / len(solvable):.1f}% (95% Wilson {lo:.1f}-{hi:.1f}%)")
