//! Look-alike counts: how many solutions a person can tell apart.
//!
//! A solution's **look** is its grid of turned pictures, taken modulo the
//! four whole-grid turns: swapping two identical cards, or turning a card
//! that looks the same after the turn, gives the same look
//! (docs/format.md). `solutions` tells identical cards apart; `looks` does
//! not.
//!
//! Every look is made by the same number `F` of solution arrangements: for
//! each class of cards that look alike (the same four pictures up to a
//! turn), `m` of them, with `s` turns that leave such a card unchanged,
//! `m! * s^m` ways to lay them on the cells that show that class. So
//! Burnside's lemma over the four whole-grid turns gives
//! `looks = (S + 2 * Q + H) / F` from the `S` solutions modulo rotation and
//! the `Q` and `H` of them whose picture grid a quarter and a half turn
//! keep (`Symmetric`, tallied by the count itself; [`Outcome::looks`]): no
//! solution or look is stored, so memory stays `O(n^2)` however many there
//! are. Listing one solution per look ([`list`]) keeps a solution when it is the least
//! arrangement of its look (the canonical representative), again without
//! storing the looks met. Both are judged by a brute force in the tests:
//! every arrangement by the plain judge, mapped to its picture grid,
//! canonicalised over the four turns, the distinct ones counted.

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use crate::context::{Context, Stats};
use crate::puzzle::grid::{Grid, symmetries, turned};
use crate::solve::{Control, Observer, Order, Outcome, Solver, State, Symmetric};
use crate::{Arrangement, Picture, Piece, Placement, Puzzle, Result};

/// A grid of turned pictures, row-major: what a person sees of a solution.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Look(Vec<[Picture; 4]>);

impl Look {
    /// What `arrangement` of `puzzle` shows.
    pub(crate) fn of(puzzle: &Puzzle, arrangement: &Arrangement) -> Look {
        let cells = arrangement.cells().len();
        Look(
            (0..cells)
                .map(|cell| std::array::from_fn(|d| arrangement.side(puzzle, cell, d)))
                .collect(),
        )
    }

    /// The same grid turned a quarter turn clockwise.
    pub(crate) fn turned(&self) -> Look {
        let grid = Grid::new(self.0.len().isqrt());
        let mut out = self.0.clone();
        for (cell, &sides) in self.0.iter().enumerate() {
            out[grid.turned_cell(cell)] = turned(sides, 1);
        }
        Look(out)
    }

    /// The least of the four turns: one representative per look.
    #[cfg(test)]
    pub(crate) fn canonical(&self) -> Look {
        let turns = std::iter::successors(Some(self.clone()), |look| Some(look.turned())).take(4);
        turns.min().expect("four turns")
    }

    /// The turned pictures of each cell, row-major.
    pub(crate) fn cells(&self) -> &[[Picture; 4]] {
        &self.0
    }
}

/// The cards of a puzzle grouped by what they look like: cards with the
/// same four pictures up to a turn form a class.
#[derive(Clone, Debug)]
pub(crate) struct Classes {
    /// Each class (by its least rotation) with its cards, increasing.
    cards: BTreeMap<Piece, Vec<usize>>,
    /// The cards as written.
    pieces: Vec<Piece>,
}

impl Classes {
    /// The classes of `puzzle`'s cards. `O(N log N)`.
    pub(crate) fn of(puzzle: &Puzzle) -> Classes {
        let mut cards: BTreeMap<Piece, Vec<usize>> = BTreeMap::new();
        for (i, piece) in puzzle.pieces().iter().enumerate() {
            cards.entry(piece.canonical()).or_default().push(i);
        }
        Classes {
            cards,
            pieces: puzzle.pieces().to_vec(),
        }
    }

    /// `F`: how many arrangements show each picture grid that the cards can
    /// show (`m! * s^m` per class of `m` cards kept by `s` turns), capped at
    /// `u128::MAX`.
    pub(crate) fn arrangements_per_look(&self) -> u128 {
        self.cards.iter().fold(1u128, |f, (piece, cards)| {
            let m = cards.len() as u128;
            let s = symmetries(piece.sides()) as u128;
            (1..=m).fold(f, |f, k| f.saturating_mul(k).saturating_mul(s))
        })
    }

