"""How the weights of the typo ranking (src/solve/diagnose/rank.rs) were chosen.

Reads the output of `cargo run --release --example typos -- --dump [FILES]`
(one JSON line per typo that leaves no solution, with every fix), computes
for the puzzle after each fix the terms that `rank::score` weighs, and
three of them times the typed puzzle's own value of the term (the fading
of their weights), fits their weights by a conditional logit (the true fix
against the other fixes of the same typo), then moves one weight at a time
while that puts the true fix in the top 3 more often, and reports where the
true fix ranks: fitted on all puzzles, and fitted on the puzzles of even
position (sorted by name) and measured on the others, and the other way
round. A fading weight `w - v * typed` reaches 0 at `typed = w / v`, the
fade of `rank::FADES`. Each report also gives where the true fix ranks
after one and two counts of a picture on the cards, asked for as `solve`
asks for them (src/solve/diagnose/counts.rs) with the fitted weights.

    cargo run --release --example typos -- --dump > dump.jsonl
    python3 examples/typos_fit.py dump.jsonl

Needs numpy.
"""

import json
import math
import sys
from collections import Counter

import numpy as np

TERMS = ["patterns", "pictures", "signs", "shape", "spread", "apart", "spare", "four_patterns", "twins"]
FADING = ["signs", "spread", "spare"]


def rarity(traits):
    seen = Counter(traits)
    return sum(-math.log(seen[t] / len(traits)) for t in traits)


def shape(card):
    def numbered(sides):
        first = {}
        return tuple((first.setdefault(s[:-1], len(first)), s[-1]) for s in sides)

    return min(numbered(card[r:] + card[:r]) for r in range(4))


