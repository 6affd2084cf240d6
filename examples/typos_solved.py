"""Does the solution after a fix help rank the typo fixes?

Reads the same `--dump` as `examples/typos_fit.py`, where each fix carries
the first solution of the puzzle after it, and adds to the score's terms
five traits of that solution: how unevenly the inner boundaries share the
patterns (the variance of each pattern's count among them), how unevenly
the border shows the patterns, how far the border's `+` and `-` halves lie
apart, how many pairs of border pictures would match, and how far each
pattern's count on the boundaries between left and right neighbours lies
from its count between upper and lower ones (summed). It fits the
weights as `typos_fit.py` does (the conditional logit, then one weight at
a time moved while the top 3 holds the true fix more often) with and
without them, on all the puzzles and on the puzzles
of even position (sorted by name) and measured on the others, and the
other way round, and reports where the true fix ranks.

    cargo run --release --example typos -- --dump > dump.jsonl
    python3 examples/typos_solved.py dump.jsonl

Needs numpy.
"""

import json
import sys
from collections import Counter

import numpy as np

import typos_fit


def complement(label):
    return label[:-1] + {"-": "+", "+": "-", "=": "="}[label[-1]]


def laid_out(cards, solution):
    """The pictures cell by cell, top, right, bottom, left, as laid out."""
    return [[cards[piece][(d - turn) % 4] for d in range(4)] for piece, turn in solution]


def traits(cards, solution):
    size = round(len(cards) ** 0.5)
    grid = laid_out(cards, solution)
    right = [(c, 1) for c in range(len(grid)) if c % size < size - 1]
    below = [(c, 2) for c in range(len(grid)) if c < len(grid) - size]
    for c, d in right + below:
        assert grid[c + (1 if d == 1 else size)][(d + 2) % 4] == complement(grid[c][d]), "a solution"
    inner = {(c, d) for c, d in right + below} | {(c + 1, 3) for c, _ in right} | {(c + size, 0) for c, _ in below}
    border = [grid[c][d] for c in range(len(grid)) for d in range(4) if (c, d) not in inner]
    patterns = sorted({s[:-1] for card in cards for s in card})

    def counts(labels):
        seen = Counter(s[:-1] for s in labels)
        return np.array([seen[p] for p in patterns])

    across, down = counts(grid[c][d] for c, d in right), counts(grid[c][d] for c, d in below)
    return [
        (across + down).var(),
        counts(border).var(),
        abs(sum(s[-1] == "+" for s in border) - sum(s[-1] == "-" for s in border)),
        sum(complement(a) == b for i, a in enumerate(border) for b in border[i + 1 :]),
        np.abs(across - down).sum(),
    ]


def load(path):
    groups = typos_fit.load(path)
    typos = [json.loads(line) for line in open(path, encoding="utf-8") if line.startswith("{")]
    out = []
    for (name, rows, truth, ties), typo in zip(groups, typos):
        extra = []
        for card, side, _, to, _, _, _, solution in typo["fixes"]:
            extra.append(traits(typos_fit.fixed(typo["cards"], card, side, to), solution))
        out.append((name, rows, np.hstack([rows, np.array(extra, float)]), truth, ties))
    return out


def fitted(groups):
    """The weights as `typos_fit.py` chooses them: the logit, then the search."""
    return typos_fit.search(groups, typos_fit.fit(groups))


def cross_fitted(groups):
    even, odd = typos_fit.halves(groups)
    return np.concatenate([typos_fit.ranks(odd, fitted(even)), typos_fit.ranks(even, fitted(odd))])


def main():
    typos = load(sys.argv[1])
    for label, column in [("the score's terms", 1), ("and the solution's five traits", 2)]:
        groups = [(t[0], t[column], t[3], t[4]) for t in typos]
        typos_fit.report(f"{label}, fitted on all", typos_fit.ranks(groups, fitted(groups)))
        typos_fit.report(f"{label}, each fitted without its puzzle", cross_fitted(groups))


if __name__ == "__main__":
    main()