    /// The least arrangement (row-major, by piece then rotation) that shows
    /// `look`, or `None` when the cards cannot show it. Greedy: each cell
    /// takes the lowest free card of its class at its lowest turn.
    /// `O(n^2 * m)` for classes of at most `m` cards.
    pub(crate) fn least(&self, look: &Look) -> Option<Arrangement> {
        let mut taken = BTreeMap::<Piece, usize>::new();
        let cells = look.cells().iter().map(|&sides| {
            let shown = Piece::new(sides);
            let class = shown.canonical();
            let next = taken.entry(class).or_insert(0);
            let piece = *self.cards.get(&class)?.get(*next)?;
            *next += 1;
            let rotation = (0..4).find(|&r| self.pieces[piece].rotated(r) == shown)?;
            Some(Placement { piece, rotation })
        });
        let cells: Option<Vec<Placement>> = cells.collect();
        cells.map(|cells| Arrangement::new(look.cells().len().isqrt(), cells))
    }

    /// Whether `arrangement` is its look's representative: the least
    /// arrangement, over the four whole-grid turns and every way of laying
    /// the cards, that shows its look (so exactly one solution per rotation
    /// class of a look is). `O(n^2 * m)`.
    pub(crate) fn is_representative(&self, puzzle: &Puzzle, arrangement: &Arrangement) -> bool {
        let look = Look::of(puzzle, arrangement);
        let turns = std::iter::successors(Some(look), |look| Some(look.turned())).take(4);
        let least = turns.filter_map(|look| self.least(&look)).min();
        least.as_ref() == Some(&arrangement.canonical())
    }
}

/// `(S + 2Q + H) / F`: the looks of a puzzle with `solutions` solutions
/// modulo rotation of which `symmetric` show a picture grid kept by a turn
/// (the tallies of a whole count; [`Outcome::looks`]). `O(N log N)`.
pub(crate) fn from_count(puzzle: &Puzzle, solutions: u64, symmetric: Symmetric) -> u64 {
    let orbits = u128::from(solutions) + 2 * u128::from(symmetric.quarter_turn) + u128::from(symmetric.half_turn);
    let per_look = Classes::of(puzzle).arrangements_per_look();
    debug_assert_eq!(
        orbits % per_look,
        0,
        "Burnside's sum is a multiple of the arrangements per look"
    );
    u64::try_from(orbits / per_look).expect("no more looks than solutions")
}

/// A count in a hobbyist's words, as `scramble solve` and the page say
/// it: the solutions modulo rotation, the arrangements counting the
/// board's four turns, and whether they look different (a look is what a
/// person sees on the table: solutions that differ only by swapping
/// identical cards look alike).
///
/// ```
/// use scramble::solve::looks::count_words;
/// assert_eq!(count_words(1, Some(1)), "1 solution (4 counting the board's turns); every solution looks different");
/// assert_eq!(count_words(6, Some(1)), "6 solutions (24 counting the board's turns); they all look the same (identical cards swapped)");
/// assert_eq!(count_words(6, Some(2)), "6 solutions (24 counting the board's turns); they look like 2 different ones (identical cards swapped)");
/// assert_eq!(count_words(2, None), "2 solutions (8 counting the board's turns); looks not counted");
/// ```
pub fn count_words(solutions: u64, looks: Option<u64>) -> String {
    words(
        solutions.to_string(),
        (4 * u128::from(solutions)).to_string(),
        looks.map(|l| l.to_string()),
    )
}

/// The words of a count, from its decimal digits (equal digits, equal
/// numbers), so that the page's count needs no big integers; counts of any
/// size say theirs by `FrontierCount::words`.
pub(crate) fn words(solutions: String, arrangements: String, looks: Option<String>) -> String {
    let alike = match looks {
        None => "looks not counted".to_string(),
        Some(looks) if looks == solutions => "every solution looks different".to_string(),
        Some(looks) if looks == "1" => "they all look the same (identical cards swapped)".to_string(),
        Some(looks) => format!("they look like {looks} different ones (identical cards swapped)"),
    };
    format!(
        "{} ({arrangements} counting the board's turns); {alike}",
        crate::error::plural(solutions, "solution"),
    )
}

