"""Two more ways to rank the typo fixes, measured on the same `--dump` as
`examples/typos_fit.py`:

1. **A card prior from the other puzzles.** The score's card traits
   compare a card with the other cards of its own puzzle. This adds how
   common each card's shape (its patterns, numbered as they first occur,
   and halves clockwise, as the score's shape trait) is among the cards
   of all the *other* puzzles (the sum over the cards of `-ln` of its
   share there, smoothed), so a puzzle whose own cards differ still
   learns what cards makers draw. The weights are fitted as
   `typos_fit.py` fits them, and reported fitted on all puzzles and each
   half of the puzzles fitted on the other.
2. **One entry per layout.** A fix and the change on the other side of
   the same boundary give the same layout of the cards; if the fix is
   true, that layout is the answer on the table. This lists the fixes in
   the score's order (the dump's), grouped by the first solution after
   them (up to the board's turns), and reports where the group holding
   the true fix stands.

    cargo run --release --example typos -- --dump > dump.jsonl
    python3 examples/typos_more.py dump.jsonl

Needs numpy.
"""

import json
import math
import sys
from collections import Counter

import numpy as np

import typos_fit


def typos(path):
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.startswith("{")]


def originals(dump):
    """Each puzzle's cards as they really are: the typed ones with the true fix."""
    out = {}
    for typo in dump:
        card, side, _, to = next(f[:4] for f in typo["fixes"] if f[6])
        out.setdefault(typo["puzzle"], typos_fit.fixed(typo["cards"], card, side, to))
    return out


def with_prior(groups, dump):
    shapes = {name: Counter(map(typos_fit.shape, cards)) for name, cards in originals(dump).items()}
    everywhere = sum(shapes.values(), Counter())
    out = []
    for (name, rows, truth, ties), typo in zip(groups, dump):
        others = everywhere - shapes[name]
        total, kinds = sum(others.values()), len(everywhere)

        def prior(cards):
            return sum(-math.log((others[typos_fit.shape(c)] + 0.5) / (total + 0.5 * kinds)) for c in cards)

        extra = [[prior(typos_fit.fixed(typo["cards"], f[0], f[1], f[3]))] for f in typo["fixes"]]
        out.append((name, np.hstack([rows, np.array(extra)]), truth, ties))
    return out


def layout(solution):
    """The solution up to the board's turns: the least of its four turns."""
    size = round(len(solution) ** 0.5)
    turns, grid = [], [tuple(cell) for cell in solution]
    for _ in range(4):
        turns.append(tuple(grid))
        grid = [(grid[(size - 1 - c) * size + r][0], (grid[(size - 1 - c) * size + r][1] + 1) % 4)
                for r in range(size) for c in range(size)]
    return min(turns)


def layout_ranks(dump):
    ranks = []
    for typo in dump:
        order = list(dict.fromkeys(layout(f[7]) for f in typo["fixes"]))
        truth = layout(next(f[7] for f in typo["fixes"] if f[6]))
        ranks.append(order.index(truth) + 1)
    return np.array(ranks)


def fitted(groups):
    return typos_fit.search(groups, typos_fit.fit(groups))


def main():
    dump = typos(sys.argv[1])
    groups = with_prior(typos_fit.load(sys.argv[1]), dump)
    typos_fit.report("terms and the card prior, fitted on all", typos_fit.ranks(groups, fitted(groups)))
    even, odd = typos_fit.halves(groups)
    cross = np.concatenate([typos_fit.ranks(odd, fitted(even)), typos_fit.ranks(even, fitted(odd))])
    typos_fit.report("terms and the card prior, each half fitted on the other", cross)
    typos_fit.report("one entry per layout, in the score's order", layout_ranks(dump))


if __name__ == "__main__":
    main()
