//! Which single-picture change most plausibly undoes a typo.
//!
//! A puzzle typed with one picture wrong has, as a rule, many single
//! changes that make it solvable again (tens on a real 3x3 puzzle); the
//! true fix is one of them. Each is scored by how much the puzzle after it
//! looks like a real one, an observation about the real puzzles in
//! `fixtures/` (docs/typos.md measures it and says how the weights were
//! chosen):
//! 1. **Cards alike** ([`trait_rarities`], [`card_shapes`]): the cards of a real puzzle resemble
//!    each other: most show four different patterns, or all show the same
//!    mix of halves; a typo makes one card odd, and the fix makes it like
//!    the others again. Cards showing four different patterns, and pairs
//!    of identical cards, count in favour.
//! 2. **Balance** ([`imbalance`], [`halves_apart`]): a maker draws each
//!    pattern about as often as the others and each half about as often as
//!    the other; a typo moves one picture from one pattern or half to
//!    another, and the fix moves it back.
//! 3. **Few spare pairs** ([`spare_pairs`]): the pictures of a real puzzle
//!    make about as many matching pairs as the grid has inner boundaries,
//!    rarely many more.
//!
//! The score is their weighted sum ([`score`]), lowest first. Three weights
//! fade as the typed puzzle itself shows more of their term ([`faded`]): a
//! puzzle whose cards mix their halves unevenly, whose patterns occur
//! unevenly or whose pictures make many spare pairs was made so, and a fix
//! that evens them out is no likelier the true one. Ties go to the change
//! after which the puzzle has fewest solutions (a maker builds a puzzle
//! with one or few), then card, side, picture order.

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::{Change, Edit, changed, edit, folded, pattern_counts, place};
use crate::context::{Context, Threads};
use crate::solve::{Goal, Order, Search, Solver};
use crate::{Pattern, Picture, Piece, Puzzle, Result, Sign};

/// Each pattern's count of `-` and `+` pictures (a picture that matches
/// itself counts as `-`).
fn halves(puzzle: &Puzzle) -> BTreeMap<Pattern, [usize; 2]> {
    let mut halves: BTreeMap<Pattern, [usize; 2]> = BTreeMap::new();
    for (picture, count) in puzzle.picture_indices() {
        let entry = halves.entry(picture.pattern()).or_default();
        entry[usize::from(picture.sign() == Sign::Plus)] += count;
    }
    halves
}

/// The sum, over patterns, of how far each pattern's count lies from the
/// most common count. `O(N)` for `N` cards.
fn spread(puzzle: &Puzzle) -> usize {
    let totals: Vec<usize> = halves(puzzle).values().map(|[a, b]| a + b).collect();
    let common = most_common(&totals);
    totals.iter().map(|t| t.abs_diff(common)).sum()
}

/// The signed patterns' `(-, +)` counts.
fn signed_halves(puzzle: &Puzzle) -> impl Iterator<Item = [usize; 2]> {
    halves(puzzle)
        .into_iter()
        .filter(|(pattern, _)| !self_matching(puzzle, *pattern))
        .map(|(_, counts)| counts)
}

/// How far the pictures' counts stray from the balance the puzzle shows:
/// [`spread`], plus how far each signed pattern's two halves lie apart
/// beyond one. 0 when every pattern occurs equally often and every pair of
/// halves is within one. `O(N)` for `N` cards.
pub(crate) fn imbalance(puzzle: &Puzzle) -> usize {
    let apart: usize = signed_halves(puzzle)
        .map(|[a, b]| a.abs_diff(b).saturating_sub(1))
        .sum();
    spread(puzzle) + apart
}

/// The sum, over signed patterns, of the square of how far its two halves'
/// counts lie apart. `O(N)` for `N` cards.
pub(crate) fn halves_apart(puzzle: &Puzzle) -> usize {
    signed_halves(puzzle).map(|[a, b]| a.abs_diff(b).pow(2)).sum()
}

/// How many more matching pairs the pictures make than the grid has inner
/// boundaries (`2n(n-1)`); 0 on a puzzle whose pictures pair up exactly.
/// `O(N)` for `N` cards.
pub(crate) fn spare_pairs(puzzle: &Puzzle) -> usize {
    let n = puzzle.size();
    let pairs: usize = pattern_counts(puzzle).iter().map(|(pairs, _)| pairs).sum();
    pairs.saturating_sub(2 * n * (n - 1))
}

