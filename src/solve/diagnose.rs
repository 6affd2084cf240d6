//! Why a puzzle has no solution, in terms a person can act on.
//!
//! Cheapest first:
//! 1. **Counting** (`shortage`): every inner boundary of an `n x n` grid
//!    (`2n(n-1)` of them) needs a matching pair of pictures, one on each
//!    card. A pattern with `a` pictures of one half and `b` of the other
//!    makes at most `min(a, b)` pairs (a picture that matches itself,
//!    `floor(a / 2)`); the rest must lie on the border, which has `4n`
//!    sides. Too few pairs is no solution, with the numbers to show it.
//! 2. **Misfits** (misfits): a card whose sides meet a matching picture on
//!    some other card on no two neighbouring sides fits in no cell (every
//!    cell has two neighbouring inner sides).
//! 3. **The smallest edit** ([`Edits`]): one picture on one card changed to
//!    another picture of the puzzle's patterns, every such change tried
//!    (those the counting argument and the misfit check already rule out
//!    are skipped), each judged by a search for a first solution; changes
//!    that make the same puzzle (on identical cards, or on two sides of a
//!    card that looks the same turned) are one edit with several places.
//!    When none works, pairs of changes until a few work. Bounded by the context's
//!    stop ([`crate::Context`]): what was tried by then is reported, and said to be incomplete.
//! 4. **Counts on the cards** (`counts`): a picture counted on the real
//!    cards drops the fixes that would leave it otherwise
//!    ([`Diagnosis::counted`]); the picture worth counting is named.
//!
//! Matching uses the puzzle's own complement ([`Picture::complement`]), so
//! a picture that is its own complement pairs with itself.

use std::collections::BTreeMap;
use std::time::Duration;

use rayon::prelude::*;
use serde::Serialize;

use crate::context::{Context, Threads};
use crate::puzzle::DIRECTIONS;
use crate::solve::{Goal, Order, Search, Solver};
use crate::{Picture, Piece, Puzzle, Result};

mod counts;
pub(crate) mod explain;
pub(crate) mod rank;

pub(crate) use counts::{Ask, Count};

/// How long a front-end lets the search for changes ([`diagnose`],
/// [`alternatives`]) run when the user sets no time limit: the command
/// line and the Python package alike, and the page for [`alternatives`]
/// (it answers "why no solution" sooner, within 3 s).
pub const BUDGET: Duration = Duration::from_secs(10);

/// At most this many two-picture edits are reported.
pub(crate) const TWO_EDITS_SHOWN: usize = 10;

/// What [`diagnose`] found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnosis {
    /// Too few matching pairs for the inner boundaries, if so.
    pub(crate) shortage: Option<Shortage>,
    /// Cards that fit in no cell.
    pub(crate) misfits: Vec<Misfit>,
    /// Changes of one or two pictures that make the puzzle solvable.
    pub(crate) edits: Edits,
}

/// The counting argument's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Shortage {
    /// Inner boundaries: `2n(n-1)`, each needing a matching pair.
    pub(crate) inner_boundaries: usize,
    /// The matching pairs the pictures can make.
    pub(crate) pairs: usize,
    /// Border sides: `4n`.
    pub(crate) border_sides: usize,
    /// Pictures left without a partner (all must lie on the border).
    pub(crate) unpaired: usize,
    /// Per pattern with unpaired pictures: the counts behind them.
    pub(crate) patterns: Vec<PatternCount>,
}

/// How often each half of a pattern occurs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PatternCount {
    /// The picture (as the file writes it) and how often it occurs.
    pub(crate) picture: String,
    /// How often it occurs.
    pub(crate) count: usize,
    /// Its complement, `None` when the picture matches itself.
    pub(crate) complement: Option<String>,
    /// How often the complement occurs.
    pub(crate) complement_count: usize,
    /// Pictures of this pattern without a partner.
    pub(crate) unpaired: usize,
}

/// A card that fits in no cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Misfit {
    /// The card (0-based; in JSON from 1, as pieces are numbered).
    #[serde(serialize_with = "from_one")]
    pub(crate) card: usize,
    /// The card's label.
    pub(crate) label: String,
    /// The directions (`top`, ...) whose picture some other card matches.
    pub(crate) matched_sides: Vec<&'static str>,
}