/// A count of solutions and of looks (the judge of the frontier's and
/// the twins' counts in the tests).
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counted {
    /// Solutions modulo rotation (identical cards told apart); a lower
    /// bound when the count stopped.
    pub(crate) solutions: u64,
    /// Distinct-looking solutions; `None` when the count stopped.
    pub(crate) looks: Option<u64>,
    /// The solutions whose picture grid a turn keeps.
    pub(crate) symmetric: Symmetric,
    /// Whether the count ran to its end.
    pub(crate) complete: bool,
}

/// Counts `puzzle`'s solutions and looks with the backtracker on every core
/// from 4x4 up, until `stop`.
///
/// # Complexity
/// One exhaustive search ([`Solver::run`]) plus `O(n^2)` per solution.
#[cfg(test)]
pub(crate) fn count(puzzle: &Puzzle, context: &Context) -> Result<Counted> {
    use crate::solve::{Goal, Search};
    let solver = Solver::counting(puzzle, Order::Spiral.strategy(), 0)?;
    let outcome = solver
        .run(&Search::within(Goal::Count { keep: 0 }, context).without_stats())
        .checked(puzzle)?;
    let complete = !outcome.stats.stopped;
    Ok(Counted {
        solutions: outcome.solutions,
        looks: complete.then(|| from_count(puzzle, outcome.solutions, outcome.symmetric)),
        symmetric: outcome.symmetric,
        complete,
    })
}

/// The first `limit` looks of `puzzle`, one representative solution each
/// (`Classes::is_representative`), in the spiral order's search order, on
/// one thread, until the context's stop; the search ends at the `limit`-th.
/// The outcome keeps the representatives; its `stats.stopped` is set when
/// the stop cut the search short (not when it ended at the limit), and its
/// statistics count nothing else.
///
/// # Complexity
/// The search up to the `limit`-th look, plus `O(n^2 * m)` per solution met
/// (`m` cards in the largest class).
///
/// ```
/// use scramble::{Context, solve::looks};
/// let puzzle: scramble::Puzzle = "1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-".parse().unwrap();
/// let listed = looks::list(&puzzle, &Context::new(), 10).unwrap();
/// assert_eq!((listed.kept.len(), listed.solutions), (2, 2));
/// assert!(listed.kept[0].is_solution(&puzzle) && !listed.stats.stopped);
/// ```
pub fn list(puzzle: &Puzzle, context: &Context, limit: usize) -> Result<Outcome> {
    let started = web_time::Instant::now();
    let solver = Solver::new(puzzle, Order::Spiral, 0)?;
    let mut lister = Lister {
        puzzle,
        classes: Classes::of(puzzle),
        limit,
        found: Vec::new(),
    };
    let stopped = limit > 0 && solver.observe_until(context.stop(), &mut lister);
    let mut stats = Stats::new(puzzle.pieces().len());
    stats.stopped = stopped;
    stats.elapsed = started.elapsed();
    Ok(Outcome {
        solutions: lister.found.len() as u64,
        kept: lister.found,
        stats,
        runs: None,
        symmetric: Symmetric::default(),
        too_many: false,
    })
}

/// The observer behind [`list`]: keeps each representative, ends the search
/// at the limit.
struct Lister<'a> {
    puzzle: &'a Puzzle,
    classes: Classes,
    limit: usize,
    found: Vec<Arrangement>,
}

impl Observer for Lister<'_> {
    fn reached(&mut self, state: &State) -> Control {
        let arrangement = state.arrangement(self.puzzle.size());
        if self.classes.is_representative(self.puzzle, &arrangement) {
            self.found.push(arrangement);
        }
        if self.found.len() < self.limit {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }
}

#[cfg(test)]
mod real_puzzles;
#[cfg(test)]
pub(crate) mod tests;