/// The rarity of four traits of a card: how often each pattern occurs on
/// it, sorted; how often each picture does, sorted; how many `+` and `-`
/// halves it shows; its shape (its patterns and halves clockwise, the
/// patterns numbered as they first occur, from the turn that reads least).
/// Each is the sum over cards of `-ln(share of the cards with the same
/// trait)`: 0 when all cards share it. `O(N log N)` for `N` cards.
pub(crate) fn trait_rarities(puzzle: &Puzzle) -> [f64; 4] {
    let pieces = puzzle.pieces();
    let patterns = |p: &Piece| multiplicities(p.sides().map(Picture::pattern));
    let pictures = |p: &Piece| multiplicities(p.sides());
    let signs = |p: &Piece| {
        let plus = p.sides().iter().filter(|s| s.sign() == Sign::Plus).count();
        let minus = p.sides().iter().filter(|s| s.sign() == Sign::Minus).count();
        vec![plus, minus]
    };
    [
        rarity(pieces.iter().map(patterns).collect()),
        rarity(pieces.iter().map(pictures).collect()),
        rarity(pieces.iter().map(signs).collect()),
        rarity(pieces.iter().map(shape).collect()),
    ]
}

/// A card's shape: its patterns (numbered as they first occur) and halves
/// clockwise, from the turn that reads least.
fn shape(piece: &Piece) -> Vec<(usize, Sign)> {
    (0..4)
        .map(|r| {
            let mut seen: Vec<Pattern> = Vec::new();
            piece
                .rotated(r)
                .sides()
                .iter()
                .map(|side| {
                    let number = seen.iter().position(|&p| p == side.pattern()).unwrap_or_else(|| {
                        seen.push(side.pattern());
                        seen.len() - 1
                    });
                    (number, side.sign())
                })
                .collect()
        })
        .min()
        .unwrap_or_default()
}

/// The cards showing four different patterns, and the pairs of identical
/// cards (the same pictures in the same turn order). `O(N log N)`.
fn card_shapes(puzzle: &Puzzle) -> (usize, usize) {
    let pieces = puzzle.pieces();
    let four = pieces
        .iter()
        .filter(|p| multiplicities(p.sides().map(Picture::pattern)).len() == 4)
        .count();
    let turned = |p: &Piece| (0..4).map(|r| p.rotated(r).sides()).min().unwrap_or(p.sides());
    let alike = multiplicities(pieces.iter().map(turned));
    (four, alike.iter().map(|m| m * (m - 1) / 2).sum())
}

/// How often each distinct value occurs among `values`, sorted.
fn multiplicities<T: Ord>(values: impl IntoIterator<Item = T>) -> Vec<usize> {
    let mut seen: BTreeMap<T, usize> = BTreeMap::new();
    for v in values {
        *seen.entry(v).or_default() += 1;
    }
    let mut out: Vec<usize> = seen.into_values().collect();
    out.sort_unstable();
    out
}

/// The sum over `traits` of `-ln(share of the traits equal to it)`.
fn rarity<T: Ord>(traits: Vec<T>) -> f64 {
    let n = traits.len() as f64;
    let mut seen: BTreeMap<&T, usize> = BTreeMap::new();
    for t in &traits {
        *seen.entry(t).or_default() += 1;
    }
    traits.iter().map(|t| -(seen[t] as f64 / n).ln()).sum()
}

/// Whether `pattern`'s pictures match themselves (`X=`).
fn self_matching(puzzle: &Puzzle, pattern: Pattern) -> bool {
    puzzle
        .pictures()
        .any(|p| p.pattern() == pattern && p.sign() == Sign::Same)
}

/// The most common value (the larger on a tie); 0 for none.
fn most_common(values: &[usize]) -> usize {
    let mut seen: BTreeMap<usize, usize> = BTreeMap::new();
    for &v in values {
        *seen.entry(v).or_default() += 1;
    }
    seen.into_iter()
        .max_by_key(|&(value, times)| (times, value))
        .map_or(0, |(value, _)| value)
}

/// Solutions modulo rotation (identical cards searched in one order and
/// the count scaled back, [`Solver::counting`]): `None` when `stop` came
/// first.
fn solutions(puzzle: &Puzzle, context: &Context) -> Result<Option<u64>> {
    let solver = Solver::counting(puzzle, Order::Spiral.strategy(), 0)?;
    let search = Search::within(Goal::Count { keep: 0 }, context)
        .on(Threads::One)
        .without_stats();
    let outcome = solver.run(&search);
    Ok((!outcome.stats.stopped).then_some(outcome.solutions))
}

