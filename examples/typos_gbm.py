"""A gradient-boosted ranker of the typo fixes, against the weighted score.

Reads the same `--dump` as `examples/typos_fit.py` and ranks each typo's
fixes by LightGBM's LambdaRank on richer inputs than the score's nine
terms: those terms after the fix, their change from the typed puzzle, the
typed puzzle's own terms, the log of the solutions after the fix, and how
many fixes share the fix's side, card and typo. It is fitted on the
puzzles of even position (sorted by name) and measured on the others, and
the other way round, as `typos_fit.py` cross-fits the score, and reports
where the true fix ranks (ties counted against it, in card, side and
picture order).

    cargo run --release --example typos -- --dump > dump.jsonl
    python3 examples/typos_gbm.py dump.jsonl

Needs numpy, lightgbm and scikit-learn.
"""

import json
import math
import sys
from collections import Counter

import lightgbm
import numpy as np

from typos_fit import fixed, halves, report, terms


def load(path):
    typos = []
    # The dump's lines come in no fixed order; sorted, the trees' sampling
    # sees the same rows in the same order each run.
    for line in sorted(line for line in open(path, encoding="utf-8") if line.startswith("{")):
        typo = json.loads(line)
        cards, fixes = typo["cards"], typo["fixes"]
        size = round(math.sqrt(len(cards)))
        own = np.array(terms(cards, size), float)
        sides = Counter((f[0], f[1]) for f in fixes)
        per_card = Counter(f[0] for f in fixes)
        rows, truth, order = [], 0, []
        for i, (card, side, _, to, solutions, _, is_fix, *_) in enumerate(fixes):
            after = np.array(terms(fixed(cards, card, side, to), size), float)
            counts = [math.log(solutions) if solutions else -1.0]
            counts += [math.log(sides[(card, side)]), math.log(per_card[card]), math.log(len(fixes))]
            rows.append(np.concatenate([after, after - own, own, counts]))
            order.append(str((card, side, to)))
            truth = i if is_fix else truth
        ties = np.argsort(np.argsort(order))
        typos.append((typo["puzzle"], np.array(rows), truth, ties))
    return typos


def fitted(typos):
    model = lightgbm.LGBMRanker(
        n_estimators=300,
        learning_rate=0.05,
        num_leaves=15,
        min_child_samples=50,
        subsample=0.8,
        subsample_freq=1,
        colsample_bytree=0.8,
        verbose=-1,
    )
    x = np.vstack([t[1] for t in typos])
    y = np.concatenate([np.arange(len(t[1])) == t[2] for t in typos]).astype(int)
    model.fit(x, y, group=[len(t[1]) for t in typos])
    return model


def ranks(typos, model):
    out = []
    for _, x, truth, ties in typos:
        s = model.predict(x)
        better = (s > s[truth] + 1e-12) | ((abs(s - s[truth]) <= 1e-12) & (ties < ties[truth]))
        out.append(1 + int(better.sum()))
    return np.array(out)


def main():
    typos = load(sys.argv[1])
    even, odd = halves(typos)
    on_odd, on_even = ranks(odd, fitted(even)), ranks(even, fitted(odd))
    report("odd positions, fitted on even", on_odd)
    report("even positions, fitted on odd", on_even)
    report("all, each fitted without its puzzle", np.concatenate([on_odd, on_even]))
    report("all puzzles, fitted on all", ranks(typos, fitted(typos)))


if __name__ == "__main__":
    main()
