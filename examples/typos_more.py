"""Three more ways to rank the typo fixes, measured on the same `--dump` as
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
2. **A count prior from the other puzzles.** Puzzles of one maker often
   share their picture counts: each pattern's two halves' counts (the
   smaller first, or one count for a pattern that matches itself), as a
   multiset over the patterns, is the puzzle's count profile. This adds
   how common the profile after a fix is among the other puzzles of the
   same number of cards (`-ln` of its share there, smoothed), and how
   common each of its patterns' counts is (the sum over the patterns),
   fitted and reported as the card prior is; and, for the score as it
   is (the dump's order), where the true fix stands on the puzzles whose
   profile another puzzle shares and on those whose profile is their own.
3. **One entry per layout.** A fix and the change on the other side of
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


def with_columns(groups, dump, columns):
    """The groups with more terms: `columns(name, typo)` is the function from
    the cards after a fix of that typo to the fix's extra terms."""
    out = []
    for (name, rows, truth, ties), typo in zip(groups, dump):
        terms = columns(name, typo)
        extra = [terms(typos_fit.fixed(typo["cards"], f[0], f[1], f[3])) for f in typo["fixes"]]
        out.append((name, np.hstack([rows, np.array(extra)]), truth, ties))
    return out


def card_prior(dump):
    """`-ln` of each card's shape's share among the other puzzles' cards, summed."""
    shapes = {name: Counter(map(typos_fit.shape, cards)) for name, cards in originals(dump).items()}
    everywhere = sum(shapes.values(), Counter())

    def columns(name, _typo):
        others = everywhere - shapes[name]
        total, kinds = sum(others.values()), len(everywhere)
        return lambda cards: [
            sum(-math.log((others[typos_fit.shape(c)] + 0.5) / (total + 0.5 * kinds)) for c in cards)
        ]

    return columns


def counts(cards):
    """The count profile: each pattern's halves' counts, as a sorted tuple."""
    seen = Counter(side for card in cards for side in card)
    out = []
    for pattern in {side[:-1] for card in cards for side in card}:
        plus, minus, itself = (seen.get(pattern + half, 0) for half in "+-=")
        out.append((-1, itself) if itself else tuple(sorted((plus, minus))))
    return len(cards), tuple(sorted(out))


# The smoothing's numbers of kinds: of whole profiles, of one pattern's counts.
PROFILES, PATTERN_COUNTS = 50, 30


def count_prior(dump):
    """`-ln` of the profile's share among the other puzzles of as many cards,
    and of each pattern's counts' share among their patterns, summed."""
    profiles = {name: counts(cards) for name, cards in originals(dump).items()}

    def columns(name, typo):
        others = [p for n, p in profiles.items() if n != name and p[0] == len(typo["cards"])]
        patterns = Counter(x for p in others for x in p[1])
        total = sum(patterns.values())

        def terms(cards):
            size, profile = counts(cards)
            whole = (sum(p == (size, profile) for p in others) + 0.5) / (len(others) + 0.5 * PROFILES)
            each = sum(-math.log((patterns[x] + 0.5) / (total + 0.5 * PATTERN_COUNTS)) for x in profile)
            return [-math.log(whole), each]

        return terms

    return columns


def by_profile(dump):
    """The score's ranks of the true fix, on the puzzles whose count profile
    another puzzle shares and on the others."""
    profiles = {name: counts(cards) for name, cards in originals(dump).items()}
    shared = Counter(profiles.values())
    out = {True: [], False: []}
    for typo in dump:
        truth = next(i for i, f in enumerate(typo["fixes"]) if f[6])
        out[shared[profiles[typo["puzzle"]]] > 1].append(truth + 1)
    return {key: np.array(ranks) for key, ranks in out.items()}


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


def measure(name, groups):
    typos_fit.report(f"terms and {name}, fitted on all", typos_fit.ranks(groups, fitted(groups)))
    even, odd = typos_fit.halves(groups)
    cross = np.concatenate([typos_fit.ranks(odd, fitted(even)), typos_fit.ranks(even, fitted(odd))])
    typos_fit.report(f"terms and {name}, each half fitted on the other", cross)


def main():
    dump = typos(sys.argv[1])
    plain = typos_fit.load(sys.argv[1])
    measure("the card prior", with_columns(plain, dump, card_prior(dump)))
    measure("the count prior", with_columns(plain, dump, count_prior(dump)))
    split = by_profile(dump)
    typos_fit.report("the score, puzzles whose count profile another shares", split[True])
    typos_fit.report("the score, puzzles whose count profile is their own", split[False])
    typos_fit.report("one entry per layout, in the score's order", layout_ranks(dump))


if __name__ == "__main__":
    main()