def terms(cards, size):
    halves = {}
    for label, n in Counter(s for c in cards for s in c).items():
        h = halves.setdefault(label[:-1], [0, 0, 0])
        h["-+=".index(label[-1])] += n
    totals = [sum(h) for h in halves.values()]
    common = max(Counter(totals).items(), key=lambda kv: (kv[1], kv[0]))[0]
    pairs = sum(h[2] // 2 if h[2] else min(h[0], h[1]) for h in halves.values())
    turned = Counter(min(tuple(c[r:] + c[:r]) for r in range(4)) for c in cards)
    return [
        rarity([tuple(sorted(Counter(s[:-1] for s in c).values())) for c in cards]),
        rarity([tuple(sorted(Counter(c).values())) for c in cards]),
        rarity([(sum(s[-1] == "+" for s in c), sum(s[-1] == "-" for s in c)) for c in cards]),
        rarity([shape(c) for c in cards]),
        sum(abs(t - common) for t in totals),
        sum((h[0] - h[1]) ** 2 for h in halves.values() if h[2] == 0),
        max(pairs - 2 * size * (size - 1), 0),
        sum(len({s[:-1] for s in c}) == 4 for c in cards),
        sum(m * (m - 1) // 2 for m in turned.values()),
    ]


def fixed(cards, card, side, to):
    """The cards with picture `to` on side `side` of card `card`."""
    out = [list(c) for c in cards]
    out[card][side] = to
    return out


def halves(groups):
    """The groups of the puzzles of even position (sorted by name), and of odd."""
    names = sorted({g[0] for g in groups})
    return [[g for g in groups if names.index(g[0]) % 2 == k] for k in (0, 1)]


def load(path):
    groups = []
    for line in open(path, encoding="utf-8"):
        if not line.startswith("{"):
            continue
        typo = json.loads(line)
        cards = typo["cards"]
        size = round(math.sqrt(len(cards)))
        own = terms(cards, size)
        rows, truth, order = [], 0, []
        for i, (card, side, _, to, _, _, is_fix, *_) in enumerate(typo["fixes"]):
            row = terms(fixed(cards, card, side, to), size)
            rows.append(row + [-row[TERMS.index(t)] * own[TERMS.index(t)] for t in FADING])
            order.append((card, side, to))
            truth = i if is_fix else truth
        ties = np.argsort(np.argsort([str(o) for o in order]))
        groups.append((typo["puzzle"], np.array(rows, float), truth, ties))
    return groups


def stack(groups):
    x = np.vstack([g[1] for g in groups])
    starts = np.cumsum([0] + [len(g[1]) for g in groups[:-1]])
    truth = starts + np.array([g[2] for g in groups])
    return x, starts, truth


def fit(groups, l2=1e-3, steps=500, rate=0.05, prior=None):
    """The conditional logit's weights, by Adam steps on the standardized
    terms from `prior` (zero if none), with an L2 penalty `l2` on their
    distance from it."""
    x, starts, truth = stack(groups)
    sd = x.std(0) + 1e-9
    z = x / sd
    sizes = np.diff(np.append(starts, len(z)))
    w0 = np.zeros(x.shape[1]) if prior is None else prior * sd
    w, m, v = w0.copy(), np.zeros(x.shape[1]), np.zeros(x.shape[1])
    for step in range(1, steps + 1):
        s = -z @ w
        e = np.exp(s - np.repeat(np.maximum.reduceat(s, starts), sizes))
        p = e / np.repeat(np.add.reduceat(e, starts), sizes)
        g = (z[truth].sum(0) - (p[:, None] * z).sum(0)) / len(groups) + l2 * (w - w0)
        m, v = 0.9 * m + 0.1 * g, 0.999 * v + 0.001 * g * g
        w -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return w / sd


def top3(groups, w):
    return np.mean(ranks(groups, w) <= 3)


def search(groups, w, passes=3):
    """Moves one weight at a time while the top 3 holds the true fix more often."""
    best = top3(groups, w)
    for _ in range(passes):
        for j in range(len(w)):
            for factor in [0.5, 0.8, 0.9, 1.1, 1.25, 2.0, -1.0, 0.0]:
                tried = w.copy()
                tried[j] = w[j] * factor if w[j] != 0 else 0.05 * factor
                share = top3(groups, tried)
                if share > best + 1e-12:
                    best, w = share, tried
    return w


def ranks(groups, w):
    out = []
    for _, x, truth, ties in groups:
        s = x @ w
        better = (s < s[truth] - 1e-9) | ((abs(s - s[truth]) <= 1e-9) & (ties < ties[truth]))
        out.append(1 + int(better.sum()))
    return np.array(out)


def report(name, r):
    print(f"{name}: {len(r)} typos, first {np.mean(r == 1):.1%}, top 3 {np.mean(r <= 3):.1%}, top 10 {np.mean(r <= 10):.1%}")


def shifts(path):
    """Per typo of the dump: how each fix changes the count of each picture
    (-1, 0 or +1), one row per fix, one column per picture."""
    out = []
    for line in open(path, encoding="utf-8"):
        if not line.startswith("{"):
            continue
        typo = json.loads(line)
        pictures = [p for p, _ in typo["counts"]]
        out.append(np.array([[(f[3] == p) - (f[2] == p) for p in pictures] for f in typo["fixes"]]))
    return out


def asked(chance, shift, alive):
    """The picture `solve` asks to count among the fixes `alive`: the one
    whose count leaves the most chance in the first three, on average over
    the answers; None when none beats the three as they stand."""
    top3 = lambda c: np.sort(c)[::-1][:3].sum()
    best, now = None, top3(chance[alive]) * (1 + 1e-9)
    for picture in range(shift.shape[1]):
        held = sum(top3(chance[alive][shift[alive, picture] == a]) for a in (-1, 0, 1))
        if held > (now if best is None else best[0]):
            best = (held, picture)
    return None if best is None or len(alive) <= 3 else best[1]


def counted_ranks(groups, moves, w, counts):
    """The true fix's rank after `counts` counts asked for as `solve` asks,
    each answered as the true puzzle would."""
    out = []
    for (_, x, truth, ties), shift in zip(groups, moves):
        s = x @ w
        chance = np.exp(s.min() - s)
        alive = np.arange(len(s))
        for _ in range(counts):
            picture = asked(chance, shift, alive)
            if picture is not None:
                alive = alive[shift[alive, picture] == shift[truth, picture]]
        better = (s[alive] < s[truth] - 1e-9) | ((abs(s[alive] - s[truth]) <= 1e-9) & (ties[alive] < ties[truth]))
        out.append(1 + int(better.sum()))
    return np.array(out)


def main():
    groups = load(sys.argv[1])
    moves = shifts(sys.argv[1])
    even, odd = halves(groups)
    w = search(groups, fit(groups))
    names = TERMS + [f"{t} x typed" for t in FADING]
    print("weights fitted on all:", {t: round(float(v), 3) for t, v in zip(names, w)})
    print("fades:", {t: round(float(w[TERMS.index(t)] / w[len(TERMS) + i]), 1) for i, t in enumerate(FADING) if w[len(TERMS) + i]})
    report("all puzzles, fitted on all", ranks(groups, w))
    we, wo = search(even, fit(even)), search(odd, fit(odd))
    report("odd positions, fitted on even", ranks(odd, we))
    report("even positions, fitted on odd", ranks(even, wo))
    names = sorted({g[0] for g in groups})
    side = [names.index(g[0]) % 2 for g in groups]
    for k in (1, 2):
        report(f"all puzzles, fitted on all, after {k} count(s)", counted_ranks(groups, moves, w, k))
        cross = [counted_ranks([g], [m], wo if half == 0 else we, k)[0] for g, m, half in zip(groups, moves, side)]
        report(f"all puzzles, each half fitted on the other, after {k} count(s)", np.array(cross))


if __name__ == "__main__":
    main()
