//! Which single-picture change most plausibly undoes a typo.
//!
//! A puzzle typed with one picture wrong has, as a rule, many single
//! changes that make it solvable again (tens on a real 3x3 puzzle); the
//! true fix is one of them. They are ranked by what the rest of the puzzle
//! shows, an observation about real puzzles (docs/typos.md measures it):
//! 1. **Cards alike** ([`oddness`]): the cards of a real puzzle resemble
//!    each other: most show four different patterns, or all show the same
//!    mix of halves; a typo makes one card odd, and the fix makes it like
//!    the others again.
//! 2. **Balance** ([`imbalance`]): a maker draws each pattern about as
//!    often as the others and each half about as often as the other; a typo
//!    moves one picture from one pattern or half to another, and the fix
//!    moves it back.
//!
//! The score is their sum, lowest first; ties go to the change after which
//! the puzzle has fewest solutions (a maker builds a puzzle with one or
//! few), then card, side, picture order.

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::{Change, Edit, changed, edit};
use crate::solve::{Goal, Order, Search, Solver, Stop, Threads};
use crate::{Pattern, Picture, Piece, Puzzle, Result, Sign};

/// How far the pictures' counts stray from the balance the puzzle shows:
/// the sum, over patterns, of how far each pattern's count lies from the
/// most common count, plus how far each signed pattern's two halves lie
/// apart beyond one. 0 when every pattern occurs equally often and every
/// pair of halves is within one. `O(N)` for `N` cards.
pub(crate) fn imbalance(puzzle: &Puzzle) -> usize {
    let mut halves: BTreeMap<Pattern, [usize; 2]> = BTreeMap::new();
    for (picture, count) in puzzle.picture_indices() {
        let entry = halves.entry(picture.pattern()).or_default();
        entry[usize::from(picture.sign() == Sign::Plus)] += count;
    }
    let totals: Vec<usize> = halves.values().map(|[a, b]| a + b).collect();
    let common = most_common(&totals);
    let spread: usize = totals.iter().map(|t| t.abs_diff(common)).sum();
    let apart: usize = halves
        .iter()
        .filter(|(pattern, _)| !self_matching(puzzle, **pattern))
        .map(|(_, [a, b])| a.abs_diff(*b).saturating_sub(1))
        .sum();
    spread + apart
}

/// How odd the cards look beside each other: for three traits of a card
/// (how often each pattern occurs on it, sorted; how often each picture
/// occurs on it, sorted; how many `+` and `-` halves it shows), the sum
/// over cards of `-ln(share of the cards with the same trait)`. 0 when all
/// cards share every trait. `O(N log N)` for `N` cards.
pub(crate) fn oddness(puzzle: &Puzzle) -> f64 {
    let pieces = puzzle.pieces();
    let patterns = |p: &Piece| multiplicities(p.sides().map(Picture::pattern));
    let pictures = |p: &Piece| multiplicities(p.sides());
    let signs = |p: &Piece| {
        let plus = p.sides().iter().filter(|s| s.sign() == Sign::Plus).count();
        let minus = p.sides().iter().filter(|s| s.sign() == Sign::Minus).count();
        vec![plus, minus]
    };
    rarity(pieces.iter().map(patterns).collect())
        + rarity(pieces.iter().map(pictures).collect())
        + rarity(pieces.iter().map(signs).collect())
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
fn rarity(traits: Vec<Vec<usize>>) -> f64 {
    let n = traits.len() as f64;
    let mut seen: BTreeMap<&Vec<usize>, usize> = BTreeMap::new();
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

/// Solutions modulo rotation: `None` when `stop` came first.
fn solutions(puzzle: &Puzzle, stop: &Stop) -> Result<Option<u64>> {
    let solver = Solver::new(puzzle, Order::Spiral, 0)?;
    let search = Search::new(Goal::Count { keep: 0 })
        .on(Threads::One)
        .until(stop)
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
        .then_with(|| (a.card, a.side, &a.to).cmp(&(b.card, b.side, &b.to)))
}

/// The score of `puzzle` (lower is likelier): [`oddness`] plus
/// [`imbalance`].
pub(crate) fn score(puzzle: &Puzzle) -> f64 {
    oddness(puzzle) + imbalance(puzzle) as f64
}

/// `fixes` (changes that make `puzzle` solvable) as edits, their solutions
/// counted on every core until `stop`, most plausible first.
pub(super) fn ranked(puzzle: &Puzzle, fixes: &[Change], stop: &Stop) -> Result<Vec<Edit>> {
    let edits: Vec<Result<Edit>> = fixes
        .par_iter()
        .map(|&change| {
            let mut e = edit(puzzle, change);
            e.solutions = solutions(&changed(puzzle, &[change]), stop)?;
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
        assert_eq!((imbalance(&even), oddness(&even)), (0, 0.0));
        // Card 1's 2+ typed 1+: pattern 1 five times, pattern 2 three; halves
        // 3:2 and 1:2; card 1 shows pattern 1 twice and three + halves.
        let typo: Puzzle = "1+ 1+ 3- 4-\n2+ 3+ 4- 1-\n3+ 4+ 1- 2-\n4+ 1+ 2- 3-".parse().unwrap();
        assert_eq!(imbalance(&typo), 2);
        assert!(oddness(&typo) > 0.0);
        assert!(score(&typo) > score(&even));
    }
}