/// The order of [`ranked`]: the score, then solutions (uncounted last),
/// then card, side and picture.
fn order(a: &Edit, b: &Edit) -> std::cmp::Ordering {
    let solutions = |e: &Edit| e.solutions.unwrap_or(u64::MAX);
    a.score
        .total_cmp(&b.score)
        .then(solutions(a).cmp(&solutions(b)))
        .then_with(|| (a.at.card, a.at.side, &a.to).cmp(&(b.at.card, b.at.side, &b.to)))
}

/// The weights of [`score`]'s terms, chosen on the real puzzles
/// (docs/typos.md): the rarity of each card trait ([`trait_rarities`]'s
/// four), the spread of the patterns' counts, the halves apart, the spare
/// pairs, the cards with four different patterns and the pairs of identical
/// cards.
const WEIGHTS: Terms = Terms {
    traits: [0.15, 0.3, 0.85, 0.1],
    spread: 0.65,
    apart: 0.15,
    spare: 1.9,
    four_patterns: -0.9,
    twins: -0.35,
};

/// Where the weight of a term fades to nothing: the weight of the rarity of
/// the cards' halves, of the spread and of the spare pairs shrinks in
/// proportion to the typed puzzle's own value of that term and is 0 from
/// these values on ([`faded`]).
const FADES: Fades = Fades {
    signs: 10.5,
    spread: 45.0,
    spare: 6.5,
};

/// [`score`]'s terms of one puzzle, or their weights ([`WEIGHTS`]).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Terms {
    /// The rarity of the four card traits ([`trait_rarities`]).
    traits: [f64; 4],
    /// The spread of the patterns' counts ([`imbalance`]'s first part).
    spread: f64,
    /// How far each pattern's halves lie apart ([`halves_apart`]).
    apart: f64,
    /// The [`spare_pairs`].
    spare: f64,
    /// The cards with four different patterns ([`card_shapes`]).
    four_patterns: f64,
    /// The pairs of identical cards ([`card_shapes`]).
    twins: f64,
}

/// See [`FADES`].
struct Fades {
    signs: f64,
    spread: f64,
    spare: f64,
}

/// The terms of `puzzle`. `O(N log N)` for `N` cards.
fn terms(puzzle: &Puzzle) -> Terms {
    let (four, twins) = card_shapes(puzzle);
    Terms {
        traits: trait_rarities(puzzle),
        spread: spread(puzzle) as f64,
        apart: halves_apart(puzzle) as f64,
        spare: spare_pairs(puzzle) as f64,
        four_patterns: four as f64,
        twins: twins as f64,
    }
}

/// `weight` shrunk in proportion to `typed`, a term's value on the typed
/// puzzle: the whole weight at 0, none from `fade` on. A puzzle that
/// already shows much of a term (many spare pairs, say) shows it by design,
/// not by a typo.
fn faded(weight: f64, typed: f64, fade: f64) -> f64 {
    weight * (1.0 - typed / fade).max(0.0)
}

/// The weights of [`score`] for fixes of `typed`: [`WEIGHTS`], three of
/// them [`faded`] by the typed puzzle's own terms.
fn weights(typed: &Puzzle) -> Terms {
    let (own, mut w) = (terms(typed), WEIGHTS);
    w.traits[2] = faded(w.traits[2], own.traits[2], FADES.signs);
    w.spread = faded(w.spread, own.spread, FADES.spread);
    w.spare = faded(w.spare, own.spare, FADES.spare);
    w
}

/// The score of `fixed`, `typed` after one change (lower is likelier a
/// real puzzle): the sum of its [`terms`] (the rarity of its card traits,
/// the spread of its patterns' counts, how far each pattern's halves lie
/// apart, its spare pairs, its cards with four different patterns, its
/// pairs of identical cards), each times its [`weights`] for `typed`.
/// `O(N log N)` for `N` cards.
pub(crate) fn score(typed: &Puzzle, fixed: &Puzzle) -> f64 {
    let (w, t) = (weights(typed), terms(fixed));
    let traits: f64 = t.traits.iter().zip(w.traits).map(|(r, w)| r * w).sum();
    traits
        + w.spread * t.spread
        + w.apart * t.apart
        + w.spare * t.spare
        + w.four_patterns * t.four_patterns
        + w.twins * t.twins
}