/// One picture on one card changed.
#[derive(Clone, Debug, PartialEq, PartialOrd, Serialize)]
pub(crate) struct Edit {
    /// The card and side changed (`card`, `label`, `side`, `direction`).
    #[serde(flatten)]
    pub(crate) at: Place,
    /// The picture there now.
    pub(crate) from: String,
    /// The picture that makes the puzzle solvable.
    pub(crate) to: String,
    /// Solutions modulo rotation after the change; `None` when the budget
    /// ran out before they were counted.
    pub(crate) solutions: Option<u64>,
    /// How far the pictures' counts after the change stray from the balance
    /// the puzzle shows (docs/typos.md): 0 is none.
    pub(crate) imbalance: usize,
    /// The plausibility score after the change (docs/typos.md): lower is
    /// likelier the fix of a typo.
    pub(crate) score: f64,
    /// The other cards and sides where the same change gives the same
    /// puzzle (an identical card, or a side that the card shows again after
    /// a turn): one fix, listed once.
    pub(crate) also: Vec<Place>,
}

/// A side of a card.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Serialize)]
pub(crate) struct Place {
    /// The card (0-based; in JSON from 1, as pieces are numbered).
    #[serde(serialize_with = "from_one")]
    pub(crate) card: usize,
    /// The card's label.
    pub(crate) label: String,
    /// The side as written (0 top, 1 right, 2 bottom, 3 left).
    pub(crate) side: usize,
    /// `top`, `right`, `bottom` or `left`.
    pub(crate) direction: &'static str,
}

/// A 0-based card index written as the documents number cards: from 1.
fn from_one<S: serde::Serializer>(card: &usize, serializer: S) -> std::result::Result<S::Ok, S::Error> {
    serializer.serialize_u64(*card as u64 + 1)
}

/// The edits that make the puzzle solvable.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Edits {
    /// Every change of one picture that does (all of them when `complete`).
    pub(crate) one: Vec<Edit>,
    /// When no single change does: up to ten pairs of
    /// changes that do.
    pub(crate) two: Vec<[Edit; 2]>,
    /// Candidate puzzles judged by a search.
    pub(crate) searched: u64,
    /// Whether every candidate was judged (single changes, then pairs until
    /// enough were found); `false` when the budget ran out.
    pub(crate) complete: bool,
    /// The pictures counted on the real cards that the edits were narrowed
    /// by ([`Edits::counted`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) counts: Vec<Count>,
    /// The edits dropped because they disagree with `counts`.
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) dropped: usize,
    /// The picture worth counting on the cards next, when a count would
    /// narrow the single changes.
    pub(crate) ask: Option<Ask>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Diagnoses `puzzle` (meant for one without a solution): the counting
/// argument, the misfits, then the smallest edit, until `stop`.
///
/// # Complexity
/// Counting and misfits `O(N^2)` for `N` cards. The edits: `4N(P-1)`
/// single changes for `P` pictures, each a first-solution search (skipped
/// when counting or misfits rule it out), then up to the square of that
/// for pairs; on every core, bounded by `stop`.
///
/// ```
/// use scramble::{Context, solve::diagnose};
/// // The paper's puzzle with the bottom of card 2 typed 4- for 4+: no solution.
/// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4- 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let found = diagnose::diagnose(&puzzle, &Context::new()).unwrap();
/// let text = found.text(true); // every fix, not only the likeliest few
/// assert!(text.starts_with("why:\n  one picture changed makes it solvable"), "{text}");
/// assert!(text.contains("\n    card #2, bottom side: 4- -> 4+"), "{text}");
/// ```
pub fn diagnose(puzzle: &Puzzle, context: &Context) -> Result<Diagnosis> {
    puzzle.square()?;
    Ok(Diagnosis {
        shortage: shortage(puzzle),
        misfits: misfits(puzzle),
        edits: edits(puzzle, context)?,
    })
}

