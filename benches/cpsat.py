#!/usr/bin/env python3
"""A Scramble Squares puzzle as an OR-tools CP-SAT model (issue 13).

Requirements: Python 3.8+ and OR-tools (`pip install ortools`; measured with
9.15). Usage:

    benches/cpsat.py [--time-limit S] [--workers W] [--seed N]
                     [--no-symmetry-break] [--model table|bool]
                     [--print-solution] [--count] [--check ROWS] PUZZLE

PUZZLE is a file in the format of SPEC.md ("Puzzle files"): one piece per
line, four pictures clockwise from the top (`6- 2+ 5+ 2-`), `#` comments,
blank lines ignored, an optional `name:` before the pictures, or the
CodeProject card format (`0 | HEAD-RED | TAIL-BLUE | ...`, HEAD is `+`).

The model, for an n x n grid of N = n*n pieces:
  - per cell c: piece[c] in 0..N-1, rot[c] in 0..3, and side[c][d] for the
    four directions d (0 top, 1 right, 2 bottom, 3 left), the picture that
    faces d; pictures are coded as integers, `X+` as +(i+1) and `X-` as
    -(i+1) for the i-th pattern, so the complement of a code is its negation;
  - AddAllDifferent(piece) (each piece used once);
  - one AddAllowedAssignments (table) per cell over
    (piece, rot, top, right, bottom, left) with the 4N rows of every piece
    under every rotation, using SPEC.md's convention: turning a piece a
    quarter turn clockwise r times puts side s[(d - r) mod 4] at direction d;
  - every inner boundary: side[c][right] + side[c'][left] == 0 and
    side[c][bottom] + side[c''][top] == 0 (complementary pictures); border
    sides are free.
Symmetry: turning the whole grid a quarter turn clockwise maps a solution to
a solution in which every piece's rotation grows by 1 (mod 4), so exactly one
of the 4 turns of any solution has piece 1 (the file's first piece) at
rotation 0. The model keeps only rotation 0 in piece 1's rows of the table:
sound (every solution class keeps exactly one representative) and complete,
the same choice as `scramble export --cnf` (piece 0 fixed at rotation 0).
`--no-symmetry-break` keeps all four rows.
`--model bool` is a second encoding of the same rows (one Boolean per cell
and row, exactly one per cell and per piece, and per inner boundary and
picture v: [v faces the boundary on one side] == [complement of v on the
other]); on 5x5 it was slower than the table model (results file), so the
table model is the default and the one benchmarked.

Output (one `key: value` per line): status (OPTIMAL/FEASIBLE mean a solution
was found, INFEASIBLE means none exists, UNKNOWN means the time limit was hit),
wall seconds of the solve alone and of the whole run, and with
`--print-solution` the grid as rows of `#piece@rotation` (pieces numbered from
1 in file order, rotation in quarter turns clockwise), the notation of
`scramble solve` and of the fixture headers.

Every solution found is checked in Python from piece and rotation alone (each
piece used once, every inner boundary complementary), not from the solver's
side variables.

`--check ROWS` solves nothing: it runs the same check on an arrangement
given in that notation (e.g. a fixture header's planted solution, or
`scramble solve --json`'s "solution"), which tests that both sides read
pieces, numbering and rotations the same way.

Exit codes: 0 a verified solution, 1 infeasible (no solution), 3 time limit
or other unknown status, 4 a solution that fails the check, 2 bad input.
"""

import argparse
import math
import re
import sys
import time

PICTURE = re.compile(r"^([0-9]+|[A-Za-z][A-Za-z0-9_]*)([+-])$")
CARD = re.compile(r"^(HEAD|TAIL)-([A-Za-z0-9_]+)$")


def fail(msg):
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(2)


