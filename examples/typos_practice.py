"""Can the ranking learn a puzzle's own style by practising on it?

The weights that put the true fix in the top 3 differ from puzzle to
puzzle. This tries to learn them for the typed puzzle alone: take the
likeliest fix (the dump's first) as the puzzle meant, make every
one-picture typo of that puzzle that leaves no solution (but the typed
puzzle itself, whatever the cards' order and turns), and refit the
weights so that those typos' true fixes rank first (the conditional logit
of `typos_fit.py`, held near the weights fitted on the other half of the
puzzles by an L2 penalty of strength `lam` on the standardized terms);
then rank the typed puzzle's fixes again.

It is measured on a random sample (seeded) of the 3x3 typos: 150 whose
true fix the score puts below third, and 100 it puts second or third, so
that the likeliest fix is not the true one. Beside it, the same practice
on the true puzzle's other typos, which the tool cannot know: how much
there is to learn, and that it comes from knowing the puzzle.

    cargo run --release --example typos -- --dump > dump.jsonl
    python3 examples/typos_practice.py dump.jsonl

It runs the typos example on the 250 puzzles taken as meant, then the
fits: 14 to 20 minutes on a 2-core machine. Needs numpy.
"""

import os
import random
import subprocess
import sys
import tempfile
from collections import defaultdict

import numpy as np

import typos_fit
from typos_more import fitted, typos

SAMPLE = {"below third": 150, "second or third": 100}
STRENGTHS = [0.3, 0.1, 0.03]


def same(cards):
    """The cards up to their order and turns: equal for the same puzzle."""
    return sorted(min(tuple(c[r:] + c[:r]) for r in range(4)) for c in cards)


def sample(dump):
    """The sampled typos' indices, by stratum."""
    strata = defaultdict(list)
    for i, typo in enumerate(dump):
        rank = 1 + next(k for k, f in enumerate(typo["fixes"]) if f[6])
        if len(typo["cards"]) == 9 and rank > 1:
            strata["below third" if rank > 3 else "second or third"].append(i)
    chosen = random.Random(1)
    return {name: chosen.sample(strata[name], n) for name, n in SAMPLE.items()}


def practice(dump, chosen, folder):
    """The dump of every typo of each sampled typo's likeliest fix, by index."""
    files = []
    for i in (i for ids in chosen.values() for i in ids):
        card, side, _, to = dump[i]["fixes"][0][:4]
        path = os.path.join(folder, f"s{i}.txt")
        with open(path, "w", encoding="utf-8") as out:
            out.write(f"# s{i} (3x3)\n")
            out.writelines(" ".join(c) + "\n" for c in typos_fit.fixed(dump[i]["cards"], card, side, to))
        files.append(path)
    path = os.path.join(folder, "dump.jsonl")
    with open(path, "w", encoding="utf-8") as out:
        command = ["cargo", "run", "--release", "--quiet", "--example", "typos", "--", "--dump"]
        subprocess.run(command + files, stdout=out, check=True)
    out = defaultdict(list)
    for typo, group in zip(typos(path), typos_fit.load(path)):
        out[int(typo["puzzle"][1:])].append((typo["cards"], group))
    return out


def main():
    dump = typos(sys.argv[1])
    groups = typos_fit.load(sys.argv[1])
    even, odd = typos_fit.halves(groups)
    evens = {g[0] for g in even}
    # Each puzzle's weights fitted on the other half of the puzzles.
    other_half = {True: fitted(odd), False: fitted(even)}
    alike = [same(typo["cards"]) for typo in dump]
    chosen = sample(dump)
    with tempfile.TemporaryDirectory() as folder:
        practised = practice(dump, chosen, folder)
    by_puzzle = defaultdict(list)
    for i, group in enumerate(groups):
        by_puzzle[group[0]].append(i)

    def top3(i, w):
        return int(typos_fit.ranks([groups[i]], w)[0] <= 3)

    for lam in STRENGTHS:
        for name, ids in chosen.items():
            hits = np.zeros(3, int)
            for i in ids:
                prior = other_half[groups[i][0] in evens]
                meant = [g for cards, g in practised[i] if same(cards) != alike[i]]
                true = [groups[j] for j in by_puzzle[groups[i][0]] if alike[j] != alike[i]]
                hits += [
                    top3(i, prior),
                    top3(i, typos_fit.fit(meant, lam, 300, prior=prior)),
                    top3(i, typos_fit.fit(true, lam, 300, prior=prior)),
                ]
            print(f"lam {lam}, {len(ids)} typos the score ranks {name}: true fix in the top 3 "
                  f"{hits[0]} cross-fitted, {hits[1]} practised on the likeliest fix, "
                  f"{hits[2]} practised on the true puzzle", flush=True)


if __name__ == "__main__":
    main()