/// The counting argument: `Some` when the pictures make fewer matching
/// pairs than there are inner boundaries. `O(N)`.
pub(crate) fn shortage(puzzle: &Puzzle) -> Option<Shortage> {
    let n = puzzle.size();
    let inner_boundaries = 2 * n * (n - 1);
    let counts = pattern_counts(puzzle);
    let pairs: usize = counts.iter().map(|(pairs, _)| pairs).sum();
    (pairs < inner_boundaries).then(|| {
        let patterns: Vec<PatternCount> = counts
            .into_iter()
            .map(|(_, count)| count)
            .filter(|count| count.unpaired > 0)
            .collect();
        Shortage {
            inner_boundaries,
            pairs,
            border_sides: 4 * n,
            unpaired: patterns.iter().map(|c| c.unpaired).sum(),
            patterns,
        }
    })
}

/// Per pattern (its lower picture first): the pairs it makes and its
/// counts.
fn pattern_counts(puzzle: &Puzzle) -> Vec<(usize, PatternCount)> {
    let index = puzzle.picture_indices();
    let mut seen = BTreeMap::new();
    for &picture in index.keys() {
        seen.entry(picture.min(picture.complement()))
            .or_insert(picture.max(picture.complement()));
    }
    seen.into_iter()
        .map(|(low, high)| {
            let count = index.get(&low).copied().unwrap_or(0);
            let other = index.get(&high).copied().unwrap_or(0);
            let (pairs, unpaired) = if low == high {
                (count / 2, count % 2)
            } else {
                (count.min(other), count.abs_diff(other))
            };
            let pattern = PatternCount {
                picture: puzzle.picture_label(low),
                count,
                complement: (low != high).then(|| puzzle.picture_label(high)),
                complement_count: if low == high { 0 } else { other },
                unpaired,
            };
            (pairs, pattern)
        })
        .collect()
}

/// Whether `picture` on card `card` can meet a matching picture on another
/// card.
fn meets(puzzle: &Puzzle, card: usize, picture: Picture) -> bool {
    let wanted = picture.complement();
    puzzle
        .pieces()
        .iter()
        .enumerate()
        .any(|(other, piece)| other != card && piece.sides().contains(&wanted))
}

/// Cards whose sides that can meet another card include no two neighbouring
/// sides: no cell takes them. `O(N^2)`.
pub(crate) fn misfits(puzzle: &Puzzle) -> Vec<Misfit> {
    (0..puzzle.pieces().len())
        .filter_map(|card| {
            let sides = puzzle.pieces()[card].sides();
            let matched: Vec<bool> = sides.iter().map(|&p| meets(puzzle, card, p)).collect();
            let neighbouring = (0..4).any(|d| matched[d] && matched[(d + 1) % 4]);
            (!neighbouring).then(|| Misfit {
                card,
                label: puzzle.piece_label(card),
                matched_sides: (0..4).filter(|&d| matched[d]).map(|d| DIRECTIONS[d]).collect(),
            })
        })
        .collect()
}

/// Whether the cheap checks alone rule `puzzle` out.
fn ruled_out(puzzle: &Puzzle) -> bool {
    shortage(puzzle).is_some() || !misfits(puzzle).is_empty()
}

/// A change: card, side, new picture.
type Change = (usize, usize, Picture);

/// `puzzle` with `changes` made.
fn changed(puzzle: &Puzzle, changes: &[Change]) -> Puzzle {
    changes.iter().fold(puzzle.clone(), |p, &(card, side, picture)| {
        p.with_side(card, side, picture)
    })
}

/// `changes` folded by the puzzle each makes: the first change (in the
/// given order) to each puzzle, with the later changes to the same one.
/// Two changes make the same puzzle (the same cards, whatever their order
/// and turns) exactly when they change the same card, up to a turn, into
/// the same card, up to a turn: the puzzle loses one card and gains one.
/// `O(C^2)` for `C` changes.
fn folded(puzzle: &Puzzle, changes: &[Change]) -> Vec<(Change, Vec<Change>)> {
    let mut swaps: Vec<(Piece, Piece)> = Vec::new();
    let mut out: Vec<(Change, Vec<Change>)> = Vec::new();
    for &(card, side, picture) in changes {
        let before = puzzle.pieces()[card];
        let mut sides = before.sides();
        sides[side] = picture;
        let swap = (before.canonical(), Piece::new(sides).canonical());
        match swaps.iter().position(|s| *s == swap) {
            Some(i) => out[i].1.push((card, side, picture)),
            None => {
                swaps.push(swap);
                out.push(((card, side, picture), Vec::new()));
            }
        }
    }
    out
}

