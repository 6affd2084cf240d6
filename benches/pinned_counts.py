#!/usr/bin/env python3
"""The frontier against the plain count on pinned sub-puzzles, in one run.

    benches/pinned_counts.py [--pins K] [--time-limit S] [--threads J] PUZZLE.json

A framed edge-matching puzzle whose plain count takes hours (Eternity II
clue puzzle 3: about 6 hours on one core) cannot be counted both ways in
one sitting, so both counters are timed on the same sub-puzzles instead,
one after the other: `scramble solve PUZZLE.json --first` gives a board,
and for each of its four turns (a square board; a rectangle's two),

1. the turned board's first K cells (row-major, so the top row and part of
   the next) are pinned as hints, `{pos, piece, rot}`, the community's
   format;
2. `scramble solve PINNED --json -j J --time-limit S` counts the boards by
   the row-scan search (the plain count), and
   `scramble solve PINNED --method frontier --json -j J` by the frontier.

The two counts must be equal (the script exits 1 otherwise, or when a
plain count is stopped by its time limit). Prints a Markdown table: corner,
boards, the plain count's nodes and seconds, the frontier's states and
seconds, and the ratio of the seconds (each the command's own `seconds`).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

SCRAMBLE = os.environ.get("SCRAMBLE_BIN", "target/release/scramble")


def solve(path, *args):
    """`scramble solve PATH ARGS --json`, parsed (exit 0 or 1 expected)."""
    done = subprocess.run([SCRAMBLE, "solve", path, "--json", *args], capture_output=True, text=True)
    if done.returncode not in (0, 1, 3):
        sys.exit(f"scramble solve {path} {' '.join(args)}: exit {done.returncode}\n{done.stderr}")
    return json.loads(done.stdout)


def turned(board, quarters):
    """`board` (rows of `piece@turn`) turned `quarters` quarter turns
    clockwise: each piece moves with the board and turns with it."""
    for _ in range(quarters):
        h, w = len(board), len(board[0])
        board = [
            [f"{board[h - 1 - c][r].split('@')[0]}@{(int(board[h - 1 - c][r].split('@')[1]) + 1) % 4}" for c in range(h)]
            for r in range(w)
        ]
    return board


def pinned(puzzle, board, cells):
    """`puzzle` with `board`'s first `cells` cells pinned."""
    flat = [cell for row in board for cell in row]
    hints = []
    for pos in range(cells):
        piece, turn = flat[pos].split("@")
        hints.append({"pos": pos, "piece": int(piece) - 1, "rot": int(turn)})
    return dict(puzzle, hints=hints)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("puzzle")
    parser.add_argument("--pins", type=int, default=10)
    parser.add_argument("--time-limit", type=float, default=600)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    with open(args.puzzle) as f:
        puzzle = json.load(f)
    jobs = ["-j", str(args.threads)]
    board = solve(args.puzzle, "--first", *jobs)["solution"]
    if not board:
        sys.exit(f"{args.puzzle}: no board")
    square = puzzle["width"] == puzzle["height"]
    rows, failed = [], False
    with tempfile.TemporaryDirectory() as tmp:
        for quarter in range(4) if square else (0, 2):
            path = os.path.join(tmp, f"turned{quarter}.json")
            with open(path, "w") as f:
                json.dump(pinned(puzzle, turned(board, quarter), args.pins), f)
            plain = solve(path, *jobs, "--time-limit", str(args.time_limit))
            frontier = solve(path, "--method", "frontier", *jobs)
            agree = plain["complete"] and str(plain["solutions"]) == str(frontier["solutions"])
            failed |= not agree
            rows.append((90 * quarter, plain, frontier, agree))
    print(f"| board turned | boards | plain: nodes | plain: s | frontier: states | frontier: s | ratio | agree |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for degrees, plain, frontier, agree in rows:
        ratio = plain["seconds"] / frontier["seconds"]
        print(
            f"| {degrees} | {frontier['solutions']:,} | {plain['nodes']:,} | {plain['seconds']:.2f} "
            f"| {frontier['states']:,} | {frontier['seconds']:.3f} | {ratio:,.0f}x | {'yes' if agree else 'NO'} |"
        )
    total_plain = sum(p["seconds"] for _, p, _, _ in rows)
    total_frontier = sum(f["seconds"] for _, _, f, _ in rows)
    print(f"\nall {len(rows)}: plain {total_plain:.1f} s, frontier {total_frontier:.2f} s, {total_plain / total_frontier:,.0f}x")
    sys.exit(1 if failed or not rows else 0)


if __name__ == "__main__":
    main()