/// `fixes` (changes that make `puzzle` solvable, in card, side, picture
/// order) as edits, one per puzzle they make ([`folded`], the others as
/// [`Edit::also`]), their solutions counted on every core until `stop`,
/// most plausible first.
pub(super) fn ranked(puzzle: &Puzzle, fixes: &[Change], context: &Context) -> Result<Vec<Edit>> {
    let edits: Vec<Result<Edit>> = folded(puzzle, fixes)
        .par_iter()
        .map(|(change, same)| {
            let fixed = changed(puzzle, &[*change]);
            let mut e = edit(puzzle, *change, &fixed);
            e.also = same.iter().map(|&(card, side, _)| place(puzzle, card, side)).collect();
            e.solutions = solutions(&fixed, context)?;
            Ok(e)
        })
        .collect();
    let mut edits: Vec<Edit> = edits.into_iter().collect::<Result<_>>()?;
    edits.sort_by(order);
    Ok(edits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_breaks_the_balance_and_makes_a_card_odd() {
        // Four patterns, each 4 times, halves 2 and 2, every card alike.
        let even: Puzzle = "1+ 2+ 3- 4-\n2+ 3+ 4- 1-\n3+ 4+ 1- 2-\n4+ 1+ 2- 3-".parse().unwrap();
        let oddness = |p: &Puzzle| trait_rarities(p).iter().sum::<f64>();
        assert_eq!((imbalance(&even), oddness(&even)), (0, 0.0));
        // Eight pairs for four inner boundaries; four cards of four
        // patterns, no two alike.
        assert_eq!(
            (spare_pairs(&even), halves_apart(&even), card_shapes(&even)),
            (4, 0, (4, 0))
        );
        // Card 1's 2+ typed 1+: pattern 1 five times, pattern 2 three; halves
        // 3:2 and 1:2; card 1 shows pattern 1 twice and three + halves.
        let typo: Puzzle = "1+ 1+ 3- 4-\n2+ 3+ 4- 1-\n3+ 4+ 1- 2-\n4+ 1+ 2- 3-".parse().unwrap();
        assert_eq!(imbalance(&typo), 2);
        assert!(oddness(&typo) > 0.0);
        assert_eq!((halves_apart(&typo), card_shapes(&typo)), (2, (3, 0)));
        assert!(score(&typo, &even) < score(&typo, &typo));
    }

    #[test]
    fn a_card_turned_is_the_same_shape_and_the_same_card() {
        let puzzle: Puzzle = "1+ 2- 1- 3+\n2- 1- 3+ 1+\n1+ 3+ 1- 2-\n3+ 3- 2+ 2-".parse().unwrap();
        let pieces = puzzle.pieces();
        assert_eq!(shape(&pieces[0]), shape(&pieces[1]));
        assert_ne!(shape(&pieces[0]), shape(&pieces[2]));
        assert_ne!(shape(&pieces[0]), shape(&pieces[3]));
        // Cards 1 and 2 are one card turned; no card shows four patterns.
        assert_eq!(card_shapes(&puzzle), (0, 1));
        // Other patterns in the same places: one shape (docs/typos.md).
        let other: Puzzle = "3- 4- 2+ 4+\n1+ 1+ 1+ 1+\n2+ 2+ 2+ 2+\n3+ 3+ 3+ 3+".parse().unwrap();
        assert_eq!(shape(&pieces[0]), shape(&other.pieces()[0]));
    }

    #[test]
    fn a_weight_fades_as_the_typed_puzzle_shows_its_term() {
        assert_eq!(faded(2.0, 0.0, 4.0), 2.0);
        assert_eq!(faded(2.0, 1.0, 4.0), 1.5);
        assert_eq!(faded(2.0, 5.0, 4.0), 0.0);
        // Four patterns, each 4 times: no spread, four spare pairs on a 2x2.
        let even: Puzzle = "1+ 2+ 3- 4-\n2+ 3+ 4- 1-\n3+ 4+ 1- 2-\n4+ 1+ 2- 3-".parse().unwrap();
        let w = weights(&even);
        assert_eq!((w.spread, w.traits[2]), (WEIGHTS.spread, WEIGHTS.traits[2]));
        assert_eq!(w.spare, faded(WEIGHTS.spare, 4.0, FADES.spare));
        assert!(0.0 < w.spare && w.spare < WEIGHTS.spare);
        // The unfaded weights stay.
        assert_eq!(
            (w.apart, w.twins, w.traits[0]),
            (WEIGHTS.apart, WEIGHTS.twins, WEIGHTS.traits[0])
        );
    }
}