/// Every single change to another picture of the puzzle's patterns, in
/// card, side, picture order.
fn changes(puzzle: &Puzzle) -> Vec<Change> {
    let palette = counts::palette(puzzle);
    let pieces: &[Piece] = puzzle.pieces();
    (0..pieces.len())
        .flat_map(|card| (0..4).map(move |side| (card, side)))
        .flat_map(|(card, side)| {
            let now = pieces[card].side(side);
            palette
                .iter()
                .filter(move |&&p| p != now)
                .map(move |&p| (card, side, p))
        })
        .collect()
}

/// Whether `puzzle` has a solution: `None` when `stop` came first.
/// Identical cards are tried in one order only ([`Solver::counting`]): a
/// solution exists if and only if one exists in that order.
fn solvable(puzzle: &Puzzle, context: &Context) -> Result<Option<bool>> {
    let solver = Solver::counting(puzzle, Order::Spiral.strategy(), 0)?;
    let search = Search::within(Goal::First, context).on(Threads::One).without_stats();
    let outcome = solver.run(&search);
    Ok((!outcome.stats.stopped || outcome.solutions > 0).then_some(outcome.solutions > 0))
}

/// The verdicts on `candidates` (lists of changes), judged on every core
/// in order: `Some(true)` solvable, `Some(false)` not or ruled out by the
/// cheap checks, `None` stopped; and how many were searched.
fn judge(puzzle: &Puzzle, candidates: &[Vec<Change>], context: &Context) -> Result<(Vec<Option<bool>>, u64)> {
    let verdicts: Vec<Result<(Option<bool>, bool)>> = candidates
        .par_iter()
        .map(|changes| {
            if context.stop().reached() {
                return Ok((None, false));
            }
            let edited = changed(puzzle, changes);
            if ruled_out(&edited) {
                return Ok((Some(false), false));
            }
            Ok((solvable(&edited, context)?, true))
        })
        .collect();
    let verdicts: Vec<(Option<bool>, bool)> = verdicts.into_iter().collect::<Result<_>>()?;
    let searched = verdicts.iter().filter(|(_, searched)| *searched).count() as u64;
    Ok((verdicts.into_iter().map(|(v, _)| v).collect(), searched))
}

/// Card `card`'s side `side` as reported.
fn place(puzzle: &Puzzle, card: usize, side: usize) -> Place {
    Place {
        card,
        label: puzzle.piece_label(card),
        side,
        direction: DIRECTIONS[side],
    }
}

/// The edit as reported; `fixed` is `puzzle` with the change made.
fn edit(puzzle: &Puzzle, (card, side, picture): Change, fixed: &Puzzle) -> Edit {
    Edit {
        at: place(puzzle, card, side),
        from: puzzle.picture_label(puzzle.pieces()[card].side(side)),
        to: puzzle.picture_label(picture),
        solutions: None,
        imbalance: rank::imbalance(fixed),
        score: rank::score(puzzle, fixed),
        also: Vec::new(),
    }
}