def parse_puzzle(path):
    """Returns a list of pieces, each a list of 4 (pattern, sign) pairs."""
    pieces = []
    with open(path, encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if "|" in line:
                fields = [f.strip() for f in line.split("|")]
                if len(fields) != 5:
                    fail(f"{path}:{lineno}: a card line has an index and 4 sides")
                sides = []
                for f in fields[1:]:
                    m = CARD.match(f)
                    if not m:
                        fail(f"{path}:{lineno}: expected HEAD-COLOR or TAIL-COLOR, got {f!r}")
                    sides.append((m.group(2), "+" if m.group(1) == "HEAD" else "-"))
                pieces.append(sides)
                continue
            if re.match(r"^[A-Za-z][A-Za-z0-9_]*\s*:", line):
                line = line.split(":", 1)[1]
            words = line.split()
            if len(words) != 4:
                fail(f"{path}:{lineno}: expected 4 pictures, got {len(words)}")
            sides = []
            for w in words:
                m = PICTURE.match(w)
                if not m:
                    fail(f"{path}:{lineno}: expected a picture like 3+ or star-, got {w!r}")
                sides.append((m.group(1), m.group(2)))
            pieces.append(sides)
    n = math.isqrt(len(pieces))
    if n < 1 or n * n != len(pieces):
        fail(f"{path}: {len(pieces)} pieces is not a square number")
    return n, pieces


def encode(pieces):
    """Picture codes: X+ -> +(i+1), X- -> -(i+1); complement is negation."""
    patterns = {}
    coded = []
    for piece in pieces:
        row = []
        for name, sign in piece:
            i = patterns.setdefault(name, len(patterns))
            row.append(i + 1 if sign == "+" else -(i + 1))
        coded.append(row)
    return coded, len(patterns)


def turned(piece, r):
    """Sides at directions 0..3 after r quarter turns clockwise (SPEC.md)."""
    return [piece[(d - r) % 4] for d in range(4)]


def verify(n, coded, placement):
    """placement[row][col] = (piece, rot). Returns a list of problems."""
    problems = []
    used = sorted(p for row in placement for p, _ in row)
    if used != list(range(n * n)):
        problems.append(f"pieces used are not each piece once: {used}")
    sides = [[turned(coded[p], r) for p, r in row] for row in placement]
    for i in range(n):
        for j in range(n):
            if j + 1 < n and sides[i][j][1] != -sides[i][j + 1][3]:
                problems.append(f"cells ({i},{j})-({i},{j + 1}): right/left not complementary")
            if i + 1 < n and sides[i][j][2] != -sides[i + 1][j][0]:
                problems.append(f"cells ({i},{j})-({i + 1},{j}): bottom/top not complementary")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("puzzle")
    ap.add_argument("--time-limit", type=float, default=30.0, help="seconds (default 30)")
    ap.add_argument("--workers", type=int, default=2, help="num_workers (default 2)")
    ap.add_argument("--seed", type=int, default=0, help="random_seed (default 0)")
    ap.add_argument("--no-symmetry-break", action="store_true",
                    help="keep all 4 rotations of piece 1 (no whole-grid symmetry breaking)")
    ap.add_argument("--print-solution", action="store_true",
                    help="print the solution as rows of #piece@rotation")
    ap.add_argument("--count", action="store_true",
                    help="enumerate every solution (one worker), verify each and print "
                         "their number: solutions modulo rotation with the symmetry break, "
                         "arrangements without it (for cross-checks on small puzzles)")
    ap.add_argument("--check", metavar="ROWS",
                    help="do not solve: check the arrangement ROWS, written as scramble and "
                         "the fixture headers write it ('#5@1 #3@3 / #9@1 #1@0', rows split by "
                         "'/'), with the same Python check; exit 0 if it is a solution, 4 if not")
    ap.add_argument("--model", choices=["table", "bool"], default="table",
                    help="table (default): piece, rotation and side integers per cell linked "
                         "by a table; bool: one Boolean per (cell, piece, rotation), exactly "
                         "one per cell and per piece, and per inner boundary and picture v "
                         "[v on one side] == [complement of v on the other]")
    ap.add_argument("--log", action="store_true", help="show CP-SAT's search log")
    args = ap.parse_args()

    if args.check is not None:
        n, pieces = parse_puzzle(args.puzzle)
        coded, _ = encode(pieces)
        placement = []
        for row in args.check.split("/"):
            cells = []
            for cell in row.split():
                m = re.match(r"^#?([0-9]+)@([0-3])$", cell)
                if not m:
                    fail(f"--check: expected #piece@rotation, got {cell!r}")
                cells.append((int(m.group(1)) - 1, int(m.group(2))))
            placement.append(cells)
        if len(placement) != n or any(len(r) != n for r in placement):
            fail(f"--check: expected {n} rows of {n} cells")
        problems = verify(n, coded, placement)
        print(f"verified: {'NO' if problems else 'yes'}")
        for pr in problems:
            print(f"  {pr}")
        sys.exit(4 if problems else 0)

    t0 = time.perf_counter()
    from ortools.sat.python import cp_model  # imported here: counted in the run time

    n, pieces = parse_puzzle(args.puzzle)
    coded, k = encode(pieces)
    N = n * n
    model = cp_model.CpModel()
    rows = []
    for p, piece in enumerate(coded):
        for r in range(4):
            if p == 0 and r != 0 and not args.no_symmetry_break:
                continue
            rows.append([p, r] + turned(piece, r))
    piece_var, rot_var = {}, {}
    if args.model == "table":
        side_domain = cp_model.Domain.from_values([v for v in range(-k, k + 1) if v != 0])
        side_var = {}
        for i in range(n):
            for j in range(n):
                piece_var[i, j] = model.NewIntVar(0, N - 1, f"piece_{i}_{j}")
                rot_var[i, j] = model.NewIntVar(0, 3, f"rot_{i}_{j}")
                side_var[i, j] = [model.NewIntVarFromDomain(side_domain, f"side_{i}_{j}_{d}")
                                  for d in range(4)]
                model.AddAllowedAssignments([piece_var[i, j], rot_var[i, j]] + side_var[i, j],
                                            rows)
        model.AddAllDifferent(list(piece_var.values()))
        for i in range(n):
            for j in range(n):
                if j + 1 < n:
                    model.Add(side_var[i, j][1] + side_var[i, j + 1][3] == 0)
                if i + 1 < n:
                    model.Add(side_var[i, j][2] + side_var[i + 1, j][0] == 0)
    else:  # "bool": one Boolean per (cell, piece, rotation) row of the table
        x = {}
        for i in range(n):
            for j in range(n):
                x[i, j] = [model.NewBoolVar(f"x_{i}_{j}_{row[0]}_{row[1]}") for row in rows]
                model.AddExactlyOne(x[i, j])
                piece_var[i, j] = model.NewIntVar(0, N - 1, f"piece_{i}_{j}")
                rot_var[i, j] = model.NewIntVar(0, 3, f"rot_{i}_{j}")
                model.Add(piece_var[i, j] == sum(row[0] * b for row, b in zip(rows, x[i, j])))
                model.Add(rot_var[i, j] == sum(row[1] * b for row, b in zip(rows, x[i, j])))
        for p in range(N):
            model.AddExactlyOne(b for cell in x.values()
                                for row, b in zip(rows, cell) if row[0] == p)
        codes = [v for v in range(-k, k + 1) if v != 0]

        def boundary(a, da, b, db):
            # For every picture v: [cell a shows v at da] == [cell b shows -v at db].
            for v in codes:
                model.Add(sum(bv for row, bv in zip(rows, x[a]) if row[2 + da] == v)
                          == sum(bv for row, bv in zip(rows, x[b]) if row[2 + db] == -v))

        for i in range(n):
            for j in range(n):
                if j + 1 < n:
                    boundary((i, j), 1, (i, j + 1), 3)
                if i + 1 < n:
                    boundary((i, j), 2, (i + 1, j), 0)

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = args.time_limit
    solver.parameters.num_workers = args.workers
    solver.parameters.random_seed = args.seed
    solver.parameters.log_search_progress = args.log
    counter = None
    if args.count:
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1

        class Counter(cp_model.CpSolverSolutionCallback):
            def __init__(self):
                super().__init__()
                self.seen = set()
                self.bad = 0

            def on_solution_callback(self):
                placement = tuple(tuple((self.Value(piece_var[i, j]), self.Value(rot_var[i, j]))
                                        for j in range(n)) for i in range(n))
                if verify(n, coded, placement):
                    self.bad += 1
                self.seen.add(placement)

        counter = Counter()
    t1 = time.perf_counter()
    status = solver.Solve(model, counter)
    t2 = time.perf_counter()
    name = solver.StatusName(status)
    print(f"puzzle: {args.puzzle}")
    print(f"size: {n}  patterns: {k}  workers: {args.workers}  model: {args.model}  "
          f"symmetry_break: {'none' if args.no_symmetry_break else 'piece 1 at rotation 0'}")
    print(f"status: {name}")
    print(f"solve_seconds: {t2 - t1:.3f}")
    print(f"solver_wall_time: {solver.WallTime():.3f}")
    print(f"total_seconds: {t2 - t0:.3f}")
    if counter is not None:
        print(f"count: {len(counter.seen)}  complete: {status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)}")
        if counter.bad:
            print(f"verified: NO ({counter.bad} solutions fail the check)")
            sys.exit(4)
        if counter.seen:
            print("verified: yes")
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        placement = [[(solver.Value(piece_var[i, j]), solver.Value(rot_var[i, j]))
                      for j in range(n)] for i in range(n)]
        problems = verify(n, coded, placement)
        if args.print_solution:
            for row in placement:
                print(" ".join(f"#{p + 1}@{r}" for p, r in row))
        if problems:
            print("verified: NO")
            for pr in problems:
                print(f"  {pr}")
            sys.exit(4)
        print("verified: yes")
        sys.exit(0)
    if status == cp_model.INFEASIBLE:
        sys.exit(1)
    sys.exit(3)


if __name__ == "__main__":
    main()