/// The smallest edits: every single change, then pairs of changes on
/// different sides in order until [`TWO_EDITS_SHOWN`] work.
fn edits(puzzle: &Puzzle, context: &Context) -> Result<Edits> {
    let singles = changes(puzzle);
    let candidates: Vec<Vec<Change>> = singles.iter().map(|&c| vec![c]).collect();
    let (verdicts, mut searched) = judge(puzzle, &candidates, context)?;
    let mut complete = verdicts.iter().all(Option::is_some);
    let fixes: Vec<Change> = singles
        .iter()
        .zip(&verdicts)
        .filter(|(_, v)| **v == Some(true))
        .map(|(&c, _)| c)
        .collect();
    let one = rank::ranked(puzzle, &fixes, context)?;
    let mut two = Vec::new();
    if one.is_empty() && complete {
        // Pairs `(a, b)` with `a` before `b`, one chunk per `a`: never all
        // pairs in memory at once.
        for (i, &a) in singles.iter().enumerate() {
            let chunk: Vec<Vec<Change>> = singles[i + 1..]
                .iter()
                .filter(|b| (b.0, b.1) != (a.0, a.1))
                .map(|&b| vec![a, b])
                .collect();
            let chunk = &chunk[..];
            let (verdicts, more) = judge(puzzle, chunk, context)?;
            searched += more;
            for (changes, verdict) in chunk.iter().zip(&verdicts) {
                if *verdict == Some(true) && two.len() < TWO_EDITS_SHOWN {
                    two.push([0, 1].map(|i| edit(puzzle, changes[i], &changed(puzzle, &[changes[i]]))));
                }
            }
            if verdicts.iter().any(Option::is_none) {
                complete = false;
                break;
            }
            if two.len() >= TWO_EDITS_SHOWN {
                break;
            }
        }
    }
    Ok(Edits {
        ask: counts::ask(puzzle, &one),
        one,
        two,
        searched,
        complete,
        ..Edits::default()
    })
}

/// At most this many solutions of one changed puzzle are looked at for a
/// new answer by [`alternatives`].
const ALTERNATIVES_LOOKED_AT: u64 = 10_000;

/// For a puzzle whose answer failed on the table (a picture typed wrong):
/// every single change after which the puzzle has an answer it did not
/// have, most plausible first (docs/typos.md). `two` stays empty.
///
/// # Complexity
/// `4N(P-1)` changes, each a search listing up to
/// 10,000 solutions (`ALTERNATIVES_LOOKED_AT`; skipped when the cheap checks rule
/// it out), then a count for each change kept; on every core, bounded by
/// `stop`.
///
/// ```
/// use scramble::{Context, solve::diagnose};
/// // The paper's puzzle: one solution; a change that opens another answer is listed.
/// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let found = diagnose::alternatives(&puzzle, &Context::new()).unwrap();
/// assert!(found.text(false).starts_with("typo?\n  if the answer fails on your cards"), "{}", found.text(false));
/// ```
pub fn alternatives(puzzle: &Puzzle, context: &Context) -> Result<Edits> {
    puzzle.square()?;
    let singles = changes(puzzle);
    let verdicts: Vec<Result<(Option<bool>, bool)>> = singles
        .par_iter()
        .map(|&change| {
            if context.stop().reached() {
                return Ok((None, false));
            }
            let edited = changed(puzzle, &[change]);
            if ruled_out(&edited) {
                return Ok((Some(false), false));
            }
            Ok((new_answer(puzzle, &edited, context)?, true))
        })
        .collect();
    let verdicts: Vec<(Option<bool>, bool)> = verdicts.into_iter().collect::<Result<_>>()?;
    let searched = verdicts.iter().filter(|(_, searched)| *searched).count() as u64;
    let kept: Vec<Change> = singles
        .iter()
        .zip(&verdicts)
        .filter(|(_, (v, _))| *v == Some(true))
        .map(|(&c, _)| c)
        .collect();
    let one = rank::ranked(puzzle, &kept, context)?;
    Ok(Edits {
        ask: counts::ask(puzzle, &one),
        one,
        searched,
        complete: verdicts.iter().all(|(v, _)| v.is_some()),
        ..Edits::default()
    })
}

/// Whether `edited` has a solution that `puzzle` has not: `None` when
/// `stop` came first.
fn new_answer(puzzle: &Puzzle, edited: &Puzzle, context: &Context) -> Result<Option<bool>> {
    let solver = Solver::new(edited, Order::Spiral, 0)?;
    let search = Search::within(
        Goal::List {
            limit: ALTERNATIVES_LOOKED_AT,
        },
        context,
    )
    .on(Threads::One)
    .without_stats();
    let outcome = solver.run(&search);
    let new = outcome.kept.iter().any(|a| !a.is_solution(puzzle));
    Ok((new || !outcome.stats.stopped).then_some(new))
}

#[cfg(test)]
mod tests;
